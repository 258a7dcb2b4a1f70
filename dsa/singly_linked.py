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

from dsa._list_iterators import _SnapshotIterator
from dsa._list_surface import _forward
from dsa.linked_nodes import SinglyNode, _LinkedList, _SinglySentinel
from dsa.pictures import Pictured

__all__ = ["SinglyLinkedList"]

T = TypeVar("T")


class SinglyLinkedList(Pictured, _LinkedList[T, SinglyNode[T]], picture="singly"):
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
    _tail: SinglyNode[T]

    def _start_empty(self) -> None:
        self._sentinel = _SinglySentinel()
        self._sentinel._owner = self
        self._tail = self._sentinel

    # -- the pointer surgery -------------------------------------------------

    def _new_node(self, value: T) -> SinglyNode[T]:
        return SinglyNode(value)

    def _after(self, node: SinglyNode[T]) -> Optional[SinglyNode[T]]:
        return node._next                   # None after the last node

    def _last(self) -> Optional[SinglyNode[T]]:
        return None if self._tail is self._sentinel else self._tail

    def _node_at(self, i: int) -> SinglyNode[T]:
        # The only way to position i is i hops from the front; the tail
        # pointer gives the last position for free.
        if i == self._size - 1:
            return self._tail
        return _forward(self._sentinel, i + 1)

    def _link_after(self, pred: SinglyNode[T], node: SinglyNode[T]) -> None:
        #   pred -> succ    becomes    pred -> node -> succ
        node._next = pred._next
        pred._next = node
        if pred is self._tail:
            self._tail = node
        self._adopt(node)

    def _unlink_after(self, pred: SinglyNode[T]) -> SinglyNode[T]:
        #   pred -> node -> succ    becomes    pred -> succ
        node = pred._next
        assert node is not None             # the caller knows pred has a successor
        pred._next = node._next
        if node is self._tail:
            self._tail = pred
        node._next = None                   # a removed node leads nowhere
        self._disown(node)
        return node

    def _predecessor(self, node: SinglyNode[T]) -> SinglyNode[T]:
        # The price of one link per node: nobody knows who points at us.
        pred = self._sentinel
        while pred._next is not node:
            pred = pred._next               # type: ignore[assignment]  # node is further on
        return pred

    def _take_all(self) -> List[SinglyNode[T]]:
        nodes: List[SinglyNode[T]] = []
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

    def _adopt_chain(self, first: Optional[SinglyNode[T]]) -> None:
        """Put a chain (linked through ``_next``) in at the end of the list."""
        pred = self._tail
        node = first
        while node is not None:
            pred._next = node
            self._adopt(node)
            pred = node
            node = node._next
        self._tail = pred

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
        assert first is not None            # two nodes or more
        done: Optional[SinglyNode[T]] = None
        node: Optional[SinglyNode[T]] = first
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
        missing ``prev`` links would have cost (and walks again, up to its
        position, if the list changes meanwhile).
        """
        return _SnapshotIterator(self)

    def _end_of_walk(self) -> Optional[SinglyNode[T]]:
        """What a forward walk meets after the last node: None."""
        return None

    # -- checking --------------------------------------------------------------

    def check_invariants(self) -> None:
        """Raise AssertionError, saying what is wrong, unless the chain is sound.

        The walk is bounded by the recorded size, so a cycle is caught
        instead of looping forever.
        """
        sentinel = self._sentinel
        self._check_sentinel(_SinglySentinel)
        pred: SinglyNode[T] = sentinel
        count = 0
        node = sentinel._next
        while node is not None:
            self._check_member(node, count)
            count += 1
            pred, node = node, node._next
        if count != self._size:
            raise AssertionError(f"size says {self._size} but the chain has {count} nodes")
        if self._tail is not pred:
            raise AssertionError("the tail is not the last node of the chain")


SinglyLinkedList._kind = SinglyLinkedList
# Bytes per node, as sys.getsizeof reports them (GC header included).
SinglyLinkedList._node_bytes = sys.getsizeof(SinglyNode())
