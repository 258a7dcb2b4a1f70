"""Merge k sorted linked lists into one sorted list."""

from __future__ import annotations

import random
from typing import Any, Callable, List

from hypothesis import strategies as st

from dsa.practice.counting import Counted
from dsa.practice.nodes import ListNode, from_list, to_list
from dsa.practice.problem import Complexity, Listing, declare

from ._heap_inputs import LIMIT, sizes, small_or_extreme, wide_list

#: A case: the values of each input list, in order.
Case = List[List[Any]]

#: Every list of the speed check holds this many values; the number of lists grows.
_LIST_LENGTH = 8

STATEMENT = """\
Write `merge_k_lists(lists: list[ListNode | None]) -> ListNode | None` that
merges k sorted singly linked lists into one sorted linked list and returns
its head.

`ListNode` comes from `dsa.practice.nodes`: a node has a value `val` and a
link `next`.  Each input list is sorted in non-decreasing order; any of them
may be empty (`None`), and `lists` itself may be empty.  Return `None` when
there is nothing to merge.  Equal values may come out in any order among
themselves; you may relink the nodes you are given or build new ones.

`ListNode` belongs to the grader: leave the class as it is (giving it a
`__lt__` so that the heap can compare nodes is refused).  To let the heap
settle ties between equal values, put the list's index or a counter in the
tuple before the node.

Aim for O(N log k) time, where N is the total number of nodes and k the
number of lists: a min-heap holding the current front node of every list
always knows which node comes next.  The speed check times your code on
N nodes in N/8 lists of 8 and counts the comparisons it makes between the
values; it fails code whose cost grows like N * k.  Collecting all the
values and sorting them, O(N log N), passes too.
"""

EXAMPLES = (
    "`[1 -> 4 -> 5, 1 -> 3 -> 4, 2 -> 6]` merges into `1 -> 1 -> 2 -> 3 -> 4 -> 4 -> 5 -> 6`",
    "`[None, 2 -> 3]` merges into `2 -> 3`",
    "`[]` and `[None, None]` both give `None`",
)

CONSTRAINTS = (
    "0 <= k <= 10**4 lists, at most 10**5 nodes in total",
    "-10**9 <= val <= 10**9; every list is sorted in non-decreasing order",
    "The speed check times your code and counts the comparisons it makes "
    "between the values (it passes int-like values that count every `<`, "
    "`==`, ...); both must grow no faster than about N log N.",
)

HINTS = (
    "The next node of the merged list is the smallest of the k front nodes. "
    "What structure hands you the smallest of k things quickly?",
    "Keep one entry per non-empty list in a min-heap: pop the smallest front "
    "node, append it to the result, and push that list's next node.",
    "Nodes cannot be compared with `<`, and a tuple `(val, node)` compares "
    "the nodes when two values are equal.  Put a tie-breaker between them: "
    "`(node.val, i, node)` with `i` the index of the list.",
    "A dummy node in front of the result (`tail = dummy = ListNode()`) saves "
    "the special case of the first append; return `dummy.next`.",
)

STUB = '''\
"""Merge k sorted lists.

Merge k sorted singly linked lists (some possibly empty, i.e. None) into one
sorted linked list and return its head, or None if there are no nodes.
Aim for O(N log k), N being the total number of nodes.

    [1 -> 4 -> 5,  1 -> 3 -> 4,  2 -> 6]  ->  1 -> 1 -> 2 -> 3 -> 4 -> 4 -> 5 -> 6
    [None, 2 -> 3]                        ->  2 -> 3
    []                                    ->  None

Try it with from_list and to_list from dsa.practice.nodes:
    to_list(merge_k_lists([from_list([1, 4]), from_list([2, 3])])) == [1, 2, 3, 4]
"""

from __future__ import annotations

import heapq

from dsa.practice.nodes import ListNode


def merge_k_lists(lists: list[ListNode | None]) -> ListNode | None:
    """Merge the sorted linked lists and return the head of the merged list."""
    raise NotImplementedError("write your solution here")
'''


def _cases() -> Any:
    """Up to six short sorted lists of small values (ties across lists are
    common), now and then a limit of the range."""
    one_list = st.lists(small_or_extreme(), max_size=8).map(sorted)
    return st.lists(one_list, max_size=6)


def _run(solution: Callable[..., Any], case: Case) -> List[Any]:
    """Build fresh chains, merge them, and return the merged values as a list."""
    heads = [from_list(values) for values in case]
    total = sum(len(values) for values in case)
    head = solution(heads)
    if head is not None and not isinstance(head, ListNode):
        raise TypeError(
            f"merge_k_lists must return a ListNode or None, "
            f"not {type(head).__name__}"
        )
    # A correct answer has exactly `total` nodes; far more means a cycle.
    values = to_list(head, limit=2 * total + 10)
    return [v.value if isinstance(v, Counted) else v for v in values]


# Growth inputs: the number of lists k grows with N, so merging the lists
# one after the other, or scanning all the fronts for the smallest
# (O(N * k)), grows like N**2 while the heap grows like N log N.  (Lists of
# 0 to 4 values, N/2 of them, show the same and no more, and they slow down
# honest code that keeps one generator per list, heapq.merge for one, by
# the cache misses of N/2 generators rather than by its growth.)


def _sorted_wide(count: int, rng: random.Random) -> List[int]:
    return sorted(wide_list(count, rng))


def _short_lists(n: int, rng: random.Random) -> Case:
    """n wide values in n/8 sorted lists of 8 values each."""
    return [_sorted_wide(_LIST_LENGTH, rng) for _ in range(max(2, n // _LIST_LENGTH))]


def _counted(case: Case) -> Case:
    """The lists with Counted values, for the comparison count."""
    return [[Counted(v) for v in values] for values in case]


COMPLEXITY = Complexity(
    expected="O(N log k)",
    max_exponent=1.6,
    sizes=sizes(128, 2048),
    families={"many short lists": _short_lists},
    counted=_counted,
    min_ops=lambda n: n // 2,
    repeats=7,
    note="N nodes in N/8 lists, so O(N * k) shows as N**2",
)


def _large(rng: random.Random) -> List[Case]:
    """10**5 values in 10 lists; 10**5 values in 2 lists with the limits of
    the range and repeats (a two-list merge that recurses once per node runs
    out of stack); and 10**4 lists, all but three of them empty.

    N * k stays near 10**6 in each, so that code slow only because k is
    large (the growth inputs find that) still finishes quickly here.
    """
    ten = [_sorted_wide(10**4, rng) for _ in range(10)]
    extremes = [sorted(rng.choices((-LIMIT, -1, 0, 1, LIMIT), k=5 * 10**4)) for _ in range(2)]
    sparse: Case = [[] for _ in range(10**4)]
    for position in rng.sample(range(10**4), 3):
        sparse[position] = _sorted_wide(100, rng)
    return [ten, extremes, sparse]


PROBLEM = declare(
    globals(),
    Listing("Merge k sorted lists", "heap", "medium", order=2),
    entry="merge_k_lists",
    explicit_cases=(
        [],
        [[]],
        [[], [1, 2]],
        [[1, 1], [1]],
        [[0, 5], [1, 2, 3]],
        [[-LIMIT, LIMIT], [LIMIT]],
    ),
)
