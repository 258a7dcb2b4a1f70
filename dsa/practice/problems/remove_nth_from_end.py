"""Remove the n-th node from the end of a linked list, in one pass."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Optional, Tuple, Union

from hypothesis import strategies as st

from dsa.practice.nodes import ListNode
from dsa.practice.problem import Complexity, Problem
from dsa.practice.problems._chains import (
    CHANGED_SAYS, NEVER_ENDS, NEVER_ENDS_SAYS, NEW_NODES, chain_outcome, linked)

#: A case: the values of the list, and n (1 <= n <= len(values)).
Case = Tuple[List[int], int]
#: An outcome: the values left in the chain, or a sentence holding them when
#: the chain loops or contains nodes the solution created.
Outcome = Union[List[int], str]

STATEMENT = """\
You are given the head of a singly linked list built from `ListNode` objects
(each has a `val` and a `next`) and a number `n`.  Unlink the node that is
`n`-th **from the end** (`n = 1` is the last node, `n = length` the head)
and return the head of the shortened list:

```python
def remove_nth_from_end(head: ListNode | None, n: int) -> ListNode | None
```

* The list has at least one node and `1 <= n <= length` is guaranteed.
* When `n == length` the node to remove is the head itself: return the
  second node (or `None` if the head was the only node).
* Re-link the nodes you were given; do not create nodes for the result (a
  temporary "dummy" node of your own is fine, as long as you do not return
  it).  The other nodes keep their order and values.

Aim for a single pass over the list: O(L) time for a list of L nodes, and
O(1) extra memory.
"""

STUB = '''\
"""Remove the n-th node from the end of a list.

Unlink the node n-th from the end of the chain (n = 1 is the last node,
n = length is the head) and return the head of what is left.  The list has
at least one node and 1 <= n <= length.  Try to do it in one pass.

Examples (from_list / to_list come from dsa.practice.nodes):
    to_list(remove_nth_from_end(from_list([1, 2, 3, 4, 5]), 2))  ->  [1, 2, 3, 5]
    to_list(remove_nth_from_end(from_list([1, 2]), 2))           ->  [2]
    remove_nth_from_end(from_list([7]), 1)                       ->  None
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def remove_nth_from_end(head: ListNode | None, n: int) -> ListNode | None:
    """Unlink the n-th node from the end; return the (possibly new) head."""
    raise NotImplementedError("write your solution here")
'''


def _run(solution: Callable[[Optional[ListNode], int], Any], case: Case) -> Outcome:
    """Remove from a fresh chain; return the values of the chain that is left."""
    values, n = case
    nodes = linked(values)
    return chain_outcome(solution(nodes[0] if nodes else None, n), nodes,
                         "remove_nth_from_end")


def _judge(case: Case, expected: Outcome, actual: Outcome) -> Optional[str]:
    """Equality, with a sentence for each way a removal goes wrong."""
    if actual == expected:
        return None
    values, n = case
    if isinstance(actual, str) and actual.startswith(NEVER_ENDS):
        return NEVER_ENDS_SAYS
    if isinstance(actual, str) and actual.startswith(NEW_NODES):
        return "the result contains new nodes: re-link the given nodes instead of copying values"
    if isinstance(actual, str):
        return CHANGED_SAYS
    if len(actual) != len(values) - 1:
        return (
            f"the list had {len(values)} nodes and should have {len(values) - 1} left, not "
            f"{len(actual)}"
        )
    if n == len(values):
        return f"n = {n} is the length of the list, so the head itself should have been removed"
    return f"removed the wrong node: the {n}-th from the end is the one at index {len(values) - n}"


@st.composite
def _cases(draw: Any) -> Case:
    """A list of 1 to 30 small values and an n that often hits either end."""
    values = draw(st.lists(st.integers(0, 9), min_size=1, max_size=30))
    length = len(values)
    n = draw(st.one_of(st.integers(1, length), st.just(length), st.just(1)))
    return (values, n)


def _show(case: Case) -> str:
    values, n = case
    return f"remove_nth_from_end(from_list({values!r}), {n})"


def _make_case(size: int, rng: random.Random) -> Case:
    """A list of ``size`` nodes; remove the one halfway along."""
    return ([rng.randrange(1000) for _ in range(size)], size // 2)


PROBLEM = Problem(
    name="remove-nth-from-end",
    title="Remove the n-th node from the end",
    structure="linked list",
    difficulty="medium",
    entry="remove_nth_from_end",
    kind="function",
    statement=STATEMENT,
    examples=(
        "`remove_nth_from_end(from_list([1, 2, 3, 4, 5]), 2)` returns the chain `1 -> 2 -> 3 -> "
        "5`.",
        "`remove_nth_from_end(from_list([1, 2]), 2)` removes the head and returns the node `2`.",
        "`remove_nth_from_end(from_list([7]), 1)` returns `None`.",
    ),
    constraints=(
        "1 <= L <= 100,000 nodes",
        "1 <= n <= L",
        "values are integers and may repeat",
    ),
    hints=(
        "Counting the length first and then walking `L - n` nodes works, in two passes.  For one "
        "pass, think of two pointers that stay a fixed distance apart.",
        "Move a `lead` pointer `n` nodes ahead first, then move `lead` and a `trail` pointer "
        "together until `lead` reaches the last node.  Where is `trail` then?",
        "To unlink a node you need the node *before* it, and the head has none.  Start both "
        "pointers at a dummy node placed in front of the head (`dummy = ListNode(0, head)`): "
        "then removing the head is no special case, and you return `dummy.next`.",
    ),
    stub=STUB,
    reference="dsa.practice.solutions.remove_nth_from_end",
    cases=_cases(),
    run=_run,
    judge=_judge,
    complexity=Complexity(
        expected="O(L) time, one pass, O(1) extra memory",
        max_exponent=1.3,
        sizes=(256, 512, 1024, 2048, 4096),
        make_case=_make_case,
        repeats=9,
        note="a list of L nodes, removing the one halfway along",
    ),
    show_case=_show,
    order=4,
    explicit_cases=(
        ([7], 1),
        ([1, 2], 2),
        ([1, 2], 1),
        ([1, 2, 3, 4, 5], 2),
    ),
)
