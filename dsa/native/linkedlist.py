"""The C twin of :class:`dsa.linkedlist.DoublyLinkedList`, and the kernels
that measure what following pointers costs (``native/linkedlist.c``).

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
Module-level functions, each returning a frozen dataclass.  Inputs are made
from ``seed`` before the clock starts: value ``k`` is draw ``k`` of
splitmix64 started at ``seed``, shifted right by 32 (so ``0 <= v < 2**32``
and sums are exact); shuffles (Fisher-Yates: for ``i = n-1`` down to 1,
swap ``i`` with ``draw % (i+1)``) and random positions come from a second
splitmix64 stream started at ``~seed``.  Each kernel checks its own result
(``ok``: sums, lengths, links).  No kernel allocates more than
:data:`MAX_KERNEL_BYTES` (1.5 GiB): bigger requests raise MemoryError before
anything is allocated.

:func:`walk`, :func:`walks`
    walk and sum ``n`` values: ``"array"``, ``"array_shuffled"`` (the same
    array visited in a shuffled index order: the cache without pointers),
    ``"nodes_malloc"``, ``"nodes_pool"`` (in order) and ``"nodes_shuffled"``.
:func:`insert_cost`, :func:`remove_cost`
    front and middle insert (array: ``memmove``; linked: walk to the middle
    and splice), and deleting a node already held vs shifting an array.
:func:`pointer_chase`, :func:`latency_ladder`
    nanoseconds per dependent load over a random cyclic chain (Sattolo's
    algorithm), one pointer per 64-byte line, at working sets from 16 KiB up.
:func:`read_bandwidth`
    sequential read bandwidth: the sum of a large array, in bytes per second.
:func:`lines_per_element`
    distinct lines (and line fetches) per element of each walk, from the
    traced build; :func:`model_lines` gives the exact count for the arrays
    and the pools.
"""

from __future__ import annotations

import secrets
import statistics
import threading
from collections.abc import MutableSequence
from dataclasses import dataclass
from types import GenericAlias
from typing import (Any, Callable, Dict, Iterable, Iterator, List, Optional,
                    Sequence, Tuple)

from dsa._compat import (EMPTY_LIST, EXTENDED_SLICE_NOT_ITERABLE, LIST_INDEX,
                         LIST_ASSIGNMENT_INDEX, MODIFIED_DURING_SORT, POP_INDEX,
                         REMOVE_MISSING, SLICE_NOT_ITERABLE, SSIZE_MAX,
                         RichComparisons, as_repeat_count, as_slice_bound,
                         as_sort_flag, as_ssize, as_subscript,
                         cannot_concatenate, cannot_multiply, cannot_pickle,
                         extended_slice_size_error, has_index,
                         list_index_error, name_of, not_in_list, reflected,
                         same_item, slice_items)
from dsa.pictures import Pictured

from ._common import (INT64_MAX, INT64_MIN, as_choice, as_int64,
                      as_int64_list, as_positive, as_seed, as_size, check,
                      read_last_lines, repr_name)
from ._loader import load

__all__ = [
    "DoublyLinkedList", "NodeHandle", "LAYOUTS", "NODE_BYTES", "LINE_BYTES",
    "MAX_KERNEL_BYTES", "WALK_KINDS", "LADDER_SIZES", "DEFAULT_LADDER_SIZES",
    "WalkResult", "OpsResult", "ChaseResult", "LadderResult",
    "BandwidthResult", "LinesResult",
    "walk", "walks", "insert_cost", "remove_cost", "pointer_chase",
    "latency_ladder", "read_bandwidth", "lines_per_element", "model_lines",
]

_ffi, _lib = load(False)

LAYOUTS = {"malloc": _lib.DSA_LL_MALLOC, "shuffled": _lib.DSA_LL_SHUFFLED,
           "pool": _lib.DSA_LL_POOL}
_LAYOUT_NAMES = {code: name for name, code in LAYOUTS.items()}

NODE_BYTES = int(_lib.dsa_ll_node_bytes())       # 24: prev, next, value
LINE_BYTES = 64
MAX_KERNEL_BYTES = int(_lib.DSA_MEM_MAX_BYTES_MIB) << 20


_NOT_IN_LIST = "node is not in any list (it was removed, or never added)"

