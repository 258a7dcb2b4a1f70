"""Contains duplicate: does any value occur twice in a list?"""

from __future__ import annotations

import math
import random
from typing import Any, Callable, List

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, declare
from dsa.practice.problems._answers import numbers_text, sizes_between, truth

#: A case: the list.
Case = List[int]

#: The most values, and the widest values, the constraints allow.
MOST = 10**5
WIDEST = 10**9

STATEMENT = """\
Write `contains_duplicate(nums: list[int]) -> bool` that returns `True` when
some value occurs at least twice in `nums`, and `False` when all the values
are different.

* Return a real `bool`, `True` or `False`.
* An empty list and a list of one value have no duplicate.
* Values may be negative and may be far apart (up to 10**9 in size).

Aim for O(n) time on average: remember the values seen so far in a hash set,
where "have I seen x?" costs O(1).  Sorting first and comparing neighbours,
O(n log n), is accepted too (the check cannot tell it from O(n)), but
comparing every pair of positions, O(n**2), is too slow.
"""

EXAMPLES = (
    "`contains_duplicate([4, 1, 7, 1])` returns `True`: 1 occurs twice",
    "`contains_duplicate([4, 1, 7])` returns `False`",
    "`contains_duplicate([])` returns `False`",
)

CONSTRAINTS = (
    "0 <= len(nums) <= 10**5",
    "-10**9 <= nums[i] <= 10**9",
)

HINTS = (
    "Checking every pair answers the question in O(n^2).  While you walk "
    "the list once, what would you need to remember to spot a repeat at "
    "once?",
    "The values seen so far, in a structure that answers \"is x among "
    "them?\" in O(1): a `set`.",
    "For each value: if it is already in the set, you have found a "
    "repeat; otherwise add it.  If the walk ends, there was none.",
)

STUB = '''\
"""Contains duplicate.

Return True when some value occurs at least twice in nums, False when all
the values differ.  Aim for O(n) on average with a set of the values seen.

    contains_duplicate([4, 1, 7, 1])  ->  True
    contains_duplicate([4, 1, 7])     ->  False
    contains_duplicate([])            ->  False
"""

from __future__ import annotations


def contains_duplicate(nums: list[int]) -> bool:
    """Return True if some value occurs twice in nums."""
    raise NotImplementedError("write your solution here")
'''

#: Values from a small range (repeats likely) or a wide one (repeats rare).
_CASES = st.one_of(st.lists(st.integers(-6, 6), max_size=12),
                   st.lists(st.integers(-WIDEST, WIDEST), max_size=30))


def _run(solution: Callable[..., Any], case: Case) -> bool:
    """Call the solution on a fresh copy of the list; return its answer."""
    return truth(solution(list(case)), "contains_duplicate")


def _show(case: Case) -> str:
    return f"contains_duplicate({numbers_text(case, 30)})"


def _distinct(n: int, rng: random.Random) -> List[int]:
    """n different values spread over -10**9 .. 10**9, in no visible order.

    ``i * step`` modulo an odd number of values larger than n never repeats
    when ``step`` is prime to it; cheaper than sampling for large n.
    """
    span = 2 * WIDEST - 1  # odd
    step = rng.randrange(span // 3, span // 2) | 1
    while math.gcd(step, span) != 1:
        step += 2
    start = rng.randrange(span)
    return [(start + i * step) % span - WIDEST + 1 for i in range(n)]


def _no_duplicate(n: int, rng: random.Random) -> Case:
    """n different values: a search for a repeat must look at everything,
    and comparing every pair makes n * (n - 1) / 2 comparisons."""
    return _distinct(n, rng)


def _duplicate_last(n: int, rng: random.Random) -> Case:
    """n - 1 different values, then a copy of the one before it.

    The only repeat sits at the last two positions, so a loop over pairs
    that stops at the first repeat finds it only after nearly all of them.
    """
    nums = _distinct(n - 1, rng)
    return nums + [nums[-1]]


COMPLEXITY = Complexity(
    expected="O(n) on average (sorting, O(n log n), passes too)",
    max_exponent=1.8,
    sizes=sizes_between(500, 8000, 10),
    families={"no duplicate": _no_duplicate, "duplicate last": _duplicate_last},
    note="the only repeat, if any, comes last",
)


def _large(rng: random.Random) -> List[Case]:
    """The most values, the widest range: none repeated; the first one
    repeated last; the two extremes side by side."""
    distinct = _distinct(MOST, rng)
    return [
        distinct,
        distinct[:-1] + [distinct[0]],
        distinct[:-2] + [-WIDEST, WIDEST],
        distinct[:-2] + [WIDEST, WIDEST],
    ]


PROBLEM = declare(
    globals(),
    Listing("Contains duplicate", "hash table", "easy", order=6),
    explicit_cases=(
        [],
        [5],
        [5, 5],
        [3, 1, 2],
        [-WIDEST, WIDEST, 0, -WIDEST],
    ),
    lessons=("hashtable",),
)
