"""The C twin of :class:`dsa.heap.BinaryHeap`, and its d-ary generalisation.

The items are signed 64-bit integers in one C array (``native/heap.c``), the
children of position ``i`` at ``d*i + 1 .. d*i + d``.  The array is placed so
that ``items[1]`` starts a 64-byte cache line, so the 4 children of a node of
a 4-ary heap always share one line.

Classes
    :class:`DaryHeap` (any arity from 2 to 16) and :class:`BinaryHeap`
    (arity 2), with the methods and exceptions of the pure-Python twin.
    Where the layout differs from that twin's Python list (see
    ``docs/twins.md``): the array holds int64 values, not references; it
    starts 56 bytes into a 64-byte line; any arity is allowed; and a
    max-heap stores ``~x``.  The binary C heap and :class:`dsa.heap.BinaryHeap`
    still leave the same array after the same pushes and pops.

Kernels timed inside C, so that the cost of calling C from Python does not
hide the cost of the memory: :func:`drain`, :func:`build`, :func:`op_cost`
and :func:`lines_per_op`.  Each makes its own input from a seed and checks
its own result (``ok``).

Tracing model (``traced=True``, :attr:`DaryHeap.last_lines`)
    Every operation that changes or reads the contents (push, pop, peek,
    pushpop, replace, heapify, clear) first forgets the previous operation's
    lines, then counts the distinct 64-byte lines it touches:

    * one line for the heap's header (a C struct of exactly one line);
    * the line of every array slot it reads or writes.  Slot ``i`` lies at
      byte ``array_offset + 8*i`` of a line-aligned block, i.e. in line
      ``(array_offset + 8*i) // 64`` of it; ``array_offset`` is 56, so slot 0
      has line 0 to itself and slots 8k+1 .. 8k+8 share line k + 1.

    Which slots: a push writes slot ``n`` and reads each parent it compares
    with on the way up; a pop reads slot 0, slot ``n-1`` and, at each level
    on the way down, every child of the hole (the climb back only revisits
    those); replace and pushpop read slot 0 and then walk down like a pop;
    peek reads slot 0; heapify touches slots ``0 .. n-1``; clear only the
    header.  A push that grows the array also touches the ``n`` old slots
    and the ``n`` new ones it copies them to.  Looking without changing
    (``len``, iteration, ``to_list``, ``stats``, ``check_invariants``) is not
    traced and leaves ``last_lines`` alone.

Counting (``count=True``, :attr:`DaryHeap.stats`)
    comparisons are the ones the C code makes; a swap is one item moved one
    level, counted as the textbook swap-based sifts of :mod:`dsa.heap` count
    them, so push and heapify give the same numbers as the pure-Python twin.
    Pops use the bottom-up sift-down of ``std::pop_heap`` (the hole goes down
    to a leaf, then the last item climbs back): same swaps and same array as
    the textbook, fewer comparisons.
"""

from __future__ import annotations

import copy
import operator
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, List, Optional

from dsa._compat import restore_state, subclass_state
from dsa.heap import HeapStats     # the counters both twins report in
from dsa.pictures import Pictured
from dsa.timing import per_unit_of

from ._common import (as_choice, as_int64, as_int64_list, as_positive,
                      as_seed, as_size, check, check_nonempty, repr_name)
from ._face import NativeFace, c_reading
from ._loader import load

__all__ = [
    "DaryHeap", "BinaryHeap", "HeapStats",
    "DrainResult", "BuildResult", "OpCostResult", "LinesResult",
    "drain", "build", "op_cost", "lines_per_op",
]

_ffi, _lib = load(False)

MIN_ARITY = _lib.DSA_HEAP_MIN_ARITY
MAX_ARITY = _lib.DSA_HEAP_MAX_ARITY


def _check_arity(arity: Any) -> int:
    try:
        d = operator.index(arity)
    except TypeError:
        raise TypeError(
            f"arity must be an integer, not {type(arity).__name__}") from None
    if not MIN_ARITY <= d <= MAX_ARITY:
        raise ValueError(
            f"arity must be between {MIN_ARITY} and {MAX_ARITY}, got {d}")
    return d


