"""The doubly linked list, the second of the two textbook linked lists.

A circle through one sentinel: ``sentinel.next`` is the first node and
``sentinel.prev`` the last, so splicing in and cutting out are the same
four pointer writes wherever the node is.  The story is in
``dsa/linkedlist.py``; list's surface in ``dsa/_list_surface.py``.
"""

from __future__ import annotations

import sys
from typing import Iterator, List, Optional, TypeVar

from dsa._list_iterators import _BackwardIterator
from dsa.linked_nodes import _DETACHED, DoublyNode, _DoublySentinel, _LinkedList
from dsa.pictures import Pictured

__all__ = ["DoublyLinkedList"]

T = TypeVar("T")


class DoublyLinkedList(Pictured, _LinkedList[T, DoublyNode[T]], picture="doubly"):
    """A doubly linked list that behaves like ``list``, with O(1) node handles.

    Layout: a circle through one sentinel node, ``sentinel.next`` is the
    first node and ``sentinel.prev`` the last; an empty list is the sentinel
    pointing at itself both ways.  We chose the circular sentinel over
    separate ``head``/``tail`` references because then every real node has a
    real neighbour on each side, and linking or unlinking is the same four
    pointer writes wherever the node is, with no "is it the first? the last?
    the only one?" branches.

    With both links, everything at a node in hand is O(1): insert after or
    before it, remove it, move it to either end.  Positions are reached by
    walking from whichever end is nearer: O(min(i, n - i)).
    """

    __slots__ = ()

    _Node = DoublyNode

    def _start_empty(self) -> None:
        sentinel = _DoublySentinel()
        sentinel._owner = self
        sentinel._next = sentinel._prev = sentinel
        self._sentinel = sentinel

    # -- the pointer surgery -------------------------------------------------

    def _new_node(self, value: T) -> DoublyNode[T]:
        return DoublyNode(value)

    def _after(self, node: DoublyNode[T]) -> Optional[DoublyNode[T]]:
        following = node._next
        return None if following is self._sentinel else following

    def _last(self) -> Optional[DoublyNode[T]]:
        last = self._sentinel._prev
        return None if last is self._sentinel else last

    def _node_at(self, i: int) -> DoublyNode[T]:
        # Walk from the nearer end: at most n/2 hops.
        if i < self._size // 2:
            node = self._sentinel._next
            for _ in range(i):
                node = node._next
        else:
            node = self._sentinel._prev
            for _ in range(self._size - 1 - i):
                node = node._prev
        return node

    def _link_after(self, pred: DoublyNode[T], node: DoublyNode[T]) -> None:
        #   pred <-> succ    becomes    pred <-> node <-> succ
        succ = pred._next
        node._prev = pred
        node._next = succ
        pred._next = node
        succ._prev = node
        self._adopt(node)

    def _unlink_after(self, pred: DoublyNode[T]) -> DoublyNode[T]:
        return self._unlink(pred._next)

    def _unlink(self, node: DoublyNode[T]) -> DoublyNode[T]:
        #   pred <-> node <-> succ    becomes    pred <-> succ
        pred, succ = node._prev, node._next
        pred._next = succ
        succ._prev = pred
        node._prev = node._next = _DETACHED     # a removed node leads nowhere
        self._disown(node)
        return node

    def _predecessor(self, node: DoublyNode[T]) -> DoublyNode[T]:
        return node._prev                   # what the second link is for

    def _take_all(self) -> List[DoublyNode[T]]:
        sentinel = self._sentinel
        nodes: List[DoublyNode[T]] = []
        node = sentinel._next
        while node is not sentinel:
            node._owner = None
            nodes.append(node)
            node = node._next
        if nodes:
            nodes[-1]._next = _DETACHED     # the chain is open-ended while out
            self._size = 0
            self._version += 1
        sentinel._next = sentinel._prev = sentinel
        return nodes

    def _adopt_chain(self, first: Optional[DoublyNode[T]]) -> None:
        """Put a chain (linked through ``_next`` only) in at the end, fixing ``prev``.

        This is how merge sort stays simple for a doubly linked list: sort
        using the forward links alone, then set every ``prev`` in one pass.
        """
        sentinel = self._sentinel
        pred = sentinel._prev
        node = first
        while node is not None:
            following = node._next
            pred._next = node
            node._prev = pred
            self._adopt(node)
            pred, node = node, following
        pred._next = sentinel
        sentinel._prev = pred

    # -- reversing -------------------------------------------------------------

    def reverse(self) -> None:
        """Reverse in place by swapping each node's two links.  O(n).

        Every node, the sentinel included, trades ``next`` for ``prev``; the
        circle then runs the other way round.
        """
        if self._size < 2:
            return
        node = self._sentinel
        while True:
            node._next, node._prev = node._prev, node._next
            node = node._prev               # the old next
            if node is self._sentinel:
                break
        self._version += 1

    def __reversed__(self) -> Iterator[T]:
        """The values back to front, following ``prev`` links: no extra memory."""
        return _BackwardIterator(self, self._sentinel._prev, self._sentinel)

    def _end_of_walk(self) -> DoublyNode[T]:
        """What a forward walk meets after the last node: the sentinel."""
        return self._sentinel

    # -- checking --------------------------------------------------------------

    def check_invariants(self) -> None:
        """Raise AssertionError, saying what is wrong, unless the circle is sound.

        Checks ``a.next.prev is a`` for every node and the sentinel, the
        owner of every node, and the size; the walk is bounded by the size,
        so a cycle that misses the sentinel is caught.
        """
        sentinel = self._sentinel
        self._check_sentinel(_DoublySentinel)
        node = sentinel
        count = 0
        while True:
            following = node._next
            if following is None or following._prev is not node:
                where = "the sentinel" if node is sentinel else f"node {count - 1}"
                raise AssertionError(f"next/prev links disagree after {where}")
            if following is sentinel:
                break
            self._check_member(following, count)
            count += 1
            node = following
        if count != self._size:
            raise AssertionError(f"size says {self._size} but the circle has {count} nodes")


DoublyLinkedList._kind = DoublyLinkedList
# Bytes per node, as sys.getsizeof reports them (GC header included).
DoublyLinkedList._node_bytes = sys.getsizeof(DoublyNode())
