"""The C list beneath :class:`dsa.native.DoublyLinkedList`: the cffi
plumbing, the checked node handles and the walks that iterate it.

:mod:`dsa.native.linkedlist` tells the whole story (layouts, why a handle
is safe, what tracing counts) and builds the ``list`` surface on
:class:`_NativeLinkedList` here: everything that reads, writes or splices
by position, the operators, ``repr`` and pickling.  This module holds what
is particular to a C list: making and freeing it, handles going in and out
of C, iteration, and the node-handle methods.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import MutableSequence
from typing import Any, Iterable, Iterator, List, Optional

from dsa._compat import (LIST_INDEX, RichComparisons, as_subscript,
                         cannot_pickle, has_index, name_of, not_in_list,
                         same_item, SSIZE_MAX)

from dsa._list_iterators import clamped, left, reduced, state_index
from dsa._properties import read_only

from ._common import (INT64_MAX, INT64_MIN, as_choice, as_int64, as_int64_list,
                      as_seed, check)
from ._face import NativeFace
from ._loader import load

_ffi, _lib = load(False)

LAYOUTS = {"malloc": _lib.DSA_LL_MALLOC, "shuffled": _lib.DSA_LL_SHUFFLED,
           "pool": _lib.DSA_LL_POOL}
_LAYOUT_NAMES = {code: name for name, code in LAYOUTS.items()}

NODE_BYTES = int(_lib.dsa_ll_node_bytes())       # 24: prev, next, value
LINE_BYTES = 64


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
    """A checked reference to one node of a native DoublyLinkedList.

    ``value`` can be read and assigned, ``next`` and ``prev`` are the
    neighbouring handles (None at the ends), ``owner`` is the list while the
    node is in it and None after it was removed.  See the module notes for
    how a stale or foreign handle is refused.
    """

    __slots__ = ("_owner", "_cl", "_addr", "_serial")

    def __init__(self, owner: "_NativeLinkedList", cl: Any, addr: int,
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
    def owner(self) -> Optional["_NativeLinkedList"]:
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

class _Steps:
    """What walks along a C list hold: the list (None once over), the C list
    and its change counter when ``_ref`` was found, ``_ref`` the node of the
    next step (node 0 where a step must stop), and the buffers of one step."""

    __slots__ = ("_owner", "_cl", "_mods", "_ref", "_nxt", "_out")

    def __init__(self, owner: "_NativeLinkedList", cl: Any, mods: int,
                 ref: Any) -> None:
        ffi = owner._ffi
        self._owner: Optional[_NativeLinkedList] = owner
        self._cl, self._mods = cl, mods
        self._ref = ffi.new("struct dsa_ll_ref *")
        self._nxt = ffi.new("struct dsa_ll_ref *")
        self._out = ffi.new("int64_t *")
        self._ref.node, self._ref.serial = ref.node, ref.serial

    def __iter__(self) -> "_Steps":
        return self

    def _current(self, owner: "_NativeLinkedList") -> bool:
        """Is the list still the one ``_ref`` was found on, unchanged?"""
        return (owner._l is self._cl
                and owner._lib.dsa_ll_mods(self._cl) == self._mods)


class _Cursor(_Steps):
    """``iter(a)`` or ``reversed(a)`` over a C list, by position as list's
    iterators go (``dsa/_list_iterators.py`` tells the rules): ``_index`` is
    the position of the next value and ``_ref`` its node while the C list is
    unchanged.  So a step is one C call that reads the node's value and a
    reference to its neighbour; after a change (or ``__init__``, which gives
    the list a new C list) the node is looked up again by position
    (``dsa_ll_ref_at``: a walk in C, untraced)."""

    __slots__ = ("_index", "_forward")

    def __init__(self, owner: "_NativeLinkedList", cl: Any, mods: int,
                 ref: Any, index: int, forward: bool) -> None:
        super().__init__(owner, cl, mods, ref)
        self._index, self._forward = index, forward

    def _find(self, owner: "_NativeLinkedList") -> None:
        lib, cl, i = owner._lib, owner._l, self._index
        self._cl, self._mods = cl, lib.dsa_ll_mods(cl)
        if i >= 0:
            lib.dsa_ll_ref_at(cl, i, self._ref)     # node 0 past the end
        else:
            self._ref.node = self._ref.serial = 0   # a reversed walk's end

    def __next__(self) -> int:
        owner = self._owner
        if owner is None:
            raise StopIteration
        lib = owner._lib
        with owner._lock:
            if owner._l is not self._cl or lib.dsa_ll_mods(self._cl) != self._mods:
                self._find(owner)
            ref = self._ref
            if ref.node == 0:
                self._owner = self._cl = None      # exhausted for good
                raise StopIteration
            status = lib.dsa_ll_step(self._cl, ref, self._forward, self._out,
                                     self._nxt)
            value: int = self._out[0]
        if status != lib.DSA_OK:            # cannot happen while mods holds
            check(lib, status)
        self._ref, self._nxt = self._nxt, ref
        self._index += 1 if self._forward else -1
        return value

    def __length_hint__(self) -> int:
        owner = self._owner
        return 0 if owner is None else left(len(owner), self._index, self._forward)

    def __reduce__(self) -> tuple:
        return reduced(self._owner, self._index, self._forward)

    def __setstate__(self, state: object) -> None:
        index = state_index(state)    # refused even once exhausted, as by list
        owner = self._owner
        if owner is not None:
            self._index = clamped(index, len(owner), self._forward)
            self._cl = None                       # look the node up again


class _NodeWalk(_Steps):
    """``nodes()``: handles of the nodes from the front.  Not a list
    iterator (a handle in hand may have left the list), so RuntimeError if
    nodes are added, removed or reordered meanwhile; after it, and at the
    end, the walk is over.  ``operator.length_hint`` says how many are
    left; it cannot be pickled (handles cannot)."""

    __slots__ = ("_left",)

    def __init__(self, owner: "_NativeLinkedList", cl: Any, mods: int,
                 ref: Any, left: int) -> None:
        super().__init__(owner, cl, mods, ref)
        self._left = left

    def __next__(self) -> NodeHandle:
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
            status = lib.dsa_ll_step(self._cl, ref, True, self._out, self._nxt)
            addr, serial = int(ref.node), int(ref.serial)
        if status != lib.DSA_OK:            # cannot happen while mods holds
            self._owner = None
            raise owner._changed()
        self._ref, self._nxt = self._nxt, ref
        self._left -= 1
        return NodeHandle(owner, self._cl, addr, serial)

    def __length_hint__(self) -> int:
        owner = self._owner
        if owner is None:
            return 0
        with owner._lock:
            return max(self._left, 0) if self._current(owner) else 0

    def __reduce__(self) -> tuple:
        raise cannot_pickle(self)


class _NativeLinkedList(NativeFace, RichComparisons, MutableSequence):
    """A C list and its node handles; :class:`dsa.native.DoublyLinkedList`
    adds the ``list`` surface.  The options (``layout``, ``seed``,
    ``traced``) are the public class's."""

    __slots__ = ("_l", "_lib", "_ffi", "_lock", "_layout", "_seed", "_traced",
                 "_ref", "_ref2", "_out", "_index", "__weakref__")
    _WHAT, _C_PREFIX, _HANDLE = "list", "dsa_ll_", "_l"

    def __new__(cls, *args: Any, **kwargs: Any) -> "_NativeLinkedList":
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
        return self._node_read(self._lib.dsa_ll_node_get, node)

    def _node_read(self, fn: Any, node: NodeHandle) -> int:
        """``fn(list, node, out)`` under the lock; the value it wrote."""
        with self._lock:
            status = fn(self._l, self._fill(node, self._ref), self._out)
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

    layout = read_only("_layout", "Where the nodes live: 'malloc', 'pool' or "
                                  "'shuffled' (fixed at construction).")
    seed = read_only("_seed", "The seed of the shuffled layout's order.")

    # ---- size, iteration, looking ----------------------------------------

    def to_list(self) -> List[int]:
        """The values, front to back, as a plain list (one C call)."""
        return self._read_items()

    def _start(self, forward: bool) -> _Cursor:
        """A cursor at the first (or last) position, and its node."""
        with self._lock:
            cl = self._l
            self._lib.dsa_ll_ends(cl, self._ref, self._ref2)
            index = 0 if forward else int(self._lib.dsa_ll_len(cl)) - 1
            return _Cursor(self, cl, self._lib.dsa_ll_mods(cl),
                           self._ref if forward else self._ref2, index, forward)

    def __iter__(self) -> Iterator[int]:
        """The values, front to back, by position as list's iterator goes:
        changes made meanwhile are seen as a list's iterator would see them."""
        return self._start(True)

    def __reversed__(self) -> Iterator[int]:
        return self._start(False)

    def nodes(self) -> Iterator[NodeHandle]:
        """Handles of the nodes, front to back (RuntimeError if the
        structure changes meanwhile: to remove while walking, walk
        ``list(lst.nodes())``)."""
        with self._lock:
            cl = self._l
            self._lib.dsa_ll_ends(cl, self._ref, self._ref2)
            return _NodeWalk(self, cl, self._lib.dsa_ll_mods(cl), self._ref,
                             int(self._lib.dsa_ll_len(cl)))

    def check_invariants(self) -> None:
        """Raise AssertionError, saying what, unless prev/next are symmetric,
        head, tail and len agree, there is no cycle, and every node is owned
        by this list (registered, and inside its pools if pooled)."""
        with self._lock:
            code = self._lib.dsa_ll_check(self._l)
        if code != self._lib.DSA_LL_CHECK_OK:
            raise AssertionError(
                f"C linked list broken: {_CHECK_MESSAGES.get(code, code)}")

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
        return self._node_read(self._lib.dsa_ll_remove_node, node)

    def _move_to_end(self, node: Any, front: bool) -> None:
        self._foreign(node)
        with self._lock:
            move = (self._lib.dsa_ll_move_to_front if front
                    else self._lib.dsa_ll_move_to_back)
            status = move(self._l, self._fill(node, self._ref))
        self._node_check(status)

    def move_to_front(self, node: NodeHandle) -> None:
        """Make ``node`` the first node.  O(1)."""
        self._move_to_end(node, True)

    def move_to_back(self, node: NodeHandle) -> None:
        """Make ``node`` the last node.  O(1)."""
        self._move_to_end(node, False)
