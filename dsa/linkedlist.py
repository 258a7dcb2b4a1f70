"""Linked lists, written to be read.

An array and a chain
====================
Python's ``list`` is an *array*: one block of memory holding a reference to
each item, side by side.  Item ``i`` lives at "start of block + 8 * i", so
``lst[i]`` is one multiplication away, whatever ``i`` is.

A *linked list* keeps every item in a small object of its own, a **node**,
and each node holds a reference to the next one (and, in a *doubly* linked
list, to the previous one too)::

    head                                          tail
     |                                             |
     v                                             v
    [ 3 | *-]---> [ 9 | *-]---> [ 4 | *-]---> [ 7 | / ]     singly linked

    [ / | 3 | *-]<-->[ *- | 9 | *-]<-->[ *- | 4 | / ]       doubly linked

Nothing says where the nodes are.  To reach item ``i`` you start at one end
and follow ``i`` references, one after the other: O(n) where the array needs
O(1).  In exchange, a node can be cut out of the chain, or a new one spliced
in, by rewriting two or four references, without moving any other item: O(1)
where the array must shift everything after the position, O(n).

What a node costs: a cache line
===============================
Big-O counts steps; it does not say what one step costs, and here the two
structures differ enormously.  The processor never reads one value from
memory: it reads a whole 64-byte *cache line*.  A list's array puts 8
references in each line, and because the array is read in address order the
hardware prefetcher sees the pattern and fetches the next lines before they
are needed.  A node is a whole Python object: a :class:`DoublyNode` here is
64 bytes (16 bytes of object header, 16 of garbage-collector header, and four
8-byte slots: the value, ``next``, ``prev``, and the list that owns it), so
*one node costs a whole cache line* to hold one 8-byte reference to its value.
And the next node is wherever the allocator happened to put it, so each step
of a walk is a load whose address is only known when the previous load
finishes: the prefetcher cannot run ahead, and when the nodes are scattered
every step can wait for main memory.  Walking a linked list is slower than
walking a list of the same length even though both are "O(n)", and the
lessons measure by how much.

Where a linked list wins: a position you already hold
=====================================================
"Insert in O(1)" is only true once you *have* the node.  Finding the node by
its index, or by searching for a value, is a walk, and a walk is the slow
kind of O(n) described above, while ``list.insert`` shifts its items with one
``memmove``, which streams through memory at full speed.  So inserting "in the
middle" by position is faster with a plain list.

A linked list wins only when the program keeps hold of nodes: a dict from key
to node (the LRU cache in :mod:`dsa.lru` is the worked example), a scheduler
holding each task's node, an editor holding the cursor's node.  Then removing
that node, moving it to an end, or inserting beside it really is O(1).  So
these lists hand out their nodes, **node handles**: ``nodes()``,
``head_node``, ``tail_node``, ``find_node(value)``, ``node_at(i)``, and
``insert_after``, ``insert_before``, ``remove_node``, ``move_to_front``,
``move_to_back``, ``append_node``, ``appendleft_node``.

A singly linked node knows only its successor.  To remove a node, or to
insert before it, you need its *predecessor*, so :class:`SinglyLinkedList`
must walk from the head to find it: O(n) (except at the head itself).  That
one extra reference per node is exactly what :class:`DoublyLinkedList` pays
to make those operations O(1).

Sentinels
=========
Both lists start their chain with a **sentinel**, a node with no value that
is never removed.  In the singly linked list it stands *before* the first
node (a "dummy head"), so every real node has a predecessor and "insert at
the front" is just "insert after the sentinel": one code path instead of two.
In the doubly linked list the sentinel stands before the first node *and*
after the last: the chain is a circle through it.  Then every real node has a
real ``prev`` and a real ``next``, so splicing in and cutting out never ask
"is this the head?  the tail?  the only node?" (those special cases are where
linked-list bugs live).  The price is one extra node per list.  Learners never
see a sentinel: ``node.next`` and ``node.prev`` say ``None`` at the ends.

Owned nodes
===========
A node handle is a raw pointer into the chain, and a handle used on the wrong
list, or after its node was removed, would silently corrupt a naive linked
list (the size would be wrong, or a node would be linked into two chains).
So every node records the list that owns it, and every operation that takes
a node checks that the owner is this list, raising ``ValueError`` otherwise.
Removal clears the owner and the node's links.  ``clear()`` does that for
every node, which makes it O(n); an "ownership token" replaced by ``clear()``
would make it O(1), but the old nodes would keep their stale links, and a
learner walking from an old node would still find its former neighbours.
``list.clear()`` is O(n) as well (it drops a reference to every item).

Behaving like ``list``
======================
Both classes are complete :class:`collections.abc.MutableSequence` types and
behave exactly like ``list`` wherever a list's behaviour applies: indexing,
slices (extended ones too) and their errors, ``insert``, ``pop``,
``remove``, ``index``, ``count``, ``sort``, comparisons, ``+``, ``*``,
``repr``, copying and pickling.  The differences, and why:

* Changing the *structure* of the list (adding, removing or reordering nodes)
  while an iterator over it is live makes the iterator raise ``RuntimeError``
  on its next step, as ``deque`` and ``dict`` do.  A list tolerates it, but a
  linked-list iterator holds a node, and after a removal that node's ``next``
  leads nowhere.  Assigning values (``a[i] = x``, ``node.value = x``, a slice
  of the same length) is not a structural change and is allowed.
* ``==`` compares elementwise only with a linked list of the same class (or a
  subclass of it): ``DoublyLinkedList([1]) == [1]`` is ``False``, just as
  ``[1] == (1,)`` and ``deque([1]) == [1]`` are.  ``<`` and friends between
  a linked list and anything else raise ``TypeError``.  ``+`` needs two
  linked lists of the same class; ``+=`` takes any iterable, as with list.
* Slices, ``+``, ``*`` and ``copy()`` of a subclass return the base class
  (:class:`SinglyLinkedList` or :class:`DoublyLinkedList`), as ``list`` returns
  a plain ``list`` for its subclasses; ``copy.copy``, ``copy.deepcopy`` and
  pickling keep the subclass, again as with ``list``.
* ``sort()`` is a merge sort on the links (stable, only ``<``, the same result
  as ``sorted()``).  When a comparison raises, ``list.sort`` leaves "some
  permutation" of the items; this one puts them back in their original order.
  An ``a < b`` that raises may be met with a different pair of items than
  ``list.sort`` would meet first, so the exception's message can name the
  operand types in the other order.
* Slice assignment overwrites the values of the nodes already in the slice
  and only adds or removes nodes for the difference in length, so node
  handles inside an assigned slice stay valid and see the new values, as
  with ``a[i] = x``.  ``reverse()`` and ``sort()`` relink nodes, so a handle
  follows its value to its new position.
* Complexity: anything by position walks (``a[i]`` is O(i), O(min(i, n-i))
  for the doubly linked list), and ``SinglyLinkedList.pop()`` from the end is
  O(n) because the tail's predecessor is not known.
"""

