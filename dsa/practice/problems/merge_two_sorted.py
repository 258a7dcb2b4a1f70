"""Merge two sorted linked lists by splicing their nodes, stably."""

from __future__ import annotations

import random
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from hypothesis import strategies as st

from dsa.practice.counting import Counted
from dsa.practice.nodes import ListNode
from dsa.practice.problem import Complexity, Problem
from dsa.practice.problems._chains import linked

#: A case: the values of list ``a`` and of list ``b``, each ascending.
Case = Tuple[List[Any], List[Any]]
#: An outcome: one ``(value, origin)`` pair per node of the merged chain, the
#: origin being "a" or "b" for a node of that list and "new" for a node the
#: solution created; or, for a chain that loops or whose nodes had their
#: values replaced, a sentence starting with one of the words below.
Outcome = Union[List[Tuple[Any, str]], str]
_NEVER_ENDS = "never ends"
_CHANGED = "changed values"

STATEMENT = """\
You are given the heads of two singly linked lists, `a` and `b`, built from
`ListNode` objects (each has a `val` and a `next`).  Each list is sorted in
ascending order (equal values may repeat).  Merge them into one ascending
list by **re-linking the nodes you were given**, and return its head:

```python
def merge_two_lists(a: ListNode | None, b: ListNode | None) -> ListNode | None
```

* Every node of `a` and of `b` must appear exactly once in the result, with
  its `val` unchanged, and no new node may appear in it.  (A temporary
  "dummy" node of your own in front of the result is fine, as long as you
  do not return it.)
* **Equal values:** when a node of `a` and a node of `b` hold equal values,
  the node of `a` comes first.  Within each list, nodes keep their order.
  (This is what makes a merge *stable*, which merge sort relies on.)
* Either list may be empty (`None`): the result is then the other list.
  Both empty: return `None`.

Aim for O(n + m) time for lists of n and m nodes, and O(1) extra memory.
Sorting is not allowed (`sorted` and `.sort` are rejected): the point is
the merge itself.
"""

STUB = '''\
"""Merge two sorted lists.

Given the heads of two ascending chains of ListNode objects, splice their
nodes into one ascending chain and return its head.  Reuse the nodes (no new
ones in the result).  When values are equal, the node from `a` goes first.
If one list is empty (None) the answer is the other one.  Aim for O(n + m);
sorting (sorted, .sort) is not allowed.

Examples (from_list / to_list come from dsa.practice.nodes):
    to_list(merge_two_lists(from_list([1, 3, 5]), from_list([2, 3, 6])))
        ->  [1, 2, 3, 3, 5, 6]     (the first 3 is the node from a)
    to_list(merge_two_lists(None, from_list([4])))  ->  [4]
    merge_two_lists(None, None)  ->  None
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def merge_two_lists(a: ListNode | None, b: ListNode | None) -> ListNode | None:
    """Splice the ascending chains ``a`` and ``b`` into one; return its head."""
    raise NotImplementedError("write your solution here")
'''


def _run(solution: Callable[[Optional[ListNode], Optional[ListNode]], Any], case: Case) -> Outcome:
    """Merge two fresh chains; say, for each node of the result, where it came from."""
    a_values, b_values = case
    a_nodes, b_nodes = linked(a_values), linked(b_values)
    # id -> (origin, value) of every node given.  The node lists keep the
    # nodes alive, so no id can be reused meanwhile.
    given = {id(node): ("a", node.val) for node in a_nodes}
    given.update({id(node): ("b", node.val) for node in b_nodes})
    head = solution(a_nodes[0] if a_nodes else None, b_nodes[0] if b_nodes else None)
    if head is not None and not isinstance(head, ListNode):
        raise TypeError(
            "merge_two_lists must return a ListNode or None, not "
            f"{type(head).__name__}"
        )
    outcome: List[Tuple[Any, str]] = []
    position: Dict[int, int] = {}  # id of each node passed -> its position
    changed = False
    node = head
    while node is not None:
        if not isinstance(node, ListNode):
            raise TypeError(
                f"the returned chain holds a {type(node).__name__} after {len(outcome)} "
                "node(s); every next must be a ListNode or None"
            )
        if id(node) in position:  # a cycle: a plain walk would never end
            return (
                f"{_NEVER_ENDS}: {outcome}, then back to the node at position "
                f"{position[id(node)]}"
            )
        position[id(node)] = len(outcome)
        where, value = given.get(id(node), ("new", None))
        # "is" first, so that no comparison is counted while the speed check measures.
        if where != "new" and node.val is not value and node.val != value:
            changed = True
        outcome.append((node.val, where))
        node = node.next
    if changed:
        return f"{_CHANGED}: {outcome}"
    return outcome


