"""The singly linked list, one of the two textbook linked lists.

A sentinel (dummy head) stands before the first node, so every real node
has a predecessor and "insert at the front" is "insert after the
sentinel"; a ``_tail`` reference makes ``append`` O(1).  Nodes link only
forward, so anything needing a node's predecessor walks from the head.
The story is in ``dsa/linkedlist.py``; list's surface in
``dsa/_list_surface.py``.
"""

from __future__ import annotations

import sys
from typing import Iterator, List, Optional, TypeVar

from dsa._list_surface import _SnapshotIterator
from dsa.linked_nodes import (SinglyNode, _LinkedList, _Node,
                              _SinglySentinel)
from dsa.pictures import Pictured

__all__ = ["SinglyLinkedList"]

T = TypeVar("T")


class SinglyLinkedList(Pictured, _LinkedList[T], picture="singly"):
    """A singly linked list that behaves like ``list``, with node handles.

    Layout: a sentinel (dummy head) before the first node, a ``_tail``
    reference to the last node (the sentinel when empty) so that ``append``
    is O(1), and the size.  Each :class:`SinglyNode` links only forward, so
    anything that needs a node's predecessor (``remove_node``,
    ``insert_before``, ``move_to_*``, ``pop()`` at the end) walks from the
    head: O(n).  The head node itself is the exception: its predecessor is
    the sentinel.
    """

    __slots__ = ("_tail",)

    _Node = SinglyNode

    def _start_empty(self) -> None:
        self._sentinel = _SinglySentinel()
        self._sentinel._owner = self
        self._tail = self._sentinel

    # -- the pointer surgery -------------------------------------------------

    def _after(self, node: _Node) -> Optional[_Node]:
        return node._next                   # None after the last node

    def _last(self) -> Optional[_Node]:
        return None if self._tail is self._sentinel else self._tail

    def _node_at(self, i: int) -> _Node:
        # The only way to position i is i hops from the front; the tail
        # pointer gives the last position for free.
        if i == self._size - 1:
            return self._tail
        node = self._sentinel._next
        for _ in range(i):
            node = node._next
        return node

    def _link_after(self, pred: _Node, node: _Node) -> None:
        #   pred -> succ    becomes    pred -> node -> succ
        node._next = pred._next
        pred._next = node
        if pred is self._tail:
            self._tail = node
        self._adopt(node)

    def _unlink_after(self, pred: _Node) -> _Node:
        #   pred -> node -> succ    becomes    pred -> succ
        node = pred._next
        pred._next = node._next
        if node is self._tail:
            self._tail = pred
        node._next = None                   # a removed node leads nowhere
        self._disown(node)
        return node

    def _predecessor(self, node: _Node) -> _Node:
        # The price of one link per node: nobody knows who points at us.
        pred = self._sentinel
        while pred._next is not node:
            pred = pred._next
        return pred

    def _take_all(self) -> List[_Node]:
        nodes = []
        node = self._sentinel._next
        while node is not None:
            node._owner = None
            nodes.append(node)
            node = node._next
        self._sentinel._next = None
        self._tail = self._sentinel
        if nodes:
            self._size = 0
            self._version += 1
        return nodes

    def _adopt_chain(self, first: Optional[_Node]) -> None:
        """Put a chain (linked through ``_next``) in at the end of the list."""
        pred = self._tail
        node = first
        while node is not None:
            pred._next = node
            self._adopt(node)
            pred = node
            node = node._next
        self._tail = pred

    # -- node handles, with their costs --------------------------------------

    def insert_before(self, node: SinglyNode, value: T) -> SinglyNode:  # type: ignore[override]
        """Splice a new node holding ``value`` in before ``node``; return it.

        O(n): a singly linked node does not know its predecessor, so we walk
        from the head to find it.  O(1) when ``node`` is the head.
        """
        return super().insert_before(node, value)       # type: ignore[return-value]

    def remove_node(self, node: SinglyNode) -> T:  # type: ignore[override]
        """Unlink ``node`` and return its value.

        O(n): the predecessor's link must change, and finding the predecessor
        is a walk from the head.  O(1) when ``node`` is the head.
        """
        return super().remove_node(node)

    def move_to_front(self, node: SinglyNode) -> None:  # type: ignore[override]
        """Move ``node`` to the front.  O(n) (finding its predecessor)."""
        super().move_to_front(node)

    def move_to_back(self, node: SinglyNode) -> None:  # type: ignore[override]
        """Move ``node`` to the back.  O(n), except O(1) for the head node."""
        super().move_to_back(node)

    # -- reversing -------------------------------------------------------------

    def reverse(self) -> None:
        """Reverse in place by turning every link around.  O(n), no new nodes.

        Walk the chain with two hands: ``done`` holds the part already
        reversed, ``node`` the next node to flip.  Each step points ``node``
        back at ``done``.
        """
        if self._size < 2:
            return
        first = self._sentinel._next
        done = None
        node = first
        while node is not None:
            following = node._next
            node._next = done
            done, node = node, following
        self._sentinel._next = done
        self._tail = first
        self._version += 1

    def __reversed__(self) -> Iterator[T]:
        """The values back to front.

        A singly linked list cannot walk backwards, so this first walks
        forwards remembering every node, O(n) extra memory: exactly what the
        missing ``prev`` links would have cost.
        """
        return _SnapshotIterator(self, list(self._iter_nodes(self._version)))

    def _end_of_walk(self) -> None:
        """What a forward walk meets after the last node: None."""
        return None

    # -- checking --------------------------------------------------------------

    def check_invariants(self) -> None:
        """Raise AssertionError, saying what is wrong, unless the chain is sound.

        The walk is bounded by the recorded size, so a cycle is caught
        instead of looping forever.
        """
        sentinel = self._sentinel
        if not isinstance(sentinel, _SinglySentinel) or sentinel._owner is not self:
            raise AssertionError("the sentinel is missing or not owned by this list")
        pred = sentinel
        count = 0
        node = sentinel._next
        while node is not None:
            if count == self._size:
                raise AssertionError(f"more nodes than the size {self._size} (or a cycle)")
            if node._owner is not self:
                raise AssertionError(f"node {count} is not owned by this list")
            if isinstance(node, _SinglySentinel):
                raise AssertionError(f"a sentinel sits at position {count}")
            count += 1
            pred, node = node, node._next
        if count != self._size:
            raise AssertionError(f"size says {self._size} but the chain has {count} nodes")
        if self._tail is not pred:
            raise AssertionError("the tail is not the last node of the chain")


SinglyLinkedList._kind = SinglyLinkedList
# Bytes per node, as sys.getsizeof reports them (GC header included).
SinglyLinkedList._node_bytes = sys.getsizeof(SinglyNode())
