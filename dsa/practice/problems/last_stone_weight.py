"""Last stone weight: smash the two heaviest stones until at most one is left."""

from __future__ import annotations

import random
from typing import Any, Callable, List

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, declare
from dsa.practice.problems._answers import numbers_text, sizes_between, whole_number

#: A case: the weights of the stones.
Case = List[int]

#: The heaviest weight the constraints allow.
HEAVIEST = 10**9
#: The most stones the constraints allow.
MOST = 2 * 10**4

STATEMENT = """\
Write `last_stone_weight(stones: list[int]) -> int`.

`stones` holds the weights of some stones.  Play this game until at most one
stone is left: take the **two heaviest** stones, weighing `x >= y`, and
smash them together.

* If `x == y`, both stones are destroyed.
* Otherwise the lighter one is destroyed and the heavier one is left
  weighing `x - y`; it goes back with the others and may be among the two
  heaviest of a later turn.

Return the weight of the stone left at the end, or `0` when none is left.
When several stones weigh the same, which of them counts as "the heaviest"
makes no difference to the answer.

You may change `stones`.  Aim for O(n log n) time: a max-heap gives the two
heaviest stones in O(log n) each turn.  Python's `heapq` is a *min*-heap, so
store the weights negated.  Sorting the stones again every turn is
O(n^2) or worse and is too slow here.
"""

EXAMPLES = (
    "`last_stone_weight([3, 5, 1])` returns `1`: 5 and 3 leave a stone of 2, "
    "then 2 and 1 leave a stone of 1",
    "`last_stone_weight([4, 4])` returns `0`: both stones are destroyed",
    "`last_stone_weight([9, 2, 6, 2])` returns `1`: 9 and 6 leave 3; 3 and 2 "
    "leave 1; 2 and 1 leave 1",
)

CONSTRAINTS = (
    "1 <= len(stones) <= 2 * 10**4",
    "1 <= stones[i] <= 10**9",
)

HINTS = (
    "Each turn needs the two heaviest stones, and then a new stone joins "
    "the others.  Which structure hands out the largest item quickly and "
    "takes new items cheaply?",
    "A max-heap.  `heapq` only makes min-heaps, but a min-heap of the "
    "negated weights is a max-heap of the weights: `-heap[0]` is the "
    "heaviest stone.",
    "Negate every weight and `heapify` the list once.  Each turn, pop two "
    "(`x = -heappop(h)`, `y = -heappop(h)`); when `x != y`, push `-(x - y)`.",
    "Stop when fewer than two stones are left; the answer is `-h[0]` if one "
    "is, otherwise 0.",
)

STUB = '''\
"""Last stone weight.

Repeatedly smash the two heaviest stones x >= y: equal stones are both
destroyed, otherwise one stone of weight x - y is left and rejoins the
others.  Return the weight of the last stone, or 0 if none is left.
Aim for O(n log n) with a max-heap (heapq is a min-heap: store -weight).

    last_stone_weight([3, 5, 1])     ->  1    (5 and 3 leave 2; 2 and 1 leave 1)
    last_stone_weight([4, 4])        ->  0
    last_stone_weight([9, 2, 6, 2])  ->  1
"""

from __future__ import annotations

import heapq


def last_stone_weight(stones: list[int]) -> int:
    """Return the weight of the stone left at the end, or 0."""
    raise NotImplementedError("write your solution here")
'''

#: Weights are mostly small, so that equal stones (and equal smash results)
#: are common, with the odd heavy one.
_WEIGHT = st.one_of(st.integers(1, 12), st.integers(1, HEAVIEST))
_CASES = st.lists(_WEIGHT, min_size=1, max_size=25)


def _run(solution: Callable[..., Any], case: Case) -> int:
    """Call the solution on a fresh copy of the weights; return its answer."""
    return whole_number(solution(list(case)), "last_stone_weight")


def _show(case: Case) -> str:
    return f"last_stone_weight({numbers_text(case, 40)})"


def _random(n: int, rng: random.Random) -> Case:
    """n weights anywhere in 1 .. 10**9.

    The two heaviest are close together, so what a smash leaves is light:
    an insertion that scans down from the heavy end walks nearly the whole
    list every turn.
    """
    return rng.choices(range(1, HEAVIEST + 1), k=n)


def _one_heavy(n: int, rng: random.Random) -> Case:
    """One stone of 10**9 among n - 1 stones of at most 1,000.

    Every turn smashes the big stone with the heaviest small one, and what is
    left is still the heaviest: an insertion that scans up from the light end
    walks the whole list every turn, though it is quick on random weights.
    """
    stones = rng.choices(range(1, 1001), k=n - 1) + [HEAVIEST]
    rng.shuffle(stones)
    return stones


COMPLEXITY = Complexity(
    expected="O(n log n)",
    # A heap written in pure Python grows like n**1.5 over these sizes
    # (its list outgrows the caches), heapq's like n**1.2; sorting every
    # turn grows like n**2.3.
    max_exponent=1.8,
    sizes=sizes_between(400, 8000, 10),
    families={"random": _random, "one heavy stone": _one_heavy},
    note="a heap turn costs O(log n); sorting again each turn costs at least O(n)",
)


def _large(rng: random.Random) -> List[Case]:
    """The most stones, the widest weights; equal weights; one heavy stone."""
    return [
        rng.choices(range(1, HEAVIEST + 1), k=MOST),
        [HEAVIEST] * (MOST - 1),
        rng.choices(range(1, 4), k=MOST),
        _one_heavy(MOST, rng),
    ]


PROBLEM = declare(
    globals(),
    Listing("Last stone weight", "heap", "easy", order=7),
    explicit_cases=(
        [7],
        [4, 4],
        [3, 5, 1],
        [2, 2, 1],
        [HEAVIEST, 1, HEAVIEST - 1],
    ),
    lessons=("heap",),
)
