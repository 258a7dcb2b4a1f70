"""The C twin of :class:`dsa.linkedlist.DoublyLinkedList`
(``native/linkedlist.c``, its pools and node registry in
``native/linkedlist_memory.c``), and the kernels that measure what following
pointers costs (``native/linkedlist_kernels.c``, written in
:mod:`dsa.native.linkedlist_kernels` and importable from here).

The list
========
:class:`DoublyLinkedList` holds signed 64-bit integers in C nodes of three
8-byte fields, ``{prev, next, value}``: 24 bytes, so a 64-byte cache line
holds 2.67 nodes where it holds 8 values of an int64 array.  ``layout`` says
where the nodes live:

``"malloc"`` (the default)
    one ``malloc`` per node, ``free`` on removal: what a textbook C list does.
``"pool"``
    nodes carved from line-aligned pools and handed out in address order, so
    a list built in one go (``DoublyLinkedList(items, layout="pool")``) is one
    contiguous block in list order.  A removed node goes on a free list for
    reuse; pools are given back by ``clear()`` or when the list is freed.
``"shuffled"``
    the same pools, but each pool's nodes are handed out in a random order
    (from ``seed``), so following ``next`` jumps around memory.

Node handles, and why they are safe
===================================
``head_node``, ``tail_node``, ``node_at(i)``, ``find_node(x)``, ``nodes()``,
``append_node``, ``appendleft_node``, ``insert_after`` and ``insert_before``
hand out :class:`NodeHandle` objects for O(1) work at a position already
held (``insert_after``, ``insert_before``, ``remove_node``,
``move_to_front``, ``move_to_back``, ``node.value``, ``node.next``,
``node.prev``).  A handle holds the node's address as a plain integer and a
serial number; it is never turned back into a pointer by Python.  The C list
keeps a registry (a hash table) of the address and serial of every live
node, and every C function that takes a handle looks the address up and
compares serials before it touches anything.  A serial comes from a 64-bit
counter that the list never rewinds, so:

* a handle whose node was removed (or cleared) is refused, even if a new
  node of the same list now sits at the same address;
* a handle of another list is refused: Python checks the owner first, and
  its address is not in this list's registry anyway;

both with ``ValueError``, never a crash.  Unlike the pure-Python twin, a
removed node's value cannot be read any more (its memory is gone): its
``value`` raises ``ValueError`` and its ``owner`` is ``None``.  Two handles
of the same node compare equal (``==``), but are not always the same object.

Threads: cffi releases the GIL during each C call, so every call on a list
holds the list's ``threading.RLock``.

Tracing model (``traced=True``, :attr:`DoublyLinkedList.last_lines`)
=====================================================================
Each operation below first forgets the previous operation's lines, then
counts the distinct 64-byte lines it touched: always the list's header (one
line: head, tail, len and the change counter), plus the 24 bytes of every
node it reads or writes, which is one line or, for a node that straddles a
boundary, two.  "Walk to i" visits the nodes from the nearer end to ``i``,
both included: from the head when ``i <= len - 1 - i``, else from the tail.

=================================  =========================================
operation                          nodes visited
=================================  =========================================
``append``, ``append_node``        the new node, the old tail
``appendleft``, ``..._node``       the new node, the old head
``extend(items)``                  every new node, the old tail
``insert(i, x)``, ``i < len``      walk to i, the new node, node i - 1
``a[i]``, ``a[i] = x``,            walk to i
``node_at(i)``
``pop(i)``, ``del a[i]``,          walk to i, nodes i - 1 and i + 1
``popleft()``
``index``, ``find_node``, ``in``   walk to ``start``, then on to the match
                                   (or to the last position searched)
``remove(x)``                      from the head to the match, and the
                                   match's two neighbours
``count``, ``reverse``, ``sort``   every node
``clear()``                        every node for "malloc" (each is read to
                                   find the next before it is freed), none
                                   for the pools
``node.value`` (read or write)     that node
``insert_after``/``_before``       the node, the new node, the neighbour
                                   on the far side
``remove_node``                    the node and its two neighbours
``move_to_front``/``_back``        the node; if it moves, its neighbours
                                   and the old head (or tail)
=================================  =========================================

(Neighbours and ends only where they exist.)  Not traced, and leaving
``last_lines`` alone: ``len``, iteration, ``nodes()``, ``reversed``,
``to_list``, ``repr``, comparisons, ``head_node``, ``tail_node``,
``node.next``, ``node.prev``, ``node.owner``, ``check_invariants``, and the
Python-level paths for non-int arguments (``"x" in a``).  Slice operations
are several C calls, and ``last_lines`` then describes the last one.  The
node registry, the pools' bookkeeping and malloc's own headers are never
counted: a C program that keeps its own node pointers needs none of them.

Kernels timed inside C
======================
:func:`walk`, :func:`walks`, :func:`insert_cost`, :func:`remove_cost`,
:func:`pointer_chase`, :func:`latency_ladder`, :func:`read_bandwidth`,
:func:`lines_per_element` and :func:`model_lines` time walks, splices,
dependent loads and streaming reads inside C; they are written in
:mod:`dsa.native.linkedlist_kernels` and importable from here.
"""