from __future__ import annotations

import copyreg
import operator
import sys
from collections.abc import MutableSequence
from reprlib import recursive_repr
from types import GenericAlias
from typing import (Any, Callable, Iterable, Iterator, List, Optional, Tuple,
                    TypeVar)

from dsa._compat import (EMPTY_LIST, EXTENDED_SLICE_NOT_ITERABLE, LIST_INDEX,
                         LIST_ASSIGNMENT_INDEX, MODIFIED_DURING_SORT, POP_INDEX,
                         REMOVE_MISSING, SLICE_NOT_ITERABLE, SSIZE_MAX,
                         RichComparisons, as_repeat_count, as_slice_bound,
                         as_sort_flag, as_ssize, as_subscript,
                         cannot_concatenate, cannot_multiply,
                         extended_slice_size_error, has_index,
                         list_index_error, name_of, no_keywords, not_in_list, reflected,
                         same_item, slice_items)

__all__ = ["SinglyLinkedList", "DoublyLinkedList", "SinglyNode", "DoublyNode"]

T = TypeVar("T")

# CPython's argument rules and error messages for list (positions that must
# fit a C ssize_t, slice bounds, repeat counts, sort(reverse=), the
# identity-then-equality test) are dsa._compat's, shared with the C twin.


###############################################################################
# Nodes
###############################################################################
#
# __slots__ matter here: without them every node would also carry a __dict__
# (a second object of 100+ bytes), and nodes are the whole memory cost of a
# linked list.  Measured with sys.getsizeof: a SinglyNode is 56 bytes and a
# DoublyNode 64, the size of a whole cache line (and as the allocator only
# aligns objects to 16 bytes, a node usually straddles two lines), against
# 8 bytes per item in a list's array.  The value object itself lives
# elsewhere in both cases.

class _Node:
    """What every node has: a value, a successor, and the list that owns it."""

    __slots__ = ("value", "_next", "_owner")

    def __init__(self, value: Any = None) -> None:
        self.value = value          # readable and writable: not a structural change
        self._next: Optional[_Node] = None
        self._owner: Optional[_LinkedList] = None

    @property
    def owner(self) -> Optional["_LinkedList"]:
        """The list this node is in, or None once it has been removed."""
        return self._owner

    @recursive_repr("<...>")
    def __repr__(self) -> str:
        state = "" if self._owner is not None else ", detached"
        return f"<{type(self).__name__} value={self.value!r}{state}>"


class SinglyNode(_Node):
    """A node of a :class:`SinglyLinkedList`: a value and a link to the next node.

    ``node.value`` can be read and assigned; ``node.next`` is read-only (only
    the list relinks nodes) and is None for the last node.
    """

    __slots__ = ()

    @property
    def next(self) -> Optional["SinglyNode"]:
        return self._next                       # type: ignore[return-value]


class DoublyNode(_Node):
    """A node of a :class:`DoublyLinkedList`: a value and links both ways.

    ``node.next`` and ``node.prev`` are read-only and are None at the ends
    (the list's sentinel is never shown).
    """

    __slots__ = ("_prev",)

    def __init__(self, value: Any = None) -> None:
        # Written out instead of calling super().__init__(): making a node is
        # the hot path of every append, and a call costs as much as the rest.
        self.value = value
        self._next: Optional[_Node] = None
        self._prev: Optional[_Node] = None
        self._owner: Optional[_LinkedList] = None

    @property
    def next(self) -> Optional["DoublyNode"]:
        return _hide_sentinel(self._next)

    @property
    def prev(self) -> Optional["DoublyNode"]:
        return _hide_sentinel(self._prev)


