"""Reverse a singly linked list by re-linking its nodes."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Optional, Union

from hypothesis import strategies as st

from dsa.practice.nodes import ListNode
from dsa.practice.problem import Complexity, Problem
from dsa.practice.problems._chains import (
    CHANGED_SAYS, NEVER_ENDS, NEVER_ENDS_SAYS, NEW_NODES, chain_outcome, linked)

STATEMENT = """\
You are given the head of a singly linked list built from `ListNode` objects
(each has a `val` and a `next`; the last node's `next` is `None`).  Reverse
the list **in place** and return the head of the reversed list:

```python
def reverse_list(head: ListNode | None) -> ListNode | None
```

"In place" means re-linking the nodes you were given: after the call every
original node must still be in the chain, with its `next` pointing the other
way.  Do not create new nodes and do not change any `val`.

* An empty list (`head is None`) reversed is still empty: return `None`.
* A one-node list is its own reverse: return that node.

The input is guaranteed to be a proper chain (no cycle).  Aim for one pass
over the list, O(n) time and O(1) extra memory.
"""

STUB = '''\
"""Reverse a singly linked list in place.

Given the head of a chain of ListNode objects, re-link the nodes so that the
chain runs the other way, and return the new head (the old last node).  Use
the nodes you are given: no new nodes, no changed values.  An empty list
(None) stays None.

Examples (from_list / to_list come from dsa.practice.nodes):
    to_list(reverse_list(from_list([1, 2, 3])))  ->  [3, 2, 1]
    to_list(reverse_list(from_list([7])))        ->  [7]
    reverse_list(None)                           ->  None
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_list(head: ListNode | None) -> ListNode | None:
    """Reverse the chain starting at ``head`` in place; return the new head."""
    raise NotImplementedError("write your solution here")
'''


def _run(
    solution: Callable[[Optional[ListNode]], Any], values: List[Any]
) -> Union[List[Any], str]:
    """Reverse a fresh chain holding ``values``.

    The outcome is the list of values of the returned chain when it is made of
    the original nodes and ends with None; otherwise a sentence holding those
    values says what is wrong with the chain.
    """
    nodes = linked(values)
    return chain_outcome(solution(nodes[0] if nodes else None), nodes, "reverse_list")


def _judge(case: List[Any], expected: Any, actual: Any) -> Optional[str]:
    """Equality, with a sentence for each way a reversal goes wrong."""
    if actual == expected:
        return None
    if isinstance(actual, str) and actual.startswith(NEVER_ENDS):
        return NEVER_ENDS_SAYS
    if isinstance(actual, str) and actual.startswith(NEW_NODES):
        return "built new nodes instead of re-linking the ones it was given"
    if isinstance(actual, str):
        return CHANGED_SAYS
    if len(actual) < len(expected):
        return (
            f"the result has {len(actual)} node(s), the list had {len(expected)}: some were "
            "lost"
        )
    return "the values are not the input in reverse order"


def _show(values: List[Any]) -> str:
    """How a failing case is shown: the call that fails."""
    return f"reverse_list(from_list({values!r}))"


def _make_case(n: int, rng: random.Random) -> List[int]:
    """A list of ``n`` values; reversing it costs the same whatever they are."""
    return [rng.randrange(1000) for _ in range(n)]


PROBLEM = Problem(
    name="reverse-list",
    title="Reverse a linked list",
    structure="linked list",
    difficulty="easy",
    entry="reverse_list",
    kind="function",
    statement=STATEMENT,
    examples=(
        "`reverse_list(from_list([1, 2, 3]))` returns the chain `3 -> 2 -> 1` (the same three "
        "nodes).",
        "`reverse_list(from_list([7]))` returns the single node `7`.",
        "`reverse_list(None)` returns `None`.",
    ),
    constraints=(
        "0 <= number of nodes <= 100,000",
        "values are integers; they may repeat",
        "the input chain ends with None (no cycle)",
    ),
    hints=(
        "Walk the list once.  At each node you want its `next` to point to the node you visited "
        "just before it.",
        "Once you overwrite `node.next`, the rest of the list is unreachable unless you saved it "
        "first.  Keep three names: the previous node, the current one, and the one after it.",
        "Start with `prev = None`.  Repeat: `nxt = node.next; node.next = prev; prev = node; "
        "node = nxt`.  When `node` is None, `prev` is the new head.",
    ),
    stub=STUB,
    reference="dsa.practice.solutions.reverse_list",
    cases=st.lists(st.integers(0, 9), max_size=30),
    run=_run,
    judge=_judge,
    complexity=Complexity(
        expected="O(n) time, O(1) extra memory",
        max_exponent=1.3,
        sizes=(256, 512, 1024, 2048, 4096),
        make_case=_make_case,
        repeats=9,
        note="one pass over the list",
    ),
    show_case=_show,
    order=1,
    explicit_cases=([], [5], [1, 2], [4, 4, 4]),
)