class DaryHeap(NativeFace, Pictured, picture="heap"):
    """A min-heap (or max-heap) of int64 with ``arity`` children per node.

    ``DaryHeap(iterable=(), *, arity=4, max_heap=False, count=False,
    traced=False)`` heapifies the items of ``iterable`` bottom-up.  Items
    must be integers in [-2**63, 2**63 - 1] (TypeError, OverflowError
    otherwise; a rejected item leaves the heap unchanged).  ``count=True``
    keeps comparison and swap counters (:attr:`stats`); ``traced=True`` uses
    the traced build and makes :attr:`last_lines` available.

    Safe to share between threads: every call into C holds the heap's lock.
    """

    __slots__ = ("_ffi", "_lib", "_h", "_lock", "_out", "_count", "_traced",
                 "__weakref__")
    _WHAT, _C_PREFIX, _HANDLE = "heap", "dsa_heap_", "_h"

    #: The arity of a heap made by ``cls.__new__(cls)`` alone.
    _NEW_ARITY = 4

    def __new__(cls, *args: Any, **kwargs: Any) -> "DaryHeap":
        # A new object is a valid empty heap before __init__ runs, so that
        # subclasses that skip __init__ (and cls.__new__(cls)) still work.
        self = super().__new__(cls)
        self._setup(cls._NEW_ARITY, False, False, False)
        return self

    def __init__(self, iterable: Iterable[Any] = (), *, arity: int = 4,
                 max_heap: bool = False, count: bool = False,
                 traced: bool = False) -> None:
        if isinstance(iterable, int) and not isinstance(iterable, bool):
            # DaryHeap(4) reads as "a 4-ary heap" (and BinaryHeap(4) as a
            # size); say so rather than fail on iterating an int.
            raise TypeError(f"{type(self).__name__}'s first argument is the "
                            f"items to heapify, not a number; the arity is "
                            f"keyword-only: DaryHeap(arity={iterable})")
        self._setup(arity, max_heap, count, traced)
        items = as_int64_list(iterable)
        if items:
            self._heapify(items)

    # ---- plumbing -------------------------------------------------------

    def _setup(self, arity: Any, max_heap: bool, count: bool,
               traced: bool) -> None:
        d = _check_arity(arity)
        ffi, lib = load(bool(traced))
        out = ffi.new("dsa_heap **")
        check(lib, lib.dsa_heap_new(d, bool(max_heap), bool(count), out))
        self._adopt(ffi, lib, out[0], count, traced)
        if traced:
            check(lib, lib.dsa_heap_set_tracing(self._h, 1),
                  "this build of the C twins cannot trace")

    def _adopt(self, ffi: Any, lib: Any, raw: Any, count: bool,
               traced: bool) -> None:
        self._take_c(ffi, lib, raw, traced)
        self._count = bool(count)

    def _heapify(self, items: List[int]) -> None:
        buf = self._ffi.new("int64_t[]", items)
        with self._lock:
            status = self._lib.dsa_heap_heapify(self._h, buf, len(items))
        check(self._lib, status)

    # ---- properties -----------------------------------------------------

    arity = c_reading("arity", int)
    max_heap = c_reading("is_max", bool)
    capacity = c_reading("capacity", int,
                         "Items the C array has room for before it must grow.")

    @property
    def array_offset(self) -> Optional[int]:
        """Byte offset of item 0 inside its 64-byte line (56, so that item 1
        starts a line), or None while the heap has no array."""
        with self._lock:
            offset = self._lib.dsa_heap_items_offset(self._h)
        return None if offset < 0 else int(offset)

    @property
    def stats(self) -> Optional[HeapStats]:
        """A snapshot of the counters (a fresh :class:`dsa.heap.HeapStats`,
        not updated by later operations), or None unless made with
        count=True."""
        if not self._count:
            return None
        counts = self._ffi.new("uint64_t[2]")
        with self._lock:
            self._lib.dsa_heap_counters(self._h, counts, counts + 1)
        return HeapStats(comparisons=int(counts[0]), swaps=int(counts[1]))

    def reset_stats(self) -> None:
        """Set both counters back to zero."""
        with self._lock:
            self._lib.dsa_heap_reset_counters(self._h)

    # ---- the heap operations ---------------------------------------------

    def _top(self, fn: Any, empty: Optional[str], *args: int) -> int:
        """``fn(heap, *args, out)`` under the lock; the item it wrote out.
        ``empty`` is the IndexError's message where an empty heap is an
        error (None: it cannot be)."""
        with self._lock:
            status = fn(self._h, *args, self._out)
            value = self._out[0]
        if empty is None:
            check(self._lib, status)
        else:
            check_nonempty(self._lib, status, empty)
        return value

    def push(self, item: Any) -> None:
        """Add ``item``.  O(log n)."""
        self._push(self._lib.dsa_heap_push, self._h, item)

    def pop(self) -> int:
        """Remove and return the top item.  O(log n)."""
        return self._top(self._lib.dsa_heap_pop, "pop from an empty heap")

    def peek(self) -> int:
        """Return the top item without removing it.  O(1)."""
        return self._top(self._lib.dsa_heap_peek, "peek at an empty heap")

    def pushpop(self, item: Any) -> int:
        """Push ``item`` then pop the top, in one sift at most.  O(log n)."""
        return self._top(self._lib.dsa_heap_pushpop, None, as_int64(item))

    def replace(self, item: Any) -> int:
        """Pop the top, then push ``item``, in one sift.  O(log n)."""
        return self._top(self._lib.dsa_heap_replace, "replace on an empty heap",
                         as_int64(item))

    def heapify(self, iterable: Iterable[Any]) -> None:
        """Replace the contents with ``iterable``'s items, bottom-up.  O(n)."""
        self._heapify(as_int64_list(iterable))

    def clear(self) -> None:
        """Remove every item (and give the array back)."""
        with self._lock:
            self._lib.dsa_heap_clear(self._h)

    # ---- looking --------------------------------------------------------

    def to_list(self) -> List[int]:
        """A copy of the array, in array (not sorted) order."""
        return self._read_items()

    def __iter__(self) -> Iterator[int]:
        """The items in array order; RuntimeError if the heap changes."""
        with self._lock:
            mods = self._lib.dsa_heap_mods(self._h)
        return self._iterate(mods)

    def _iterate(self, mods: int) -> Iterator[int]:
        lib, h = self._lib, self._h
        out = self._ffi.new("int64_t *")
        i = 0
        while True:
            with self._lock:
                if lib.dsa_heap_mods(h) != mods:
                    raise RuntimeError(
                        f"{type(self).__name__} changed during iteration")
                status = lib.dsa_heap_get(h, i, out)
                value = out[0]
            if status != lib.DSA_OK:
                return
            yield value
            i += 1

    def __contains__(self, item: object) -> bool:
        return item in self.to_list()

    def check_invariants(self) -> None:
        """Raise AssertionError, saying where, if the heap rule is broken."""
        with self._lock:
            ok = self._lib.dsa_heap_check(self._h)
            items = self.to_list()
        if ok:
            return
        kind = "max" if self.max_heap else "min"
        d = self.arity
        for i in range(1, len(items)):
            p = (i - 1) // d
            if (items[i] > items[p]) if self.max_heap else (items[i] < items[p]):
                raise AssertionError(
                    f"{kind}-heap rule broken: {items[i]!r} at position {i} "
                    f"should not be below its parent {items[p]!r} at "
                    f"position {p}")
        raise AssertionError("the C heap's bookkeeping is inconsistent")

    def _options(self) -> str:
        return f", arity={self.arity}"

    def __repr__(self) -> str:
        name = repr_name(self, DaryHeap, BinaryHeap)
        options = self._options()
        if self.max_heap:
            options += ", max_heap=True"
        return f"{name}({self.to_list()!r}{options})"

    # ---- copying and pickling -------------------------------------------

    def copy(self) -> "DaryHeap":
        """An independent heap with the same items, order and counters (and
        a subclass's attributes, shared as ``copy.copy`` shares them)."""
        new = self._clone()
        restore_state(new, subclass_state(self, DaryHeap))
        return new

    __copy__ = copy

    def _clone(self) -> "DaryHeap":
        out = self._ffi.new("dsa_heap **")
        with self._lock:
            status = self._lib.dsa_heap_clone(self._h, out)
        check(self._lib, status)
        new = object.__new__(type(self))
        new._adopt(self._ffi, self._lib, out[0], self._count, self._traced)
        return new

    def __deepcopy__(self, memo: dict) -> "DaryHeap":
        new = memo[id(self)] = self._clone()   # the items are ints
        state = subclass_state(self, DaryHeap)
        restore_state(new, copy.deepcopy(state, memo))   # a subclass's
        return new

    def __reduce__(self) -> Any:
        # Counters are not pickled: the copy starts them at zero.
        return (_rebuild, (type(self), self.arity, self.max_heap,
                           self._count, self._traced, self.to_list()),
                subclass_state(self, DaryHeap))