class _SinglySentinel(SinglyNode):
    """The dummy head of a singly linked list: the node before the first."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<sentinel>"


class _DoublySentinel(DoublyNode):
    """The node before the first and after the last of a doubly linked list."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<sentinel>"


def _hide_sentinel(node: Any) -> Any:
    return None if node is None or isinstance(node, _DoublySentinel) else node


_value_of = operator.attrgetter("value")


###############################################################################
# What both lists share
###############################################################################

class _LinkedList(RichComparisons, MutableSequence[T]):
    """Everything that works the same on a singly and a doubly linked list.

    A concrete list provides the pointer surgery, all O(1) except where noted:

    * ``_after(node)``: the next real node, or None at the end;
    * ``_node_at(i)``: the node at position ``i`` (a walk);
    * ``_link_after(pred, node)``: splice ``node`` in after ``pred``;
    * ``_unlink_after(pred)``: cut out the node after ``pred`` and return it;
    * ``_predecessor(node)``: the node before ``node`` (a walk when singly);
    * ``_take_all()`` / ``_adopt_chain(first)``: lift every node out, and put
      a chain linked through ``_next`` back in (used by ``sort``);
    * ``reverse()`` and ``check_invariants()``.

    Every position-based operation of ``list`` is built here from those, with
    one idea: walk to the *predecessor* of the position (``_before(i)``; the
    sentinel for position 0), then splice after it.
    """

    __slots__ = ("_sentinel", "_size", "_version")

    _Node: type = _Node
    # The class whose instances this one compares with, and whose instances
    # slices, +, * and copy() return; set below for each concrete class.
    _kind: type

    # -- creation ------------------------------------------------------------

    def __new__(cls, *args: Any, **kwargs: Any) -> "_LinkedList[T]":
        # As with list, a new object is already a valid empty list before
        # __init__ runs, so a subclass whose __init__ does not call ours, and
        # unpickling (which skips __init__), still get a working list.
        self = super().__new__(cls)
        self._size = 0
        self._version = 0     # bumped by every structural change, checked by iterators
        self._start_empty()
        return self

    def __init__(self, iterable: Iterable[T] = (), /, **kwargs: Any) -> None:
        """Fill the list from ``iterable``; calling it again starts over, as for list."""
        # Keywords are refused, except (as list does) for a subclass with its
        # own __new__, whose extra keyword arguments also reach __init__.
        if kwargs and type(self).__new__ is _LinkedList.__new__:
            raise no_keywords(self)
        self.clear()
        self._extend(iterable)

    def _start_empty(self) -> None:
        raise NotImplementedError

    # -- bookkeeping shared by every splice ----------------------------------

    def _adopt(self, node: _Node) -> None:
        node._owner = self
        self._size += 1
        self._version += 1

    def _disown(self, node: _Node) -> None:
        node._owner = None
        self._size -= 1
        self._version += 1

    def _check_node(self, node: Any) -> None:
        """Refuse anything that is not a node of this very list.

        Without this check a node from another list would be linked into two
        chains, and a removed node's stale links would be followed.
        """
        if not isinstance(node, _Node):
            raise TypeError(f"expected a {self._Node.__name__}, not {name_of(node)}")
        if node._owner is not self:
            if node._owner is None:
                raise ValueError("node is not in any list (it was removed, or never added)")
            raise ValueError("node belongs to another list")
        if node is self._sentinel:
            raise ValueError("the sentinel is not one of the list's items")

    def _new_node(self, value: T) -> _Node:
        return self._Node(value)

    # -- positions -----------------------------------------------------------

    def _before(self, i: int) -> _Node:
        """The node after which position ``i`` begins (0 <= i <= len)."""
        return self._sentinel if i == 0 else self._node_at(i - 1)

    def _node_or_none(self, i: int) -> Optional[_Node]:
        return self._node_at(i) if 0 <= i < self._size else None

    def _first(self) -> Optional[_Node]:
        return self._after(self._sentinel)

    def _last(self) -> Optional[_Node]:
        return self._node_at(self._size - 1) if self._size else None

    def _position(self, index: Any, message: str) -> int:
        """Turn ``a[index]``'s index into a position in range, or raise IndexError."""
        i = as_subscript(index)
        if i < 0:
            i += self._size
        if not 0 <= i < self._size:
            raise IndexError(message)
        return i

    def _scan(self, start: int = 0, stop: int = SSIZE_MAX) -> Iterator[Tuple[int, _Node]]:
        """Visit positions ``start, start + 1, ...`` below ``stop``, as list's loops do.

        ``in``, ``index``, ``count``, ``remove``, ``==`` and ``repr`` call
        ``__eq__`` or ``__repr__`` on the items, which is arbitrary Python
        code, and that code may change this very list.  A list copes because
        its loops go by position and re-read the length at every step.  We
        hold a node instead, and after a change that node may have been
        unlinked; so when the version has moved we find position ``i`` again
        by walking from the front (O(n), but only after such a change) and
        carry on from there exactly as list would.
        """
        i = start
        node = self._node_or_none(i)
        version = self._version
        while node is not None and i < stop:
            yield i, node
            i += 1
            if self._version == version:
                node = self._after(node)
            else:
                node = self._node_or_none(i)
                version = self._version

    # -- iteration -----------------------------------------------------------

    def _changed(self) -> RuntimeError:
        return RuntimeError(f"{type(self).__name__} mutated during iteration")

    def __iter__(self) -> Iterator[T]:
        """The values, front to back.  RuntimeError if nodes are added or removed meanwhile."""
        return self._iter_values(self._version)

    def _iter_values(self, version: int) -> Iterator[T]:
        # `version` is read when the iterator is created (not when it first
        # runs), so a change made between iter() and the first next() counts.
        if self._version != version:
            raise self._changed()
        node = self._first()
        while node is not None:
            yield node.value         # read now: values assigned meanwhile are seen
            if self._version != version:
                raise self._changed()
            node = self._after(node)

    def nodes(self) -> Iterator[_Node]:
        """The nodes, front to back (node handles for O(1) work later).

        Like iteration, this raises RuntimeError if the list's structure
        changes meanwhile.  To remove nodes while walking, walk a copy:
        ``for node in list(lst.nodes()): ...``.
        """
        return self._iter_nodes(self._version)

    def _iter_nodes(self, version: int) -> Iterator[_Node]:
        if self._version != version:
            raise self._changed()
        node = self._first()
        while node is not None:
            yield node
            if self._version != version:
                raise self._changed()
            node = self._after(node)

    def _values(self) -> List[T]:
        """A plain list of the values (for when the source is this list itself)."""
        return list(self._iter_values(self._version))

    # -- sizes and membership ------------------------------------------------

    def __len__(self) -> int:
        return self._size                 # kept up to date by every splice: O(1)

    def __bool__(self) -> bool:
        return self._size > 0

    def __contains__(self, value: object) -> bool:
        return any(same_item(node.value, value) for _, node in self._scan())

    def count(self, value: Any) -> int:
        """How many items equal ``value``.  O(n)."""
        return sum(1 for _, node in self._scan() if same_item(node.value, value))

    def index(self, value: Any, start: Any = 0, stop: Any = SSIZE_MAX) -> int:
        """Position of the first item equal to ``value`` in ``[start:stop]``.  O(n).

        ``start`` and ``stop`` work as in ``list.index``: negative values count
        from the end, and out-of-range values are clipped.
        """
        start, stop = as_slice_bound(start), as_slice_bound(stop)
        size = self._size
        if start < 0:
            start = max(start + size, 0)
        if stop < 0:
            stop = max(stop + size, 0)
        for i, node in self._scan(start, stop):
            if same_item(node.value, value):
                return i
        raise not_in_list(value)

    # -- reading, writing and deleting by position ---------------------------

    def __getitem__(self, index: Any) -> Any:
        """``a[i]`` walks to position ``i``: O(i).  ``a[i:j:k]`` is a new list."""
        if has_index(index):
            return self._node_at(self._position(index, LIST_INDEX)).value
        if isinstance(index, slice):
            positions = range(*index.indices(self._size))
            new = self._kind()
            new._extend(self._gather(positions))
            return new
        raise list_index_error(index)

    def __setitem__(self, index: Any, value: Any) -> None:
        """``a[i] = x`` replaces a value (not a node).  ``a[i:j] = items`` as for list."""
        if has_index(index):
            i = self._position(index, LIST_ASSIGNMENT_INDEX)
            self._node_at(i).value = value
        elif isinstance(index, slice):
            start, stop, step = index.indices(self._size)
            if step == 1:
                self._replace_run(start, stop, slice_items(value, SLICE_NOT_ITERABLE))
            else:
                self._assign_extended(range(start, stop, step), value)
        else:
            raise list_index_error(index)

    def __delitem__(self, index: Any) -> None:
        """``del a[i]`` unlinks one node; ``del a[i:j:k]`` unlinks several in one walk."""
        if has_index(index):
            i = self._position(index, LIST_ASSIGNMENT_INDEX)
            self._unlink_after(self._before(i))
        elif isinstance(index, slice):
            start, stop, step = index.indices(self._size)
            if step == 1:
                self._delete_run(start, max(start, stop))
            else:
                self._delete_positions(range(start, stop, step))
        else:
            raise list_index_error(index)

    def _gather(self, positions: range) -> List[T]:
        """The values at ``positions`` (any step), in the range's order, in one walk."""
        ascending = positions if positions.step > 0 else positions[::-1]
        values = [node.value for node in self._nodes_at(ascending)]
        if positions.step < 0:
            values.reverse()
        return values

    def _nodes_at(self, ascending: range) -> Iterator[_Node]:
        """The nodes at an ascending range of positions: walk once, step by step."""
        if not ascending:
            return
        node = self._node_at(ascending.start)
        yield node
        for _ in range(len(ascending) - 1):
            for _ in range(ascending.step):
                node = self._after(node)
            yield node

    def _replace_run(self, start: int, stop: int, items: List[T]) -> None:
        """``a[start:stop] = items`` with step 1: the length may change.

        The nodes already there get the new values (cheaper than unlinking
        and relinking, and node handles stay valid); then the surplus nodes
        are unlinked, or the extra values linked in, at that point.
        """
        stop = max(start, stop)                 # a[5:2] = ... inserts at 5
        old = stop - start
        node = self._before(start)
        for value in items[:old]:
            node = self._after(node)
            node.value = value
        if len(items) > old:
            for value in items[old:]:
                new = self._new_node(value)
                self._link_after(node, new)
                node = new
        else:
            for _ in range(old - len(items)):
                self._unlink_after(node)

    def _assign_extended(self, positions: range, value: Any) -> None:
        """``a[i:j:k] = items`` with k != 1: exactly one item per position."""
        items = slice_items(value, EXTENDED_SLICE_NOT_ITERABLE)
        if len(items) != len(positions):
            raise extended_slice_size_error(len(items), len(positions))
        if positions.step < 0:
            positions, items = positions[::-1], items[::-1]
        for node, item in zip(self._nodes_at(positions), items):
            node.value = item

    def _delete_run(self, start: int, stop: int) -> None:
        pred = self._before(start)
        for _ in range(stop - start):
            self._unlink_after(pred)

    def _delete_positions(self, positions: range) -> None:
        """Delete every ``step``-th node: after each cut, walk ``step - 1`` nodes on."""
        ascending = positions if positions.step > 0 else positions[::-1]
        if not ascending:
            return
        pred = self._before(ascending.start)
        for k in range(len(ascending)):
            if k:
                for _ in range(ascending.step - 1):
                    pred = self._after(pred)
            self._unlink_after(pred)

    # -- growing and shrinking -----------------------------------------------

    def insert(self, index: Any, value: T) -> None:
        """Insert ``value`` before position ``index`` (clipped to the ends, as list does).

        O(index) to walk there (from the nearer end when doubly linked), then
        O(1) to splice.  With a node in hand, ``insert_after`` skips the walk.
        """
        i = as_ssize(index)
        size = self._size
        if i < 0:
            i = max(i + size, 0)
        i = min(i, size)
        self._link_after(self._before(i), self._new_node(value))

    def append(self, value: T) -> None:
        """Add ``value`` at the end.  O(1): both lists keep a way to the last node."""
        self._link_after(self._before(self._size), self._new_node(value))

    def appendleft(self, value: T) -> None:
        """Add ``value`` at the front.  O(1), where ``list.insert(0, x)`` is O(n)."""
        self._link_after(self._sentinel, self._new_node(value))

    def extend(self, iterable: Iterable[T]) -> None:
        """Append every item of ``iterable`` (which may be this list itself)."""
        self._extend(iterable)

    def _extend(self, iterable: Iterable[T]) -> None:
        if iterable is self:
            iterable = self._values()     # else we would read our own appends forever
        for value in iterable:
            self._link_after(self._before(self._size), self._new_node(value))

    def pop(self, index: Any = -1) -> T:
        """Remove and return the item at ``index`` (the last by default)."""
        i = as_ssize(index)
        size = self._size
        if size == 0:
            raise IndexError(EMPTY_LIST)
        if i < 0:
            i += size
        if not 0 <= i < size:
            raise IndexError(POP_INDEX)
        return self._unlink_after(self._before(i)).value

    def popleft(self) -> T:
        """Remove and return the first item.  O(1)."""
        if self._size == 0:
            raise IndexError(EMPTY_LIST)
        return self._unlink_after(self._sentinel).value

    def remove(self, value: Any) -> None:
        """Remove the first item equal to ``value``.  O(n).  ValueError if none."""
        for i, node in self._scan():
            version = self._version
            if same_item(node.value, value):
                if self._version == version:
                    self._unlink_after(self._predecessor(node))
                else:
                    # __eq__ changed the list; like list, delete whatever
                    # is at position i now (nothing, if i is past the end).
                    self._delete_run(min(i, self._size), min(i + 1, self._size))
                return
        raise ValueError(REMOVE_MISSING)

    def clear(self) -> None:
        """Remove every item.  O(n): each node is detached (see the module notes)."""
        while self._size:
            self._unlink_after(self._sentinel)

    def copy(self) -> "_LinkedList[T]":
        """A shallow copy, of the base class (as ``list.copy`` returns a list)."""
        new = self._kind()
        new._extend(self._values())
        return new

    # -- node handles --------------------------------------------------------

    @property
    def head_node(self) -> Optional[_Node]:
        """The first node, or None when the list is empty.  O(1)."""
        return self._first()

    @property
    def tail_node(self) -> Optional[_Node]:
        """The last node, or None when the list is empty.  O(1)."""
        return self._last()

    def node_at(self, index: Any) -> _Node:
        """The node at position ``index`` (negative counts from the end).  A walk."""
        if not has_index(index):
            raise TypeError(f"node indices must be integers, not {name_of(index)}")
        return self._node_at(self._position(index, LIST_INDEX))

    def find_node(self, value: Any) -> _Node:
        """The first node whose value equals ``value``.  O(n).  ValueError if none."""
        for _, node in self._scan():
            if same_item(node.value, value):
                return node
        raise not_in_list(value)

    def insert_after(self, node: _Node, value: T) -> _Node:
        """Splice a new node holding ``value`` in after ``node``; return it.  O(1)."""
        self._check_node(node)
        new = self._new_node(value)
        self._link_after(node, new)
        return new

    def append_node(self, value: T) -> _Node:
        """Like ``append``, but return the new node.  O(1)."""
        new = self._new_node(value)
        self._link_after(self._before(self._size), new)
        return new

    def appendleft_node(self, value: T) -> _Node:
        """Like ``appendleft``, but return the new node.  O(1)."""
        new = self._new_node(value)
        self._link_after(self._sentinel, new)
        return new

    def insert_before(self, node: _Node, value: T) -> _Node:
        self._check_node(node)
        new = self._new_node(value)
        self._link_after(self._predecessor(node), new)
        return new

    def remove_node(self, node: _Node) -> T:
        self._check_node(node)
        self._unlink_after(self._predecessor(node))
        return node.value

    def move_to_front(self, node: _Node) -> None:
        self._check_node(node)
        if node is self._first():
            return
        self._unlink_after(self._predecessor(node))
        self._link_after(self._sentinel, node)

    def move_to_back(self, node: _Node) -> None:
        self._check_node(node)
        if node is self._last():
            return
        self._unlink_after(self._predecessor(node))
        self._link_after(self._before(self._size), node)

    # -- reordering ----------------------------------------------------------

    def sort(self, *, key: Optional[Callable[[T], Any]] = None, reverse: Any = False) -> None:
        """Sort in place, stably, by relinking nodes: a merge sort.  O(n log n).

        Merge sort is *the* sort for linked lists: it never needs item ``i``
        by position, only "merge two sorted chains", which walks both chains
        from the front and just relinks nodes, so no second array.  It runs
        bottom-up (runs of 1 merged into runs of 2, then 4, ...; see
        :func:`_merge_sort`), so nothing is recursive.  Only ``<`` is used,
        and an item from the later run goes first only if it is strictly
        smaller, which keeps equal items in their original order (stability).

        As ``list.sort`` does, the list looks empty while it is being sorted,
        the keys are all computed before anything moves (so a key function
        that raises leaves the list as it was), and a list changed during the
        sort raises ``ValueError`` (the changes are thrown away).  If a
        comparison raises, the items go back in their original order.
        """
        descending = as_sort_flag(reverse)
        # Lift the chain out: the list is empty, the nodes belong to no list
        # (so node handles cannot touch them mid-sort) and keep their _next.
        # `nodes` records the original order, an undo log of 8 bytes a node
        # for when a comparison raises half-way through the relinking.
        nodes = self._take_all()
        version = self._version
        try:
            if key is None:
                rank: Callable[[_Node], Any] = _value_of
            else:
                keys = {node: key(node.value) for node in nodes}
                rank = keys.__getitem__
            if descending:
                def goes_first(later: _Node, earlier: _Node) -> bool:
                    return rank(earlier) < rank(later)
            else:
                def goes_first(later: _Node, earlier: _Node) -> bool:
                    return rank(later) < rank(earlier)
            first = _merge_sort(nodes[0] if nodes else None, goes_first)
        except BaseException:
            self._put_back(_chain(nodes), version)
            raise
        if not self._put_back(first, version):
            raise ValueError(MODIFIED_DURING_SORT)

    def _put_back(self, first: Optional[_Node], version: int) -> bool:
        """Relink the chain lifted out by sort; False if the list changed meanwhile."""
        untouched = self._version == version
        if not untouched:
            self.clear()                  # drop what the key or comparisons added
        self._adopt_chain(first)
        return untouched

    # -- operators -----------------------------------------------------------

    def _compare(self, other: Any, op: Callable[[Any, Any], Any]) -> Any:
        """Compare the way list does: the first differing item decides.

        Equal lengths are a quick way out for == and !=.  Otherwise walk both
        lists to the first pair that is not equal (identity counts as equal);
        if one list ran out first, the lengths decide; else == is False, != is
        True, and <, <=, >, >= are answered by that pair of items.
        """
        if not isinstance(other, self._kind):
            return NotImplemented
        if op in (operator.eq, operator.ne) and self._size != other._size:
            return op is operator.ne
        versions = (self._version, other._version)
        i = 0
        mine = theirs = None
        for (_, a), (_, b) in zip(self._scan(), other._scan()):
            mine, theirs = a.value, b.value
            if mine is not theirs and not mine == theirs:
                break
            i += 1
        if i >= self._size or i >= other._size:
            return op(self._size, other._size)
        if op is operator.eq:
            return False
        if op is operator.ne:
            return True
        if (self._version, other._version) != versions:     # __eq__ changed a list
            mine, theirs = self._node_at(i).value, other._node_at(i).value
        return op(mine, theirs)


    def __add__(self, other: Any) -> "_LinkedList[T]":
        if not isinstance(other, self._kind):      # list's words and order
            return reflected(self, other, "__radd__",
                             cannot_concatenate(self._kind.__name__, other), self._kind)
        new = self._kind()
        new._extend(self._values())
        new._extend(other._values())
        return new

    def __iadd__(self, other: Iterable[T]) -> "_LinkedList[T]":
        self._extend(other)
        return self

    def __mul__(self, n: Any) -> "_LinkedList[T]":
        if not has_index(n):
            return reflected(self, n, "__rmul__", cannot_multiply(n), self._kind)
        count = as_repeat_count(n)
        new = self._kind()
        new._extend(self._repeated(count))
        return new

    def __rmul__(self, n: Any) -> "_LinkedList[T]":
        if not has_index(n):
            # `"ab" * a_list`: let the str (or tuple...) on the left complain
            # about its right operand, exactly as it does with a list.
            return NotImplemented
        return self.__mul__(n)

    def __imul__(self, n: Any) -> "_LinkedList[T]":
        if not has_index(n):
            return NotImplemented     # Python then tries __mul__, which explains
        count = as_repeat_count(n)
        if count < 1:
            self.clear()
        else:
            self._extend(self._repeated(count - 1))
        return self

    def _repeated(self, count: int) -> Iterator[T]:
        values = self._values()
        if count > 0 and len(values) * count > SSIZE_MAX // _NODE_BYTES:
            raise MemoryError                 # more nodes than an address space holds
        for _ in range(count):
            yield from values

    # -- representation, copying, pickling ------------------------------------

    @recursive_repr("[...]")
    def __repr__(self) -> str:
        items = ", ".join(repr(node.value) for _, node in self._scan())
        return f"{type(self).__name__}([{items}])"

    def __reduce__(self) -> tuple:
        # Like list: make an empty object of the same class without calling
        # __init__, restore any instance attributes of a subclass, then append
        # the items one by one (which also copes with a list containing itself).
        state = getattr(self, "__dict__", None) or None
        return copyreg.__newobj__, (type(self),), state, iter(self)

    def __sizeof__(self) -> int:
        # sys.getsizeof(a_list) counts the list's array of references but not
        # the items.  The nodes are a linked list's "array", so count them.
        return object.__sizeof__(self) + (self._size + 1) * _NODE_BYTES_OF[self._Node]

    __class_getitem__ = classmethod(GenericAlias)

    # -- to be provided by each list -------------------------------------------

    def _after(self, node: _Node) -> Optional[_Node]:
        raise NotImplementedError

    def _node_at(self, i: int) -> _Node:
        raise NotImplementedError

    def _link_after(self, pred: _Node, node: _Node) -> None:
        raise NotImplementedError

    def _unlink_after(self, pred: _Node) -> _Node:
        raise NotImplementedError

    def _predecessor(self, node: _Node) -> _Node:
        raise NotImplementedError

    def _take_all(self) -> List[_Node]:
        raise NotImplementedError

    def _adopt_chain(self, first: Optional[_Node]) -> None:
        raise NotImplementedError

    def check_invariants(self) -> None:
        raise NotImplementedError