_CHECK_MESSAGES = {
    _lib.DSA_LL_CHECK_ENDS: "head, tail and length disagree",
    _lib.DSA_LL_CHECK_LINKS: "a node's prev does not point back at the node "
                             "before it",
    _lib.DSA_LL_CHECK_LENGTH: "walking next from the head does not reach the "
                              "tail in exactly len steps (a cycle or a lost "
                              "node)",
    _lib.DSA_LL_CHECK_BACKWARD: "walking prev from the tail does not reach "
                                "the head in exactly len steps",
    _lib.DSA_LL_CHECK_OWNER: "a node in the chain is not registered to this "
                             "list",
    _lib.DSA_LL_CHECK_REGISTRY: "the node registry does not hold exactly the "
                                "list's nodes",
    _lib.DSA_LL_CHECK_POOL: "a node lies outside the list's pools, or pool "
                            "slots went missing",
}


# ---------------------------------------------------------------------------
# Arguments (list's own rules and messages are dsa._compat's, shared with the
# pure-Python twin)
# ---------------------------------------------------------------------------

def _c_int(value: Any) -> Optional[int]:
    """``value`` as an int64 when C can search for it, else None.

    Only plain ints and bools take the C path; anything else (a float, an
    int subclass with its own ``__eq__``) is compared in Python, item by
    item, exactly as ``list`` would.
    """
    if type(value) is int or type(value) is bool:
        number = int(value)
        if INT64_MIN <= number <= INT64_MAX:
            return number
    return None


# ---------------------------------------------------------------------------
# Node handles
# ---------------------------------------------------------------------------

class NodeHandle:
    """A checked reference to one node of a :class:`DoublyLinkedList`.

    ``value`` can be read and assigned, ``next`` and ``prev`` are the
    neighbouring handles (None at the ends), ``owner`` is the list while the
    node is in it and None after it was removed.  See the module notes for
    how a stale or foreign handle is refused.
    """

    __slots__ = ("_owner", "_cl", "_addr", "_serial")

    def __init__(self, owner: "DoublyLinkedList", cl: Any, addr: int,
                 serial: int) -> None:
        self._owner = owner
        self._cl = cl            # the C list this node was made in
        self._addr = addr
        self._serial = serial

    @property
    def value(self) -> int:
        return self._owner._node_value(self)

    @value.setter
    def value(self, value: Any) -> None:
        self._owner._node_set(self, value)

    @property
    def next(self) -> Optional["NodeHandle"]:
        return self._owner._node_step(self, True)

    @property
    def prev(self) -> Optional["NodeHandle"]:
        return self._owner._node_step(self, False)

    @property
    def owner(self) -> Optional["DoublyLinkedList"]:
        """The list this node is in, or None once it has been removed."""
        return self._owner if self._owner._alive(self) else None

    @property
    def address(self) -> int:
        """Where the node is (was) in memory: for looking, never for use."""
        return self._addr

    def __eq__(self, other: object) -> Any:
        if not isinstance(other, NodeHandle):
            return NotImplemented
        return (self._cl is other._cl and self._addr == other._addr
                and self._serial == other._serial)

    def __hash__(self) -> int:
        return hash((id(self._cl), self._addr, self._serial))

    def __repr__(self) -> str:
        try:
            return f"<dsa.native node value={self.value!r}>"
        except ValueError:
            return "<dsa.native node, detached>"


# ---------------------------------------------------------------------------
# The list
# ---------------------------------------------------------------------------

class _Walk:
    """A walk along a C list from one end, as list's iterator walks a list:
    ``operator.length_hint`` says how many values are left, and a walk over
    values pickles as an iterator over what is left (read from the C list,
    without moving this walk).  RuntimeError if nodes are added, removed or
    reordered meanwhile; after it, and at the end, the walk is over."""

    __slots__ = ("_owner", "_cl", "_mods", "_ref", "_nxt", "_out",
                 "_forward", "_handles", "_left")

    def __init__(self, owner: "DoublyLinkedList", cl: Any, mods: int,
                 addr: int, serial: int, forward: bool, handles: bool,
                 left: int) -> None:
        ffi = owner._ffi
        self._owner: Optional[DoublyLinkedList] = owner
        self._cl, self._mods, self._forward = cl, mods, forward
        self._handles, self._left = handles, left
        self._ref = ffi.new("struct dsa_ll_ref *")
        self._nxt = ffi.new("struct dsa_ll_ref *")
        self._out = ffi.new("int64_t *")
        self._ref.node, self._ref.serial = addr, serial

    def __iter__(self) -> "_Walk":
        return self

    def _current(self, owner: "DoublyLinkedList") -> bool:
        """Is the list still the one this walk started on, unchanged?"""
        return (owner._l is self._cl
                and owner._lib.dsa_ll_mods(self._cl) == self._mods)

    def __next__(self) -> Any:
        owner = self._owner
        if owner is None:
            raise StopIteration
        lib, ref = owner._lib, self._ref
        with owner._lock:
            if not self._current(owner):
                self._owner = None
                raise owner._changed()
            if ref.node == 0:
                self._owner = None
                raise StopIteration
            status = lib.dsa_ll_step(self._cl, ref, self._forward, self._out,
                                     self._nxt)
            value, addr, serial = self._out[0], int(ref.node), int(ref.serial)
        if status != lib.DSA_OK:            # cannot happen while mods holds
            self._owner = None
            raise owner._changed()
        self._ref, self._nxt = self._nxt, ref
        self._left -= 1
        if self._handles:
            return NodeHandle(owner, self._cl, addr, serial)
        return value

    def __length_hint__(self) -> int:
        owner = self._owner
        if owner is None:
            return 0
        with owner._lock:
            return max(self._left, 0) if self._current(owner) else 0

    def __reduce__(self) -> tuple:
        owner = self._owner
        if self._handles:
            raise cannot_pickle(self)
        if owner is None:
            return iter, ([],)
        with owner._lock:
            if not self._current(owner):
                return iter, ([],)
            rest = _Walk(owner, self._cl, self._mods, int(self._ref.node),
                         int(self._ref.serial), self._forward, False,
                         self._left)
        return iter, (list(rest),)