def _judge(case: Case, expected: Outcome, actual: Outcome) -> Optional[str]:
    """Equality, with a sentence for each way a merge goes wrong."""
    if actual == expected:
        return None
    if isinstance(actual, str) and actual.startswith(_NEVER_ENDS):
        return (
            "the returned chain never ends: its last node links back to an earlier node instead "
            "of to None"
        )
    if isinstance(actual, str):
        return (
            "changed the values stored in the nodes; move the nodes instead, leaving every val "
            "as it was"
        )
    if any(where == "new" for _, where in actual):
        return "the result contains new nodes: splice the given nodes instead of copying values"
    if len(actual) < len(expected):
        return f"the result has {len(actual)} node(s) out of {len(expected)}: some were dropped"
    values = [value for value, _ in actual]
    if values != sorted(values):
        return "the values of the result are not in ascending order"
    return (
        "equal values are in the wrong order: a node of a must come before a node of b with the "
        "same value"
    )


def _cases() -> Any:
    """Two short ascending lists of small values, so ties between them are common."""
    one_list = st.lists(st.integers(0, 9), max_size=15).map(sorted)
    return st.tuples(one_list, one_list)


def _show(case: Case) -> str:
    a_values, b_values = case
    return f"merge_two_lists(from_list({a_values!r}), from_list({b_values!r}))"


def _make_case(n: int, rng: random.Random) -> Case:
    """Two ascending lists of ``n`` counting values each, interleaving at random."""
    a_values = sorted(rng.randrange(4 * n) for _ in range(n))
    b_values = sorted(rng.randrange(4 * n) for _ in range(n))
    return (a_values, b_values)


def _counted(case: Case) -> Case:
    """Both lists with Counted values, for the comparison count."""
    a_values, b_values = case
    return ([Counted(v) for v in a_values], [Counted(v) for v in b_values])


PROBLEM = Problem(
    name="merge-two-sorted",
    title="Merge two sorted lists",
    structure="linked list",
    difficulty="easy",
    entry="merge_two_lists",
    kind="function",
    statement=STATEMENT,
    examples=(
        "`merge_two_lists(from_list([1, 3, 5]), from_list([2, 3, 6]))` returns the chain `1 -> 2 "
        "-> 3 -> 3 -> 5 -> 6`, the first `3` being the node of `a`.",
        "`merge_two_lists(None, from_list([4]))` returns the node `4` of `b`.",
        "`merge_two_lists(None, None)` returns `None`.",
    ),
    constraints=(
        "0 <= n, m <= 50,000 nodes",
        "values are integers, each list in ascending (non-decreasing) order",
        "The speed check counts the comparisons your code makes between the values (it passes "
        "int-like values that count every `<`, `<=`, `==`, ...).",
    ),
    hints=(
        "The first node of the result is the smaller of the two heads.  After taking it, the "
        "problem is the same with one list a node shorter.",
        "Keep a `tail`: the last node of the result so far.  Compare the two heads, link the "
        "smaller one after `tail`, and advance in the list it came from.  Use `<=` so that `a` "
        "wins ties.",
        "Start with a dummy node, `tail = dummy = ListNode()`, so the first link needs no "
        "special case.  When one list runs out, link the whole rest of the other one after "
        "`tail` and return `dummy.next`.",
    ),
    stub=STUB,
    reference="dsa.practice.solutions.merge_two_sorted",
    cases=_cases(),
    run=_run,
    judge=_judge,
    complexity=Complexity(
        expected="O(n + m)",
        max_exponent=1.3,
        sizes=(64, 128, 256, 512, 1024),
        make_case=_make_case,
        counted=_counted,
        min_ops=lambda n: n // 2,
        note="two lists of n nodes each",
    ),
    show_case=_show,
    forbidden=("sorted", ".sort"),
    order=3,
    explicit_cases=(
        ([], []),
        ([1], []),
        ([], [1]),
        ([1, 2], [1, 2]),
        ([1, 3, 5], [2, 3, 6]),
    ),
)
