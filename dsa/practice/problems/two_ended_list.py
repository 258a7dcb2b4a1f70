"""Two-ended list: the list order whose lookups by position touch the fewest lines."""

from __future__ import annotations

import random
from typing import Any, Callable, Dict, List, Optional, Tuple

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, declare, doublings
from dsa.practice.problems import _cache_lines

REFERENCE = "dsa.practice.solutions.two_ended_list"
#: The longest list the constraints allow.  It is also the largest growth
#: size, whose answers are judged: so the limit is checked there, without
#: large cases that a slow solution could not finish.
MAX_VALUES = 20_000
MAX_COUNT = 10**9

#: A case: the values and how often each is looked up.
Case = Tuple[List[int], List[int]]

STATEMENT = f"""\
A doubly linked list can be read from either end, but never jumps: `a[i]`
follows the links from the nearer end to position `i`.  What that walk
costs is the number of 64-byte cache lines the nodes on the way cover.
(Read the linked-list lesson first: `python -m dsa.lessons linkedlist`.)

A program keeps its values in the C twin `dsa.native.DoublyLinkedList`,
remembers the position of each value, and reads it with `a[i]`.  Value
`values[k]` is read `counts[k]` times.  You choose the order of the list:
write

```python
def list_order(values: list[int], counts: list[int]) -> list[int]:
```

which returns the `values` in list order (every value exactly once, a
permutation of `values`) so that all the reads together touch the **fewest
cache lines**.

The grader builds `DoublyLinkedList(your_order, layout="pool")` on the
traced build, reads every position once with `a[i]`, multiplies the
distinct lines each read touched (`last_lines`) by the count of the value
there, and adds it all up; it does the same with the reference's order.
Your order passes when its total is no larger: orders that tie are equally
right.  What that list does:

* **Nodes.**  Each node is 24 bytes (`prev`, `next`, `value`).  A list
  built in one go from the pool lays its nodes out one after the other in
  list order, the first starting a line: node `j` occupies bytes
  `24*j` to `24*j + 23`, so the nodes `first` to `last` cover the lines
  `(24*first) // 64` to `(24*last + 23) // 64`.
* **`a[i]`** on a list of `n` nodes walks from the head when
  `i <= n - 1 - i`, visiting nodes `0` to `i`, and otherwise from the tail,
  visiting nodes `i` to `n - 1`.  It also reads the list's header (head,
  tail, length), a line of its own.  Its cost is the number of distinct
  lines it touched.

{_cache_lines.FALLBACK_NOTE}

Aim for O(n log n) time for n values.
"""

EXAMPLES = (
    "`list_order([1, 2, 3], [5, 1, 9])` returns `[3, 1, 2]`: the nodes fill "
    "bytes 0 to 71.  Positions 0 and 1 are read from the head through bytes "
    "0 to 47, one line (plus the header: 2); position 2 is read from the "
    "tail, but node 2 (bytes 48 to 71) straddles two lines: 3.  So the "
    "rarely read 2 goes last: 31 lines in all, where `[3, 2, 1]` costs 35.",
    "`list_order([10, 20, 30, 40, 50, 60, 70, 80, 90], [9, 8, 7, 6, 5, 4, 3, "
    "2, 1])` may return `[10, 20, 40, 50, 60, 90, 70, 80, 30]` (112 lines): "
    "with 9 nodes, positions 0, 1 and 8 cost 2 lines each, position 5 "
    "costs 4 (a walk from the tail over bytes 120 to 215) and the others 3, "
    "so the three most read values take 0, 1 and 8, in any order, and the "
    "least read takes 5.",
    "`list_order([4, 5, 6, 7], [2, 2, 2, 2])` may return any order: every "
    "value is read equally often.",
)

CONSTRAINTS = (
    f"0 <= len(values) <= {MAX_VALUES:,} and len(counts) == len(values)",
    "the values are distinct ints, -10**9 <= values[k] <= 10**9",
    "0 <= counts[k] <= 10**9",
)

HINTS = (
    "The cost of reading position `i` depends only on `i` and the length "
    "of the list, not on what the list holds.  Work it out for every "
    "position first.",
    "Count lines, not nodes: 24-byte nodes share lines, and the end of the "
    "list need not end on a line boundary, so the last `k` nodes can cover "
    "a line more (or fewer) than the first `k`.",
    "With a fixed cost per position, the total is a sum of count times "
    "cost.  Which count should meet the smallest cost, and why can a swap "
    "never help once they are paired off in opposite orders?",
    "Sort the positions by cost, cheapest first, and the values by count, "
    "largest first; give the k-th value the k-th position.",
)