class DoublyLinkedList(Pictured, RichComparisons, MutableSequence, picture="doubly"):
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
    pickling.  Changing the structure while iterating makes the iterator
    raise RuntimeError.
    """

    __slots__ = ("_l", "_lib", "_ffi", "_lock", "_layout", "_seed", "_traced",
                 "_ref", "_ref2", "_out", "_index", "__weakref__")

    def __new__(cls, *args: Any, **kwargs: Any) -> "DoublyLinkedList":
        # A new object is a valid empty list before __init__ runs, so that
        # unpickling and subclasses that skip __init__ still work.
        self = super().__new__(cls)
        self._setup("malloc", None, False)
        return self

    def __init__(self, iterable: Iterable[Any] = (), /, *,
                 layout: str = "malloc", seed: Optional[int] = None,
                 traced: bool = False) -> None:
        items = self._materialize_items(iterable)
        # Starting over: a fresh C list, so handles of the old one go stale.
        self._setup(layout, seed, traced)
        if items:
            self._extend_c(items)

    # ---- plumbing -------------------------------------------------------

    def _setup(self, layout: Any, seed: Any, traced: Any) -> None:
        code = as_choice(layout, LAYOUTS, "layout")
        seed = secrets.randbits(64) if seed is None else as_seed(seed)
        traced = bool(traced)
        ffi, lib = load(traced)
        out = ffi.new("dsa_ll **")
        check(lib, lib.dsa_ll_new(code, seed, out))
        cl = ffi.gc(out[0], lib.dsa_ll_free)       # freed with this object
        if traced:
            check(lib, lib.dsa_ll_set_tracing(cl, 1),
                  "this build of the C twins cannot trace")
        self._ffi = ffi
        self._lib = lib
        self._l = cl
        self._lock = threading.RLock()
        self._layout = layout
        self._seed = seed
        self._traced = traced
        # Scratch space, only ever used while holding the lock.
        self._ref = ffi.new("struct dsa_ll_ref *")
        self._ref2 = ffi.new("struct dsa_ll_ref *")
        self._out = ffi.new("int64_t *")
        self._index = ffi.new("size_t *")

    def _materialize_items(self, iterable: Iterable[Any]) -> List[int]:
        if iterable is self:
            return self.to_list()
        return as_int64_list(iterable)

    def _like(self, items: List[int]) -> "DoublyLinkedList":
        """A new list of the base class with these items and our options
        (slices, +, * and copy() return the base class, as list does)."""
        new = DoublyLinkedList(layout=self._layout, seed=self._seed,
                               traced=self._traced)
        if items:
            new._extend_c(items)
        return new

    def _extend_c(self, items: List[int]) -> None:
        buf = self._ffi.new("int64_t[]", items)
        with self._lock:
            status = self._lib.dsa_ll_extend(self._l, buf, len(items))
        check(self._lib, status)

    def _handle(self, ref: Any) -> Optional[NodeHandle]:
        if ref.node == 0:
            return None
        return NodeHandle(self, self._l, int(ref.node), int(ref.serial))

    def _position(self, index: Any, n: int, message: str) -> int:
        i = as_subscript(index)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(message)
        return i

    def _changed(self) -> RuntimeError:
        return RuntimeError(f"{type(self).__name__} mutated during iteration")

    # -- handles in: refuse anything but a live node of this very list ------

    def _foreign(self, node: Any) -> None:
        """Refuse non-handles and handles of other lists.  Called without
        our lock held, so that asking the other list never nests locks."""
        if not isinstance(node, NodeHandle):
            raise TypeError(f"expected a NodeHandle, not {name_of(node)}")
        if node._owner is not self:
            if node._owner._alive(node):
                raise ValueError("node belongs to another list")
            raise ValueError(_NOT_IN_LIST)

    def _fill(self, node: NodeHandle, ref: Any) -> Any:
        """Load a handle into a C reference (under the lock).  A handle from
        before this list was re-initialised names no node of this C list."""
        if node._cl is self._l:
            ref.node = node._addr
            ref.serial = node._serial
        else:
            ref.node = 0
            ref.serial = 0
        return ref

    def _node_check(self, status: int) -> None:
        if status == self._lib.DSA_EVALUE:
            raise ValueError(_NOT_IN_LIST)
        check(self._lib, status)

    def _alive(self, node: NodeHandle) -> bool:
        with self._lock:
            return bool(self._lib.dsa_ll_owns(self._l, self._fill(node, self._ref)))

    def _node_value(self, node: NodeHandle) -> int:
        with self._lock:
            status = self._lib.dsa_ll_node_get(
                self._l, self._fill(node, self._ref), self._out)
            value = self._out[0]
        self._node_check(status)
        return value

    def _node_set(self, node: NodeHandle, value: Any) -> None:
        number = as_int64(value)
        with self._lock:
            status = self._lib.dsa_ll_node_set(
                self._l, self._fill(node, self._ref), number)
        self._node_check(status)

    def _node_step(self, node: NodeHandle, forward: bool) -> Optional[NodeHandle]:
        with self._lock:
            status = self._lib.dsa_ll_step(self._l, self._fill(node, self._ref),
                                           forward, self._out, self._ref2)
            neighbour = self._handle(self._ref2)
        self._node_check(status)
        return neighbour

    # ---- properties -----------------------------------------------------

    @property
    def layout(self) -> str:
        return self._layout

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def traced(self) -> bool:
        return self._traced

    @property
    def last_lines(self) -> int:
        """Distinct 64-byte lines the last operation touched (see the module
        notes for exactly which).  Needs ``traced=True``."""
        return read_last_lines(self._lock, self._lib.dsa_ll_last_lines,
                               self._lib.dsa_ll_trace_overflowed, self._l,
                               self._traced, "list")

    # ---- size, iteration, looking ----------------------------------------

    def __len__(self) -> int:
        with self._lock:
            return int(self._lib.dsa_ll_len(self._l))

    def __bool__(self) -> bool:
        return len(self) > 0

    def to_list(self) -> List[int]:
        """The values, front to back, as a plain list (one C call)."""
        with self._lock:
            n = self._lib.dsa_ll_len(self._l)
            buf = self._ffi.new("int64_t[]", n)
            status = self._lib.dsa_ll_items(self._l, buf, n)
        check(self._lib, status)
        return list(buf)

    def _start(self, forward: bool, handles: bool = False) -> "_Walk":
        """Snapshot (when the iterator is made, not when it first runs) and
        the walk itself: values, or node handles if ``handles``."""
        with self._lock:
            cl = self._l
            mods = self._lib.dsa_ll_mods(cl)
            self._lib.dsa_ll_ends(cl, self._ref, self._ref2)
            start = self._ref if forward else self._ref2
            addr, serial = int(start.node), int(start.serial)
            left = int(self._lib.dsa_ll_len(cl))
        return _Walk(self, cl, mods, addr, serial, forward, handles, left)

    def __iter__(self) -> Iterator[int]:
        """The values, front to back.  RuntimeError if nodes are added,
        removed or reordered meanwhile (assigning values is allowed)."""
        return self._start(True)

    def __reversed__(self) -> Iterator[int]:
        return self._start(False)

    def nodes(self) -> Iterator[NodeHandle]:
        """Handles of the nodes, front to back (RuntimeError if the
        structure changes meanwhile: to remove while walking, walk
        ``list(lst.nodes())``)."""
        return self._start(True, handles=True)

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

    def check_invariants(self) -> None:
        """Raise AssertionError, saying what, unless prev/next are symmetric,
        head, tail and len agree, there is no cycle, and every node is owned
        by this list (registered, and inside its pools if pooled)."""
        with self._lock:
            code = self._lib.dsa_ll_check(self._l)
        if code != self._lib.DSA_LL_CHECK_OK:
            raise AssertionError(
                f"C linked list broken: {_CHECK_MESSAGES.get(code, code)}")

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
        if status == self._lib.DSA_EEMPTY:
            raise IndexError(EMPTY_LIST)
        check(self._lib, status)
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

    # ---- node handles ----------------------------------------------------

    def _end(self, tail: bool) -> Optional[NodeHandle]:
        with self._lock:
            self._lib.dsa_ll_ends(self._l, self._ref, self._ref2)
            return self._handle(self._ref2 if tail else self._ref)

    @property
    def head_node(self) -> Optional[NodeHandle]:
        """The first node, or None when the list is empty.  O(1)."""
        return self._end(False)

    @property
    def tail_node(self) -> Optional[NodeHandle]:
        """The last node, or None when the list is empty.  O(1)."""
        return self._end(True)

    def node_at(self, index: Any) -> NodeHandle:
        """The node at position ``index`` (negative counts from the end)."""
        if not has_index(index):
            raise TypeError(
                f"node indices must be integers, not {name_of(index)}")
        with self._lock:
            n = int(self._lib.dsa_ll_len(self._l))
            i = self._position(index, n, LIST_INDEX)
            status = self._lib.dsa_ll_node_at(self._l, i, self._ref)
            node = self._handle(self._ref)
        check(self._lib, status)
        assert node is not None
        return node

    def find_node(self, value: Any) -> NodeHandle:
        """The first node whose value equals ``value``.  ValueError if none."""
        number = _c_int(value)
        with self._lock:
            if number is not None:
                status = self._lib.dsa_ll_find(self._l, number, 0, SSIZE_MAX,
                                               self._ffi.NULL, self._ref)
                if status == self._lib.DSA_OK:
                    return self._handle(self._ref)  # type: ignore[return-value]
            elif type(value) is not int:
                for i, item in enumerate(self.to_list()):
                    if same_item(item, value):
                        return self.node_at(i)
        raise not_in_list(value)

    def _push_node(self, value: Any, front: bool) -> NodeHandle:
        number = as_int64(value)
        with self._lock:
            push = (self._lib.dsa_ll_push_front if front
                    else self._lib.dsa_ll_push_back)
            status = push(self._l, number, self._ref)
            node = self._handle(self._ref)
        check(self._lib, status)
        assert node is not None
        return node

    def append_node(self, value: Any) -> NodeHandle:
        """Like ``append``, but return the new node.  O(1)."""
        return self._push_node(value, False)

    def appendleft_node(self, value: Any) -> NodeHandle:
        """Like ``appendleft``, but return the new node.  O(1)."""
        return self._push_node(value, True)

    def _insert_beside(self, node: Any, value: Any, after: bool) -> NodeHandle:
        self._foreign(node)
        number = as_int64(value)
        with self._lock:
            insert = (self._lib.dsa_ll_insert_after if after
                      else self._lib.dsa_ll_insert_before)
            status = insert(self._l, self._fill(node, self._ref), number,
                            self._ref2)
            new = self._handle(self._ref2)
        self._node_check(status)
        assert new is not None
        return new

    def insert_after(self, node: NodeHandle, value: Any) -> NodeHandle:
        """Splice a new node holding ``value`` in after ``node``; return it."""
        return self._insert_beside(node, value, True)

    def insert_before(self, node: NodeHandle, value: Any) -> NodeHandle:
        """Splice a new node holding ``value`` in before ``node``; return it."""
        return self._insert_beside(node, value, False)

    def remove_node(self, node: NodeHandle) -> int:
        """Unlink ``node`` and return its value.  O(1)."""
        self._foreign(node)
        with self._lock:
            status = self._lib.dsa_ll_remove_node(
                self._l, self._fill(node, self._ref), self._out)
            value = self._out[0]
        self._node_check(status)
        return value

    def move_to_front(self, node: NodeHandle) -> None:
        """Make ``node`` the first node.  O(1)."""
        self._foreign(node)
        with self._lock:
            status = self._lib.dsa_ll_move_to_front(
                self._l, self._fill(node, self._ref))
        self._node_check(status)

    def move_to_back(self, node: NodeHandle) -> None:
        """Make ``node`` the last node.  O(1)."""
        self._foreign(node)
        with self._lock:
            status = self._lib.dsa_ll_move_to_back(
                self._l, self._fill(node, self._ref))
        self._node_check(status)

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
            return NotImplemented     # let a sequence on the left say what is wrong
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


###############################################################################
# Kernels timed inside C
###############################################################################

WALK_KINDS = ("array", "array_shuffled", "nodes_malloc", "nodes_pool",
              "nodes_shuffled")
_KINDS = {"array": _lib.DSA_MEM_ARRAY,
          "array_shuffled": _lib.DSA_MEM_ARRAY_SHUFFLED,
          "nodes_malloc": _lib.DSA_MEM_NODES_MALLOC,
          "nodes_pool": _lib.DSA_MEM_NODES_POOL,
          "nodes_shuffled": _lib.DSA_MEM_NODES_SHUFFLED}
_STRUCTURES = {"array": _lib.DSA_MEM_STRUCT_ARRAY,
               "linked": _lib.DSA_MEM_STRUCT_LINKED}
_WHERE = {"front": _lib.DSA_MEM_FRONT, "middle": _lib.DSA_MEM_MIDDLE}

KIB, MIB, GIB = 1 << 10, 1 << 20, 1 << 30
#: Working sets of the latency ladder, 16 KiB to 1 GiB in powers of two.
LADDER_SIZES = tuple(16 * KIB << k for k in range(17))
#: The default ladder stops at 256 MiB; pass LADDER_SIZES to go to 1 GiB.
DEFAULT_LADDER_SIZES = tuple(s for s in LADDER_SIZES if s <= 256 * MIB)


def _element_bytes(kind: str) -> int:
    return 8 if kind.startswith("array") else NODE_BYTES


@dataclass(frozen=True)
class WalkResult:
    """Walk and sum ``n`` values laid out as ``kind`` says.

    ``pass_ns``: nanoseconds of each timed pass (after one untimed warm-up
    pass), measured inside C.  ``bytes``: where the values live, ``8 * n``
    for the arrays and ``NODE_BYTES * n`` for nodes (the visiting order of
    ``array_shuffled``, 4 bytes an element, and malloc's headers are not
    counted); ``span_bytes``: lowest to highest byte of that home (for
    malloc'd nodes it shows the allocator's spacing).  ``ok``: every pass
    summed to ``expected_sum``.
    """

    kind: str
    n: int
    pass_ns: Tuple[int, ...]
    sum: int
    expected_sum: int
    bytes: int
    span_bytes: int
    ok: bool

    @property
    def median_ns(self) -> float:
        return float(statistics.median(self.pass_ns))

    @property
    def best_ns(self) -> int:
        return min(self.pass_ns)

    @property
    def ns_per_element(self) -> float:
        """Median pass, nanoseconds per element."""
        return self.median_ns / self.n if self.n else 0.0

    @property
    def best_ns_per_element(self) -> float:
        return self.best_ns / self.n if self.n else 0.0

    @property
    def bytes_per_s(self) -> float:
        """``bytes`` over the median pass, in bytes per second."""
        return self.bytes / (self.median_ns * 1e-9) if self.median_ns else 0.0


def walk(n: int, kind: str = "array", *, repeats: int = 3,
         seed: int = 1) -> WalkResult:
    """Time summing ``n`` values: ``kind`` is one of :data:`WALK_KINDS`."""
    n = as_size(n, "n")
    code = as_choice(kind, _KINDS, "kind")
    repeats = as_positive(repeats, "repeats")
    passes = _ffi.new("int64_t[]", repeats)
    out = _ffi.new("struct dsa_mem_walk_result *")
    check(_lib, _lib.dsa_mem_walk(n, code, repeats, as_seed(seed), passes, out))
    return WalkResult(kind=kind, n=n, pass_ns=tuple(passes), sum=int(out.sum),
                      expected_sum=int(out.expected_sum),
                      bytes=n * _element_bytes(kind),
                      span_bytes=int(out.span_bytes), ok=bool(out.ok))


def walks(n: int, kinds: Sequence[str] = WALK_KINDS, *, repeats: int = 3,
          seed: int = 1) -> Dict[str, WalkResult]:
    """:func:`walk` for each kind, one after the other (each frees its
    memory before the next is built); the same values in every kind."""
    return {kind: walk(n, kind, repeats=repeats, seed=seed) for kind in kinds}


@dataclass(frozen=True)
class OpsResult:
    """``ops`` inserts or removals on a structure of ``n`` values.

    ``ns``: all ``ops`` operations, nanoseconds inside C.  ``where``:
    "front" or "middle" for inserts, "random" for removals.  ``layout``:
    where the linked nodes live (None for the array).  ``len`` and ``sum``
    describe the structure afterwards; ``ok``: they match what was put in
    and taken out, and (linked) the links are symmetric.
    """

    operation: str
    structure: str
    where: str
    layout: Optional[str]
    n: int
    ops: int
    ns: int
    len: int
    sum: int
    expected_sum: int
    ok: bool

    @property
    def ns_per_op(self) -> float:
        return self.ns / self.ops


def insert_cost(n: int, *, structure: str = "array", where: str = "front",
                ops: int = 100, layout: str = "malloc",
                seed: int = 1) -> OpsResult:
    """Time ``ops`` inserts into ``n`` values, at the front or the middle
    (position len/2, before the value there).

    ``structure="array"``: room for all ``ops`` is reserved beforehand, each
    insert is a ``memmove`` of the tail.  ``"linked"``: ``layout`` places the
    ``n`` nodes; each insert mallocs its node inside the clock, walks from
    the head to the middle (when ``where="middle"``) and splices.
    """
    n = as_size(n, "n")
    s = as_choice(structure, _STRUCTURES, "structure")
    w = as_choice(where, _WHERE, "where")
    lay = as_choice(layout, LAYOUTS, "layout")
    ops = as_positive(ops, "ops")
    out = _ffi.new("struct dsa_mem_ops_result *")
    check(_lib, _lib.dsa_mem_insert(n, s, w, lay, ops, as_seed(seed), out))
    return _ops_result("insert", structure, where, layout, n, ops, out)


def remove_cost(n: int, *, structure: str = "array", ops: int = 100,
                layout: str = "malloc", seed: int = 1) -> OpsResult:
    """Time ``ops`` removals (``ops <= n``) from ``n`` values.

    ``"array"``: delete at a random position with ``memmove``.  ``"linked"``:
    unlink a node already held (distinct random nodes, their pointers
    gathered before the clock); malloc'd nodes are freed inside the clock.
    """
    n = as_size(n, "n")
    s = as_choice(structure, _STRUCTURES, "structure")
    lay = as_choice(layout, LAYOUTS, "layout")
    ops = as_positive(ops, "ops")
    if ops > n:
        raise ValueError(f"cannot remove {ops} values from {n}")
    out = _ffi.new("struct dsa_mem_ops_result *")
    check(_lib, _lib.dsa_mem_remove(n, s, lay, ops, as_seed(seed), out))
    return _ops_result("remove", structure, "random", layout, n, ops, out)


def _ops_result(operation: str, structure: str, where: str, layout: str,
                n: int, ops: int, out: Any) -> OpsResult:
    return OpsResult(operation=operation, structure=structure, where=where,
                     layout=layout if structure == "linked" else None,
                     n=n, ops=ops, ns=int(out.ns), len=int(out.len),
                     sum=int(out.sum), expected_sum=int(out.expected_sum),
                     ok=bool(out.ok))


@dataclass(frozen=True)
class ChaseResult:
    """A pointer chase over ``bytes`` bytes: ``lines`` 64-byte lines in one
    random cycle, ``loads`` dependent loads in ``ns`` nanoseconds (after one
    untimed lap of the cycle).  ``ok``: the cycle visits every line."""

    bytes: int
    lines: int
    loads: int
    ns: int
    end: int
    ok: bool

    @property
    def ns_per_load(self) -> float:
        return self.ns / self.loads


def pointer_chase(nbytes: int, *, loads: Optional[int] = None,
                  seed: int = 1) -> ChaseResult:
    """Nanoseconds per dependent load over a working set of ``nbytes`` (a
    multiple of 64, at least 128).  ``loads`` defaults to the larger of
    2**21 and the number of lines, enough to amortise the clock and to
    leave the untimed lap's warm-up behind."""
    nbytes = as_size(nbytes, "nbytes")
    if loads is None:
        loads = max(1 << 21, nbytes // LINE_BYTES)
    loads = as_positive(loads, "loads")
    out = _ffi.new("struct dsa_mem_chase_result *")
    status = _lib.dsa_mem_chase(nbytes, loads, as_seed(seed), out)
    if status == _lib.DSA_EVALUE:
        raise ValueError(f"working set must be a multiple of 64 bytes, at "
                         f"least 128, got {nbytes}")
    check(_lib, status)
    return ChaseResult(bytes=nbytes, lines=int(out.lines), loads=int(out.loads),
                       ns=int(out.ns), end=int(out.end), ok=bool(out.ok))


@dataclass(frozen=True)
class LadderResult:
    """The latency ladder: one :class:`ChaseResult` per working set, in the
    order asked for."""

    points: Tuple[ChaseResult, ...]

    @property
    def sizes(self) -> Tuple[int, ...]:
        return tuple(p.bytes for p in self.points)

    @property
    def ns_per_load(self) -> Tuple[float, ...]:
        return tuple(p.ns_per_load for p in self.points)

    @property
    def dram_ns_per_load(self) -> float:
        """The largest working set's latency: main memory when that set is
        well past the last-level cache."""
        return max(self.points, key=lambda p: p.bytes).ns_per_load

    @property
    def l1_ns_per_load(self) -> float:
        return min(self.points, key=lambda p: p.bytes).ns_per_load


def latency_ladder(sizes: Iterable[int] = DEFAULT_LADDER_SIZES, *,
                   loads: Optional[int] = None, seed: int = 1) -> LadderResult:
    """:func:`pointer_chase` at each working set in ``sizes`` (default 16 KiB
    to 256 MiB; :data:`LADDER_SIZES` goes on to 1 GiB).  Each size is
    allocated, measured and freed before the next."""
    sizes = [as_size(s, "size") for s in sizes]
    return LadderResult(points=tuple(
        pointer_chase(s, loads=loads, seed=seed) for s in sizes))


@dataclass(frozen=True)
class BandwidthResult:
    """Sequential read of ``bytes`` bytes (an int64 array summed with four
    independent accumulators), ``pass_ns`` per timed pass after one untimed
    pass.  ``ok``: every pass summed to ``expected_sum``."""

    bytes: int
    pass_ns: Tuple[int, ...]
    sum: int
    expected_sum: int
    ok: bool

    @property
    def best_ns(self) -> int:
        return min(self.pass_ns)

    @property
    def bytes_per_s(self) -> float:
        """From the best pass, as STREAM-style benchmarks report."""
        return self.bytes / (self.best_ns * 1e-9) if self.best_ns else 0.0

    @property
    def median_bytes_per_s(self) -> float:
        median = statistics.median(self.pass_ns)
        return self.bytes / (median * 1e-9) if median else 0.0

    @property
    def gib_per_s(self) -> float:
        return self.bytes_per_s / GIB


def read_bandwidth(nbytes: int = 256 * MIB, *, repeats: int = 5,
                   seed: int = 1) -> BandwidthResult:
    """Sequential read bandwidth over ``nbytes`` (a multiple of 64; pick one
    well past the last-level cache for main memory)."""
    nbytes = as_size(nbytes, "nbytes")
    repeats = as_positive(repeats, "repeats")
    passes = _ffi.new("int64_t[]", repeats)
    out = _ffi.new("struct dsa_mem_bandwidth_result *")
    status = _lib.dsa_mem_read_bandwidth(nbytes, repeats, as_seed(seed),
                                         passes, out)
    if status == _lib.DSA_EVALUE:
        raise ValueError(f"nbytes must be a positive multiple of 64, got "
                         f"{nbytes}")
    check(_lib, status)
    return BandwidthResult(bytes=nbytes, pass_ns=tuple(passes),
                           sum=int(out.sum), expected_sum=int(out.expected_sum),
                           ok=bool(out.ok))


@dataclass(frozen=True)
class LinesResult:
    """Cache lines behind one walk of ``n`` values, from the traced build.

    ``lines``: distinct 64-byte lines holding the values visited (the array
    slots, or whole 24-byte nodes).  ``fetches``: how many times the walk
    moved to a line other than the one it touched last, i.e. the misses of a
    cache holding a single line; for an in-order walk it equals ``lines``,
    for a shuffled one it approaches one (or two, for a node straddling a
    boundary) per element.  ``ok``: the traced walk's sum was right.
    """

    kind: str
    n: int
    lines: int
    fetches: int
    sum: int
    expected_sum: int
    ok: bool

    @property
    def lines_per_element(self) -> float:
        return self.lines / self.n if self.n else 0.0

    @property
    def fetches_per_element(self) -> float:
        return self.fetches / self.n if self.n else 0.0


def lines_per_element(n: int, kind: str = "array", *,
                      seed: int = 1) -> LinesResult:
    """Lines and line fetches of one walk of ``n`` values of ``kind``."""
    n = as_size(n, "n")
    code = as_choice(kind, _KINDS, "kind")
    ffi, lib = load(True)
    out = ffi.new("struct dsa_mem_lines_result *")
    check(lib, lib.dsa_mem_lines(n, code, as_seed(seed), out))
    return LinesResult(kind=kind, n=n, lines=int(out.lines),
                       fetches=int(out.fetches), sum=int(out.sum),
                       expected_sum=int(out.expected_sum), ok=bool(out.ok))


def model_lines(n: int, kind: str) -> Optional[int]:
    """The distinct lines a walk of ``n`` values must touch, where the model
    is exact: the arrays and pools start on a line, so ``ceil(8n / 64)``
    for both array walks and ``ceil(24n / 64)`` for both pool walks (a
    shuffled order visits the same lines, only not in order).  None for
    malloc'd nodes, whose placement is the allocator's."""
    as_choice(kind, _KINDS, "kind")
    if kind == "nodes_malloc":
        return None
    return -(-n * _element_bytes(kind) // LINE_BYTES)