def _chain(nodes: List[_Node]) -> Optional[_Node]:
    """Link ``nodes`` in this order through ``_next``; return the first."""
    for node, following in zip(nodes, nodes[1:]):
        node._next = following
    if not nodes:
        return None
    nodes[-1]._next = None
    return nodes[0]


# -- merge sort on links -------------------------------------------------------

def _merge(scratch: _Node, a: Optional[_Node], b: Optional[_Node],
           goes_first: Callable[[_Node, _Node], bool]) -> Optional[_Node]:
    """Merge sorted chains ``a`` (the earlier nodes) and ``b`` into one; return its first.

    Only links change: each step takes the front node of ``a`` or ``b`` and
    links it after the merged part.  Taking from ``b`` only when its node
    goes *strictly* first keeps equal items in their original order.
    ``scratch`` is a spare node standing before the merged part, so the
    first step needs no special case (a sentinel again).
    """
    tail = scratch
    while a is not None and b is not None:
        if goes_first(b, a):
            tail._next = b
            tail, b = b, b._next
        else:
            tail._next = a
            tail, a = a, a._next
    tail._next = a if a is not None else b      # the rest of the unfinished side
    return scratch._next


def _merge_sort(first: Optional[_Node],
                goes_first: Callable[[_Node, _Node], bool]) -> Optional[_Node]:
    """Sort a chain linked through ``_next``, bottom-up, without recursion.

    ``runs[k]`` is either empty or a sorted chain of exactly 2**k nodes.
    Nodes are taken off the chain one at a time, each as a run of 1, and
    put in ``runs`` the way 1 is added to a binary number: while the slot is
    taken, merge with what is there and carry the result one slot up.  So
    only runs of equal length are merged, every node takes part in about
    log2(n) merges, and ``runs`` needs just log2(n) + 1 slots.  A run already
    in ``runs`` always holds earlier nodes than the one carried in, which
    is what keeps the sort stable.
    """
    scratch = SinglyNode()
    runs: List[Optional[_Node]] = []
    node = first
    while node is not None:
        run, node = node, node._next
        run._next = None
        k = 0
        while k < len(runs) and runs[k] is not None:
            run = _merge(scratch, runs[k], run, goes_first)
            runs[k] = None
            k += 1
        if k == len(runs):
            runs.append(run)
        else:
            runs[k] = run
    # Merge what is left, shortest (latest) runs first.
    result: Optional[_Node] = None
    for run in runs:
        if run is not None:
            result = run if result is None else _merge(scratch, run, result, goes_first)
    return result