class BinaryHeap(DaryHeap):
    """The binary (arity 2) C twin of :class:`dsa.heap.BinaryHeap`.

    ``BinaryHeap(iterable=(), *, max_heap=False, count=False, traced=False)``
    """

    __slots__ = ()
    _NEW_ARITY = 2

    def __init__(self, iterable: Iterable[Any] = (), *, max_heap: bool = False,
                 count: bool = False, traced: bool = False) -> None:
        super().__init__(iterable, arity=2, max_heap=max_heap, count=count,
                         traced=traced)

    def _options(self) -> str:
        return ""


def _rebuild(cls: type, arity: int, max_heap: bool, count: bool,
             traced: bool, items: List[int]) -> DaryHeap:
    heap = object.__new__(cls)
    DaryHeap._setup(heap, arity, max_heap, count, traced)
    # A valid heap array comes out of heapify unchanged, in the same order.
    heap._heapify(as_int64_list(items))
    heap.reset_stats()
    return heap


###############################################################################
# Kernels timed inside C
###############################################################################


@dataclass(frozen=True)
class DrainResult:
    """Push ``n`` random items, then pop them all (a heapsort).

    Times are nanoseconds measured inside C; ``ok`` says the pops came out
    sorted and were the items pushed.
    """

    n: int
    arity: int
    push_ns: int      # all n pushes
    pop_ns: int       # all n pops
    total_ns: int     # push_ns + pop_ns
    ok: bool

    ns_per_item = per_unit_of("total_ns", "n",
                              "total_ns / n: one push plus one pop, in nanoseconds.")


