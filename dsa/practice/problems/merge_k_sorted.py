"""Merge k sorted linked lists into one sorted list."""

from __future__ import annotations

import random
from typing import Any, Callable, List

from hypothesis import strategies as st

from dsa.practice.counting import Counted
from dsa.practice.nodes import ListNode, from_list, to_list
from dsa.practice.problem import Complexity, Problem

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

Aim for O(N log k) time, where N is the total number of nodes and k the
number of lists: a min-heap holding the current front node of every list
always knows which node comes next.
"""

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
    """Up to six short sorted lists of small values (ties across lists are common)."""
    one_list = st.lists(st.integers(-9, 9), max_size=8).map(sorted)
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


def _make_case(n: int, rng: random.Random) -> Case:
    """n values in n/8 sorted lists of 8 values each.

    The number of lists k grows with n, so merging the lists one after the
    other (O(n * k)) grows like n**2 while the heap grows like n log n.
    """
    lists = []
    for _ in range(max(2, n // _LIST_LENGTH)):
        values = sorted(rng.randrange(10 * n) for _ in range(_LIST_LENGTH))
        lists.append(values)
    return lists


def _counted(case: Case) -> Case:
    """The lists with Counted values, for the comparison count."""
    return [[Counted(v) for v in values] for values in case]


PROBLEM = Problem(
    name="merge-k-sorted",
    title="Merge k sorted lists",
    structure="heap",
    difficulty="medium",
    entry="merge_k_lists",
    kind="function",
    statement=STATEMENT,
    examples=(
        "`[1 -> 4 -> 5, 1 -> 3 -> 4, 2 -> 6]` merges into `1 -> 1 -> 2 -> 3 -> 4 -> 4 -> 5 -> 6`",
        "`[None, 2 -> 3]` merges into `2 -> 3`",
        "`[]` and `[None, None]` both give `None`",
    ),
    constraints=(
        "0 <= k <= 10**4 lists, at most 10**5 nodes in total",
        "-10**9 <= val <= 10**9; every list is sorted in non-decreasing order",
        "The speed check counts the comparisons your code makes between the "
        "values (it passes int-like values that count every `<`, `==`, ...).",
    ),
    hints=(
        "The next node of the merged list is the smallest of the k front nodes. "
        "What structure hands you the smallest of k things quickly?",
        "Keep one entry per non-empty list in a min-heap: pop the smallest front "
        "node, append it to the result, and push that list's next node.",
        "Nodes cannot be compared with `<`, and a tuple `(val, node)` compares "
        "the nodes when two values are equal.  Put a tie-breaker between them: "
        "`(node.val, i, node)` with `i` the index of the list.",
        "A dummy node in front of the result (`tail = dummy = ListNode()`) saves "
        "the special case of the first append; return `dummy.next`.",
    ),
    stub=STUB,
    reference="dsa.practice.solutions.merge_k_sorted",
    cases=_cases(),
    run=_run,
    complexity=Complexity(
        expected="O(N log k)",
        max_exponent=1.4,
        sizes=(256, 512, 1024, 2048, 4096),
        make_case=_make_case,
        counted=_counted,
        min_ops=lambda n: n // 2,
        note="N nodes in k = N/8 lists, so O(N * k) shows as N**2",
    ),
    order=2,
    explicit_cases=(
        [],
        [[]],
        [[], [1, 2]],
        [[1, 1], [1]],
        [[0, 5], [1, 2, 3]],
    ),
)