###############################################################################
# Singly linked
###############################################################################

class SinglyLinkedList(_LinkedList[T]):
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
        return self._iter_backwards(self._version)

    def _iter_backwards(self, version: int) -> Iterator[T]:
        if self._version != version:
            raise self._changed()
        nodes = list(self._iter_nodes(version))
        for node in reversed(nodes):
            yield node.value
            if self._version != version:
                raise self._changed()

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


###############################################################################
# Doubly linked
###############################################################################

class DoublyLinkedList(_LinkedList[T]):
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

    def _after(self, node: _Node) -> Optional[_Node]:
        following = node._next
        return None if following is self._sentinel else following

    def _last(self) -> Optional[_Node]:
        last = self._sentinel._prev
        return None if last is self._sentinel else last

    def _node_at(self, i: int) -> _Node:
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

    def _link_after(self, pred: _Node, node: _Node) -> None:
        #   pred <-> succ    becomes    pred <-> node <-> succ
        succ = pred._next
        node._prev = pred
        node._next = succ
        pred._next = node
        succ._prev = node
        self._adopt(node)

    def _unlink_after(self, pred: _Node) -> _Node:
        return self._unlink(pred._next)

    def _unlink(self, node: _Node) -> _Node:
        #   pred <-> node <-> succ    becomes    pred <-> succ
        pred, succ = node._prev, node._next
        pred._next = succ
        succ._prev = pred
        node._prev = node._next = None      # a removed node leads nowhere
        self._disown(node)
        return node

    def _predecessor(self, node: _Node) -> _Node:
        return node._prev                   # what the second link is for

    def _take_all(self) -> List[_Node]:
        sentinel = self._sentinel
        nodes = []
        node = sentinel._next
        while node is not sentinel:
            node._owner = None
            nodes.append(node)
            node = node._next
        if nodes:
            nodes[-1]._next = None          # the chain is open-ended while out
            self._size = 0
            self._version += 1
        sentinel._next = sentinel._prev = sentinel
        return nodes

    def _adopt_chain(self, first: Optional[_Node]) -> None:
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

    # -- node handles, all O(1) ----------------------------------------------

    def insert_before(self, node: DoublyNode, value: T) -> DoublyNode:  # type: ignore[override]
        """Splice a new node holding ``value`` in before ``node``; return it.  O(1)."""
        return super().insert_before(node, value)       # type: ignore[return-value]

    def remove_node(self, node: DoublyNode) -> T:  # type: ignore[override]
        """Unlink ``node`` and return its value.  O(1): ``node.prev`` is at hand."""
        return super().remove_node(node)

    def move_to_front(self, node: DoublyNode) -> None:  # type: ignore[override]
        """Move ``node`` to the front.  O(1)."""
        super().move_to_front(node)

    def move_to_back(self, node: DoublyNode) -> None:  # type: ignore[override]
        """Move ``node`` to the back.  O(1).  (An LRU cache's "touch".)"""
        super().move_to_back(node)

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
        return self._iter_backwards(self._version)

    def _iter_backwards(self, version: int) -> Iterator[T]:
        if self._version != version:
            raise self._changed()
        sentinel = self._sentinel
        node = sentinel._prev
        while node is not sentinel:
            yield node.value
            if self._version != version:
                raise self._changed()
            node = node._prev

    # -- checking --------------------------------------------------------------

    def check_invariants(self) -> None:
        """Raise AssertionError, saying what is wrong, unless the circle is sound.

        Checks ``a.next.prev is a`` for every node and the sentinel, the
        owner of every node, and the size; the walk is bounded by the size,
        so a cycle that misses the sentinel is caught.
        """
        sentinel = self._sentinel
        if not isinstance(sentinel, _DoublySentinel) or sentinel._owner is not self:
            raise AssertionError("the sentinel is missing or not owned by this list")
        node = sentinel
        count = 0
        while True:
            following = node._next
            if following is None or following._prev is not node:
                where = "the sentinel" if node is sentinel else f"node {count - 1}"
                raise AssertionError(f"next/prev links disagree after {where}")
            if following is sentinel:
                break
            if count == self._size:
                raise AssertionError(f"more nodes than the size {self._size} (or a cycle)")
            if following._owner is not self:
                raise AssertionError(f"node {count} is not owned by this list")
            if isinstance(following, _DoublySentinel):
                raise AssertionError(f"a second sentinel sits at position {count}")
            count += 1
            node = following
        if count != self._size:
            raise AssertionError(f"size says {self._size} but the circle has {count} nodes")


SinglyLinkedList._kind = SinglyLinkedList
DoublyLinkedList._kind = DoublyLinkedList

# Bytes per node, as sys.getsizeof reports them (GC header included).
_NODE_BYTES_OF = {SinglyNode: sys.getsizeof(SinglyNode()),
                  DoublyNode: sys.getsizeof(DoublyNode())}
_NODE_BYTES = min(_NODE_BYTES_OF.values())