@dataclass(frozen=True)
class BuildResult:
    """Build a min-heap of ``n`` items by heapify or by pushing.

    ``ns`` (nanoseconds, inside C) comes from a run without counters;
    ``comparisons`` and ``swaps`` from a second, counted run.  ``ok``: the
    result is a heap of the input items.
    """

    n: int
    method: str       # "heapify" or "push"
    order: str        # "descending", "ascending" or "random"
    arity: int
    comparisons: int
    swaps: int        # items moved one level, as the textbook counts them
    ns: int
    ok: bool


@dataclass(frozen=True)
class OpCostResult:
    """Cost of one operation on a heap of ``size`` random items.

    ``pop_ns`` and ``push_ns`` are nanoseconds per operation, from rounds of
    at most size/4 pops then as many pushes (the heap stays between 3/4 of
    ``size`` and ``size``); ``pair_ns`` is nanoseconds per pop-then-push
    pair at ``size``.  ``bytes`` is the array's size, size * 8.
    """

    size: int
    arity: int
    ops: int
    bytes: int
    pop_ns: float
    push_ns: float
    pair_ns: float
    ok: bool


@dataclass(frozen=True)
class LinesResult:
    """Average distinct 64-byte lines touched per push and per pop on a heap
    of ``size`` random items, counted as :attr:`DaryHeap.last_lines` does
    (the header line included)."""

    size: int
    arity: int
    ops: int
    push_lines: float
    pop_lines: float
    ok: bool


