"""Reorder a linked list as first, last, second, second to last..., in place."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Optional, Union

from hypothesis import strategies as st

from dsa.practice.nodes import ListNode
from dsa.practice.problem import Complexity, Listing, Memory, Rules, declare, doublings
from dsa.practice.problems._chains import linked
from dsa.practice.problems._lists import call, chain_says, relinked, values

STATEMENT = """\
You are given the head of a singly linked list built from `ListNode` objects
(each has a `val` and a `next`).  Write its nodes as `L0, L1, ..., Ln`.
Rearrange the list **in place** into the order

    L0, Ln, L1, Ln-1, L2, Ln-2, ...

taking nodes alternately from the front and from the back until every node
has been placed:

```python
def reorder_list(head: ListNode | None) -> None
```

* The function returns nothing: the grader reads the list again from the
  node that was the head, which stays the head.
* **Relink the nodes you were given.**  Do not create nodes and do not
  change any `val`: moving values around instead of nodes is refused.
* **Use O(1) extra memory**: a few names pointing at nodes, whatever the
  length of the list.  A Python list of the nodes (or of their values), a
  stack, or recursion as deep as the list is long all grow with the list;
  the grader measures the memory your call allocates.
* An empty list (`head is None`) and lists of one or two nodes are already
  in order.

Aim for O(n) time.
"""

EXAMPLES = (
    "For `head = from_list([1, 2, 3, 4])`, after `reorder_list(head)` the chain reads "
    "`1 -> 4 -> 2 -> 3` (the same four nodes).",
    "For `from_list([1, 2, 3, 4, 5])` it reads `1 -> 5 -> 2 -> 4 -> 3`: the middle node "
    "comes last.",
    "`reorder_list(None)` returns `None` and there is nothing to reorder.",
)

CONSTRAINTS = (
    "0 <= number of nodes <= 10,000",
    "values are integers between -10**9 and 10**9; they may repeat",
    "the input chain ends with None (no cycle)",
)

HINTS = (
    "Write down where each node goes: the front half keeps its order, and the back half "
    "is woven in *backwards*, one node after each front node.",
    "So the work is three steps you may know already: find the middle (a slow pointer "
    "moving one node while a fast one moves two), reverse the second half in place, then "
    "merge the two halves by taking one node from each in turn.",
    "Cut the list in two before reversing (`middle.next = None`), or the first half's "
    "last node still points into the second half and the result loops.  For L0..Ln the "
    "first half is the first `(n + 2) // 2` nodes.",
)

STUB = '''\
"""Reorder a linked list: first, last, second, second to last, ...

Rearrange the chain L0, L1, ..., Ln in place into L0, Ln, L1, Ln-1, L2, ...
Relink the nodes (no new nodes, no changed values) and use O(1) extra
memory.  Return nothing; the head stays the head.

Examples (from_list / to_list come from dsa.practice.nodes):
    head = from_list([1, 2, 3, 4]);    reorder_list(head);  to_list(head)  ->  [1, 4, 2, 3]
    head = from_list([1, 2, 3, 4, 5]); reorder_list(head);  to_list(head)  ->  [1, 5, 2, 4, 3]
    reorder_list(None)  ->  None
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reorder_list(head: ListNode | None) -> None:
    """Reorder the chain at ``head`` in place as L0, Ln, L1, Ln-1, ..."""
    raise NotImplementedError("write your solution here")
'''


_CASES = st.lists(st.integers(0, 9), max_size=30)


def _run(solution: Callable[[Optional[ListNode]], Any],
         case: List[Any]) -> Union[List[Any], str]:
    """Reorder a fresh chain; the values read from the old head afterwards."""
    nodes = linked(case)
    head = nodes[0] if nodes else None
    solution(head)
    return relinked(head, nodes, case, "reorder_list")


def _judge(case: List[Any], expected: Any, actual: Any) -> Optional[str]:
    """Equality, with the first misplaced node named."""
    if actual == expected:
        return None
    says = chain_says(expected, actual)
    if says is not None:
        return says
    for position, (want, got) in enumerate(zip(expected, actual)):
        if want != got:
            return (f"position {position} should hold the node with value {want}, "
                    f"not the one with value {got}")
    return "the order differs from the expected one"


def _show(case: List[Any]) -> str:
    return call("reorder_list", case)


def _make_case(n: int, rng: random.Random) -> List[int]:
    """``n`` values; reordering costs the same whatever they are."""
    return values(n, rng)


COMPLEXITY = Complexity(
    expected="O(n) time, O(1) extra memory",
    max_exponent=1.3,
    sizes=doublings(4096),
    make_case=_make_case,
    repeats=9,
)


def _large(rng: random.Random) -> List[List[int]]:
    """The longest lists the constraints allow, even and odd."""
    return [values(10_000, rng, 10**9), values(9_999, rng, 10**9)]


PROBLEM = declare(
    globals(),
    Listing("Reorder a list: first, last, second, second to last", "linked list", "medium", order=5),
    rules=Rules(memory=Memory("O(1)")),
    explicit_cases=([], [1], [1, 2], [1, 2, 3], [1, 2, 3, 4], [5, 5, 6, 6, 7]),
    lessons=("linkedlist",),
)