STUB = '''\
"""Two-ended list.

Return the values in the order of a linked list (each value once) so that
reading each values[k] counts[k] times with a[i] touches the fewest cache
lines.  a[i] walks from the head when i <= n - 1 - i, else from the tail;
node j occupies bytes 24*j .. 24*j + 23 of memory that starts on a 64-byte
line; each read also touches one header line.

    list_order([1, 2, 3], [5, 1, 9])      ->  [3, 1, 2]
    list_order([4, 5, 6, 7], [2, 2, 2, 2]) ->  any order
"""

from __future__ import annotations


def list_order(values: list[int], counts: list[int]) -> list[int]:
    """The values in list order."""
    raise NotImplementedError("write your solution here")
'''


# --------------------------------------------------------------------------
# Inputs


@st.composite
def _cases(draw: Callable[..., Any]) -> Case:
    """A short list of distinct values with small counts."""
    values = draw(st.lists(st.integers(-50, 50), unique=True, max_size=30))
    counts = draw(st.lists(st.integers(0, 20), min_size=len(values), max_size=len(values)))
    return values, counts


def _random(n: int, rng: random.Random) -> Case:
    values = rng.sample(range(-10**9, 10**9), n)
    return values, [rng.randrange(MAX_COUNT) for _ in values]


def _rising(n: int, rng: random.Random) -> Case:
    """Counts that rise along the list: the worst order for an insertion
    sort towards largest first."""
    values, _ = _random(n, rng)
    return values, sorted(rng.sample(range(MAX_COUNT), n))


def _few_counts(n: int, rng: random.Random) -> Case:
    """Only a handful of different counts: long runs of ties."""
    values, _ = _random(n, rng)
    return values, [rng.choice((1, 10, 100, 1000)) for _ in values]


# --------------------------------------------------------------------------
# Running and judging


def _run(solution: Callable[..., Any], case: Case) -> List[int]:
    """Call the solution on copies of the inputs; return its order."""
    values, counts = case
    return _cache_lines.plain_ints(solution(list(values), list(counts)),
                                   "list_order", "values")


#: Lines a[i] touches, for each length measured so far.
_MEASURED: Dict[int, List[int]] = {}


def _position_lines(n: int) -> List[int]:
    """The lines ``a[i]`` touches for every position of a pool list of n
    nodes, as the traced build counts them (or the reference's model,
    without the C twins).  They depend on n and i only, whatever the nodes
    hold, so each length is measured once."""
    if n not in _MEASURED:
        native = _cache_lines.twins()
        if native is None:
            _MEASURED[n] = list(_cache_lines.model(REFERENCE, "position_lines")(n))
        else:
            chain = native.DoublyLinkedList(range(n), layout="pool", traced=True)
            lines = []
            for i in range(n):
                chain[i]
                lines.append(chain.last_lines)
            _MEASURED[n] = lines
    return _MEASURED[n]


def _total(order: List[int], lookups: Dict[int, int]) -> int:
    cost = _position_lines(len(order))
    return sum(lookups[value] * cost[i] for i, value in enumerate(order))


def _judge(case: Case, expected: Any, actual: Any) -> Optional[str]:
    """Pass a permutation of the values whose reads touch no more lines
    than the reference's order."""
    values, counts = case
    lookups = dict(zip(values, counts))
    return _cache_lines.order_no_more_lines(
        actual, expected, values, "values", lambda order: _total(order, lookups),
        "reading your list touches")


COMPLEXITY = Complexity(
    expected="O(n log n)",
    max_exponent=1.45,
    sizes=doublings(MAX_VALUES),
    families={"random": _random, "counts rising": _rising,
              "few different counts": _few_counts},
    repeats=7,
    note="a cost per position, then two sorts",
)


def _show(case: Case) -> str:
    values, counts = case
    return f"list_order({values!r}, {counts!r})"


PROBLEM = declare(
    globals(),
    Listing("Hot values at both ends", "linked list", "medium", order=10),
    entry="list_order",
    explicit_cases=(
        ([], []),
        ([1, 2, 3], [5, 1, 9]),
        ([10, 20, 30, 40, 50, 60, 70, 80, 90], [9, 8, 7, 6, 5, 4, 3, 2, 1]),
        ([4, 5, 6, 7], [2, 2, 2, 2]),
    ),
    lessons=("linkedlist",),
)