from __future__ import annotations

from types import GenericAlias
from typing import Any, Callable, Iterable, List, Optional

from dsa._compat import (EMPTY_LIST, EXTENDED_SLICE_NOT_ITERABLE, LIST_INDEX,
                         LIST_ASSIGNMENT_INDEX, MODIFIED_DURING_SORT, POP_INDEX,
                         REMOVE_MISSING, SLICE_NOT_ITERABLE, SSIZE_MAX,
                         as_repeat_count, reflected_repeat, as_slice_bound, as_sort_flag,
                         as_ssize, cannot_concatenate, cannot_multiply,
                         extended_slice_size_error, has_index,
                         list_index_error, not_in_list, reflected, same_item,
                         slice_items)
from dsa.pictures import Pictured

from ._common import as_int64, as_int64_list, check, check_nonempty, repr_name
from ._linked_core import (LAYOUTS, LINE_BYTES, NODE_BYTES, NodeHandle,
                           _c_int, _NativeLinkedList)
from .linkedlist_kernels import (DEFAULT_LADDER_SIZES, LADDER_SIZES,
                                 MAX_KERNEL_BYTES, WALK_KINDS,
                                 BandwidthResult, ChaseResult, LadderResult,
                                 LinesResult, OpsResult, WalkResult,
                                 insert_cost, latency_ladder,
                                 lines_per_element, model_lines,
                                 pointer_chase, read_bandwidth, remove_cost,
                                 walk, walks)

__all__ = [
    "DoublyLinkedList", "NodeHandle", "LAYOUTS", "NODE_BYTES", "LINE_BYTES",
    "MAX_KERNEL_BYTES", "WALK_KINDS", "LADDER_SIZES", "DEFAULT_LADDER_SIZES",
    "WalkResult", "OpsResult", "ChaseResult", "LadderResult",
    "BandwidthResult", "LinesResult",
    "walk", "walks", "insert_cost", "remove_cost", "pointer_chase",
    "latency_ladder", "read_bandwidth", "lines_per_element", "model_lines",
]