_METHODS = {"heapify": _lib.DSA_HEAP_BUILD_HEAPIFY,
            "push": _lib.DSA_HEAP_BUILD_PUSH}
_ORDERS = {"descending": _lib.DSA_HEAP_DESCENDING,
           "ascending": _lib.DSA_HEAP_ASCENDING,
           "random": _lib.DSA_HEAP_RANDOM}


def drain(n: int, *, arity: int = 2, seed: int = 1) -> DrainResult:
    """Time pushing ``n`` random int64 into an empty heap, then popping all.

    The array is reserved before the clock starts, so the time is the sifts.
    """
    n = as_size(n, "n")
    d = _check_arity(arity)
    out = _ffi.new("struct dsa_heap_drain_result *")
    check(_lib, _lib.dsa_heap_kernel_drain(n, d, as_seed(seed), out))
    return DrainResult(n=n, arity=d, push_ns=int(out.push_ns),
                       pop_ns=int(out.pop_ns), total_ns=int(out.total_ns),
                       ok=bool(out.ok))


def build(n: int, *, method: str = "heapify", order: str = "random",
          arity: int = 2, seed: int = 1) -> BuildResult:
    """Build a heap of ``n`` items: ``method`` "heapify" (bottom-up) or
    "push" (one at a time), input ``order`` "descending" (n-1 .. 0),
    "ascending" (0 .. n-1) or "random"."""
    n = as_size(n, "n")
    m = as_choice(method, _METHODS, "method")
    o = as_choice(order, _ORDERS, "order")
    d = _check_arity(arity)
    out = _ffi.new("struct dsa_heap_build_result *")
    check(_lib, _lib.dsa_heap_kernel_build(n, d, m, o, as_seed(seed), out))
    return BuildResult(n=n, method=method, order=order, arity=d,
                       comparisons=int(out.comparisons), swaps=int(out.swaps),
                       ns=int(out.ns), ok=bool(out.ok))


def op_cost(size: int, *, arity: int = 2, ops: int = 100_000,
            seed: int = 1) -> OpCostResult:
    """Nanoseconds per pop, per push and per pop+push pair on a heap of
    ``size`` random items (try 128 for L1 up to 8 << 20 for DRAM)."""
    size = as_positive(size, "size")
    ops = as_positive(ops, "ops")
    d = _check_arity(arity)
    out = _ffi.new("struct dsa_heap_op_cost_result *")
    check(_lib, _lib.dsa_heap_kernel_op_cost(size, d, ops, as_seed(seed), out))
    return OpCostResult(size=size, arity=d, ops=ops, bytes=size * 8,
                        pop_ns=out.pop_ns / ops, push_ns=out.push_ns / ops,
                        pair_ns=out.pair_ns / ops, ok=bool(out.ok))


def lines_per_op(size: int, *, arity: int = 2, ops: int = 1_000,
                 seed: int = 1) -> LinesResult:
    """Average lines touched per pop and per push on a heap of ``size``
    random items, in the traced build."""
    size = as_positive(size, "size")
    ops = as_positive(ops, "ops")
    d = _check_arity(arity)
    ffi, lib = load(True)
    out = ffi.new("struct dsa_heap_lines_result *")
    check(lib, lib.dsa_heap_kernel_lines(size, d, ops, as_seed(seed), out))
    return LinesResult(size=size, arity=d, ops=ops,
                       push_lines=out.push_lines / ops,
                       pop_lines=out.pop_lines / ops, ok=bool(out.ok))
