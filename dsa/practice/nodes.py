"""The node classes the linked-list problems use.

Stubs import them (``from dsa.practice.nodes import ListNode``) and the
graders build their inputs from them, so a learner's code and the grader
agree on what a node is.  ``from_list`` and ``to_list`` are conveniences for
trying a solution at the prompt; ``to_list`` refuses to loop forever on a
cycle, and ``link`` chains nodes of any class with a ``next``.  :class:`RandomListNode` adds a second pointer, ``random``, to any
node of the list or None; ``from_pairs`` and ``to_pairs`` build and read
such lists.
"""

from __future__ import annotations

from typing import (Any, Dict, Iterable, List, Optional, Protocol, Sequence, Tuple,
                    TypeVar)

__all__ = ["ListNode", "RandomListNode", "from_list", "to_list", "from_pairs",
           "to_pairs", "link"]


class _Linkable(Protocol):
    next: Any


N = TypeVar("N", bound=_Linkable)


class ListNode:
    """A singly linked node: a value and a reference to the next node."""

    __slots__ = ("val", "next")

    def __init__(self, val: Any = 0, next: Optional["ListNode"] = None) -> None:
        self.val = val
        self.next = next

    def __repr__(self) -> str:
        return f"ListNode({self.val!r})"


def link(nodes: Iterable[N]) -> Optional[N]:
    """Link ``nodes`` in the order given (each one's ``next`` is the one
    after it) and return the first, or None for no nodes.  Any node class
    with a ``next`` attribute will do."""
    head: Optional[N] = None
    tail: Optional[N] = None
    for node in nodes:
        if tail is None:
            head = node
        else:
            tail.next = node
        tail = node
    return head


def from_list(values: Iterable[Any]) -> Optional[ListNode]:
    """Build a chain holding ``values`` in order and return its head (or None)."""
    return link(ListNode(value) for value in values)


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


class RandomListNode(ListNode):
    """A list node with one more reference, ``random``: to any node of the
    same list (itself included), or None."""

    __slots__ = ("random",)

    def __init__(self, val: Any = 0, next: Optional["RandomListNode"] = None,
                 random: Optional["RandomListNode"] = None) -> None:
        super().__init__(val, next)
        self.random = random

    def __repr__(self) -> str:
        return f"RandomListNode({self.val!r})"


def from_pairs(pairs: Sequence[Tuple[Any, Optional[int]]]) -> Optional[RandomListNode]:
    """Build a list of RandomListNode from ``(val, random_index)`` pairs,
    ``random_index`` being the position of the node ``random`` refers to, or
    None; return its head (None for no pairs)."""
    nodes = [RandomListNode(val) for val, _ in pairs]
    for node, (_, index) in zip(nodes, pairs):
        node.random = None if index is None else nodes[index]
    return link(nodes)


def to_pairs(head: Optional[RandomListNode],
             limit: int = 1_000_000) -> List[Tuple[Any, Optional[int]]]:
    """The ``(val, random_index)`` pairs of the list at ``head``, the way
    :func:`from_pairs` takes them.  A ``random`` that refers to a node
    outside the list reads as ``-1``."""
    nodes: List[Any] = []
    position: Dict[int, int] = {}
    node = head
    while node is not None:
        if len(nodes) >= limit:
            raise ValueError(f"chain longer than {limit} nodes (is there a cycle?)")
        position[id(node)] = len(nodes)
        nodes.append(node)
        node = node.next
    pairs: List[Tuple[Any, Optional[int]]] = []
    for node in nodes:
        target = getattr(node, "random", None)
        pairs.append((node.val, None if target is None else position.get(id(target), -1)))
    return pairs