class DoublyLinkedList(Pictured, _NativeLinkedList, picture="doubly"):
    """A doubly linked list of int64 in C nodes: the C twin of
    :class:`dsa.linkedlist.DoublyLinkedList`.

    ``DoublyLinkedList(iterable=(), /, *, layout="malloc", seed=None,
    traced=False)``.  ``layout`` is ``"malloc"``, ``"pool"`` or
    ``"shuffled"`` (see the module notes); ``seed`` drives the shuffled
    layout's order (random when None); ``traced=True`` uses the traced build
    and makes :attr:`last_lines` available.  Items must be integers in
    [-2**63, 2**63 - 1] (TypeError, OverflowError otherwise; a rejected item
    leaves the list unchanged).

    Behaves like ``list`` (and like the pure-Python twin) wherever that
    applies to integers: indexing and slices, ``insert``, ``pop``,
    ``remove``, ``index``, ``count``, ``sort``, comparisons with another
    native ``DoublyLinkedList``, ``+``, ``*``, ``repr``, copying and
    pickling.  Iterators go by position, as list's do, so the list may
    change while they are live and they yield what list's would;
    ``nodes()`` raises RuntimeError if the structure changes meanwhile.
    """

    __slots__ = ()

    def _like(self, items: List[int]) -> "DoublyLinkedList":
        """A new list of the base class with these items and our options
        (slices, +, * and copy() return the base class, as list does)."""
        new = DoublyLinkedList(layout=self._layout, seed=self._seed,
                               traced=self._traced)
        if items:
            new._extend_c(items)
        return new

    def __contains__(self, value: object) -> bool:
        number = _c_int(value)
        if number is None:
            if type(value) is int:
                return False               # no int64 can equal it
            return any(same_item(item, value) for item in self.to_list())
        with self._lock:
            status = self._lib.dsa_ll_find(self._l, number, 0, SSIZE_MAX,
                                           self._ffi.NULL, self._ffi.NULL)
        return status == self._lib.DSA_OK

    def count(self, value: Any) -> int:
        """How many items equal ``value``.  O(n)."""
        number = _c_int(value)
        if number is None:
            if type(value) is int:
                return 0
            return sum(1 for item in self.to_list() if same_item(item, value))
        with self._lock:
            return int(self._lib.dsa_ll_count(self._l, number))

    def index(self, value: Any, start: Any = 0, stop: Any = SSIZE_MAX) -> int:
        """Position of the first item equal to ``value`` in ``[start:stop]``
        (negative bounds count from the end, as with list).  ValueError if
        there is none."""
        start, stop = as_slice_bound(start), as_slice_bound(stop)
        with self._lock:
            size = int(self._lib.dsa_ll_len(self._l))
            if start < 0:
                start = max(start + size, 0)
            if stop < 0:
                stop = max(stop + size, 0)
            start, stop = min(start, size), min(stop, size)
            number = _c_int(value)
            if number is not None:
                status = self._lib.dsa_ll_find(self._l, number, start, stop,
                                               self._index, self._ffi.NULL)
                if status == self._lib.DSA_OK:
                    return int(self._index[0])
            elif type(value) is not int:
                items = self.to_list()
                for i in range(start, min(stop, len(items))):
                    if same_item(items[i], value):
                        return i
        raise not_in_list(value)

    # ---- reading, writing and deleting by position -----------------------

    def __getitem__(self, index: Any) -> Any:
        """``a[i]`` walks from the nearer end: O(min(i, n-i)).  ``a[i:j:k]``
        is a new list (of the base class, with the same layout)."""
        if has_index(index):
            with self._lock:
                n = int(self._lib.dsa_ll_len(self._l))
                i = self._position(index, n, LIST_INDEX)
                status = self._lib.dsa_ll_get(self._l, i, self._out)
                value = self._out[0]
            check(self._lib, status)
            return value
        if isinstance(index, slice):
            return self._like(self.to_list()[index])
        raise list_index_error(index)

    def __setitem__(self, index: Any, value: Any) -> None:
        """``a[i] = x`` replaces a value (the node stays); ``a[i:j] = items``
        overwrites the nodes in the slice and adds or removes only the
        difference in length, as the pure-Python twin does."""
        if has_index(index):
            with self._lock:
                n = int(self._lib.dsa_ll_len(self._l))
                i = self._position(index, n,
                                   LIST_ASSIGNMENT_INDEX)
                number = as_int64(value)
                status = self._lib.dsa_ll_set(self._l, i, number)
            check(self._lib, status)
        elif isinstance(index, slice):
            with self._lock:
                start, stop, step = index.indices(len(self))
                if step == 1:
                    items = self._assigned(value, SLICE_NOT_ITERABLE)
                    self._replace_run(start, max(start, stop), items)
                else:
                    positions = range(start, stop, step)
                    items = self._assigned(value, EXTENDED_SLICE_NOT_ITERABLE)
                    if len(items) != len(positions):
                        raise extended_slice_size_error(len(items), len(positions))
                    for i, number in zip(positions, items):
                        check(self._lib, self._lib.dsa_ll_set(self._l, i, number))
        else:
            raise list_index_error(index)

    def _assigned(self, value: Any, message: str) -> List[int]:
        if value is self:
            return self.to_list()
        return as_int64_list(slice_items(value, message))

    def _replace_run(self, start: int, stop: int, items: List[int]) -> None:
        lib, cl = self._lib, self._l
        old = stop - start
        for k, number in enumerate(items[:old]):
            check(lib, lib.dsa_ll_set(cl, start + k, number))
        for k, number in enumerate(items[old:]):
            check(lib, lib.dsa_ll_insert(cl, start + old + k, number))
        for _ in range(old - len(items)):
            check(lib, lib.dsa_ll_pop(cl, start + len(items), self._ffi.NULL))

    def __delitem__(self, index: Any) -> None:
        """``del a[i]`` unlinks one node; ``del a[i:j:k]`` several."""
        if has_index(index):
            with self._lock:
                n = int(self._lib.dsa_ll_len(self._l))
                i = self._position(index, n,
                                   LIST_ASSIGNMENT_INDEX)
                status = self._lib.dsa_ll_pop(self._l, i, self._ffi.NULL)
            check(self._lib, status)
        elif isinstance(index, slice):
            with self._lock:
                start, stop, step = index.indices(len(self))
                positions = range(start, stop, step)
                # Highest position first, so the lower ones do not move.
                for i in sorted(positions, reverse=True):
                    check(self._lib,
                          self._lib.dsa_ll_pop(self._l, i, self._ffi.NULL))
        else:
            raise list_index_error(index)

    # ---- growing and shrinking -------------------------------------------

    def insert(self, index: Any, value: Any) -> None:
        """Insert before position ``index`` (clipped to the ends, as list
        does): walk from the nearer end, then splice."""
        i = as_ssize(index)
        number = as_int64(value)
        with self._lock:
            size = int(self._lib.dsa_ll_len(self._l))
            if i < 0:
                i = max(i + size, 0)
            status = self._lib.dsa_ll_insert(self._l, min(i, size), number)
        check(self._lib, status)

    def append(self, value: Any) -> None:
        """Add ``value`` at the end.  O(1)."""
        number = as_int64(value)
        with self._lock:
            status = self._lib.dsa_ll_push_back(self._l, number, self._ffi.NULL)
        check(self._lib, status)

    def appendleft(self, value: Any) -> None:
        """Add ``value`` at the front.  O(1)."""
        number = as_int64(value)
        with self._lock:
            status = self._lib.dsa_ll_push_front(self._l, number, self._ffi.NULL)
        check(self._lib, status)

    def extend(self, iterable: Iterable[Any]) -> None:
        """Append every item of ``iterable`` (which may be this list): all
        or nothing."""
        items = self._materialize_items(iterable)
        if items:
            self._extend_c(items)

    def pop(self, index: Any = -1) -> int:
        """Remove and return the item at ``index`` (the last by default)."""
        i = as_ssize(index)
        with self._lock:
            size = int(self._lib.dsa_ll_len(self._l))
            if size == 0:
                raise IndexError(EMPTY_LIST)
            if i < 0:
                i += size
            if not 0 <= i < size:
                raise IndexError(POP_INDEX)
            status = self._lib.dsa_ll_pop(self._l, i, self._out)
            value = self._out[0]
        check(self._lib, status)
        return value

    def popleft(self) -> int:
        """Remove and return the first item.  O(1)."""
        with self._lock:
            status = self._lib.dsa_ll_pop(self._l, 0, self._out)
            value = self._out[0]
        check_nonempty(self._lib, status, EMPTY_LIST)
        return value

    def remove(self, value: Any) -> None:
        """Remove the first item equal to ``value``.  ValueError if none."""
        number = _c_int(value)
        with self._lock:
            if number is not None:
                status = self._lib.dsa_ll_remove_value(self._l, number)
                if status == self._lib.DSA_OK:
                    return
            elif type(value) is not int:
                for i, item in enumerate(self.to_list()):
                    if same_item(item, value):
                        if i < len(self):    # __eq__ may have changed us
                            del self[i]
                        return
        raise ValueError(REMOVE_MISSING)

    def clear(self) -> None:
        """Remove every item (every node handle goes stale)."""
        with self._lock:
            self._lib.dsa_ll_clear(self._l)

    def reverse(self) -> None:
        """Reverse in place by swapping each node's links: handles follow
        their values."""
        with self._lock:
            self._lib.dsa_ll_reverse(self._l)

    def sort(self, *, key: Optional[Callable[[int], Any]] = None,
             reverse: Any = False) -> None:
        """Sort in place, stably, by relinking nodes (values stay in their
        nodes, so handles follow them).  Without ``key`` a merge sort in C;
        with one, Python orders the positions by key and C relinks."""
        descending = as_sort_flag(reverse)
        if key is None:
            with self._lock:
                self._lib.dsa_ll_sort(self._l, descending)
            return
        with self._lock:
            cl = self._l
            mods = self._lib.dsa_ll_mods(cl)
            values = self.to_list()
        keys = [key(value) for value in values]
        order = sorted(range(len(values)), key=keys.__getitem__,
                       reverse=descending)
        buf = self._ffi.new("size_t[]", order)
        with self._lock:
            if self._l is not cl or self._lib.dsa_ll_mods(cl) != mods:
                raise ValueError(MODIFIED_DURING_SORT)
            status = self._lib.dsa_ll_permute(cl, buf, len(order))
        check(self._lib, status)

    def copy(self) -> "DoublyLinkedList":
        """A copy of the base class with the same layout and seed (as
        ``list.copy`` returns a list).  Handles do not carry over."""
        return self._like(self.to_list())

    # ---- operators ---------------------------------------------------------

    def _compare(self, other: Any, op: Callable[[Any, Any], Any]) -> Any:
        if not isinstance(other, DoublyLinkedList):
            return NotImplemented
        return op(self.to_list(), other.to_list())

    __hash__ = None  # type: ignore[assignment]    # mutable, like list

    def __add__(self, other: Any) -> "DoublyLinkedList":
        if not isinstance(other, DoublyLinkedList):    # the pure twin's words
            return reflected(self, other, "__radd__",
                             cannot_concatenate("DoublyLinkedList", other),
                             DoublyLinkedList)
        return self._like(self.to_list() + other.to_list())

    def __iadd__(self, other: Iterable[Any]) -> "DoublyLinkedList":
        self.extend(other)
        return self

    def _repeated(self, values: List[int], count: int) -> List[int]:
        if count > 0 and len(values) * count > SSIZE_MAX // NODE_BYTES:
            raise MemoryError         # as bare as list's: more nodes than memory holds
        return values * max(count, 0)

    def __mul__(self, n: Any) -> Any:
        if not has_index(n):
            return reflected(self, n, "__rmul__", cannot_multiply(n),
                             DoublyLinkedList)
        count = as_repeat_count(n)
        return self._like(self._repeated(self.to_list(), count))

    def __rmul__(self, n: Any) -> Any:
        if not has_index(n):
            return reflected_repeat(n)
        return self * n

    def __imul__(self, n: Any) -> Any:
        if not has_index(n):
            return NotImplemented     # Python then tries __mul__, which explains
        count = as_repeat_count(n)
        if count < 1:
            self.clear()
        else:
            values = self.to_list()
            self.extend(self._repeated(values, count - 1))
        return self

    # ---- representation, copying, pickling ---------------------------------

    def __repr__(self) -> str:
        name = repr_name(self, DoublyLinkedList)
        options = "" if self._layout == "malloc" else f", layout={self._layout!r}"
        return f"{name}({self.to_list()!r}{options})"

    def __reduce__(self) -> tuple:
        # Like list: rebuild an empty list of the same class and options,
        # restore a subclass's attributes, then extend with the items.
        state = getattr(self, "__dict__", None) or None
        return (_rebuild, (type(self), self._layout, self._seed, self._traced),
                state, iter(self.to_list()))

    def __sizeof__(self) -> int:
        with self._lock:
            return object.__sizeof__(self) + int(self._lib.dsa_ll_bytes(self._l))

    __class_getitem__ = classmethod(GenericAlias)



def _rebuild(cls: type, layout: str, seed: int, traced: bool) -> DoublyLinkedList:
    new = cls.__new__(cls)
    DoublyLinkedList._setup(new, layout, seed, traced)
    return new
