"""The node class the linked-list problems use.

Stubs import it (``from dsa.practice.nodes import ListNode``) and the graders
build their inputs from it, so a learner's code and the grader agree on what
a node is.  ``from_list`` and ``to_list`` are conveniences for trying a
solution at the prompt; ``to_list`` refuses to loop forever on a cycle.
"""

from __future__ import annotations

from typing import Any, Iterable, List, Optional

__all__ = ["ListNode", "from_list", "to_list"]


class ListNode:
    """A singly linked node: a value and a reference to the next node."""

    __slots__ = ("val", "next")

    def __init__(self, val: Any = 0, next: Optional["ListNode"] = None) -> None:
        self.val = val
        self.next = next

    def __repr__(self) -> str:
        return f"ListNode({self.val!r})"


def from_list(values: Iterable[Any]) -> Optional[ListNode]:
    """Build a chain holding ``values`` in order and return its head (or None)."""
    head: Optional[ListNode] = None
    tail: Optional[ListNode] = None
    for value in values:
        node = ListNode(value)
        if tail is None:
            head = node
        else:
            tail.next = node
        tail = node
    return head


def to_list(head: Optional[ListNode], limit: int = 1_000_000) -> List[Any]:
    """The values of the chain starting at ``head``.

    Raises ValueError after ``limit`` nodes, which is what a cycle looks like
    from the outside.
    """
    values: List[Any] = []
    node = head
    while node is not None:
        if len(values) >= limit:
            raise ValueError(f"chain longer than {limit} nodes (is there a cycle?)")
        values.append(node.val)
        node = node.next
    return values
