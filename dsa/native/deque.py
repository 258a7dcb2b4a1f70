"""The C twin of :class:`dsa.deque.BlockedDeque`.

The items are signed 64-bit integers in a doubly linked list of fixed-size
blocks (``native/deque.c``): ``block_size`` items per block, one malloc per
block, every block but the two end ones full.  Pushing at either end writes
into the end block or links a new one; popping frees a block as soon as it
empties (one emptied block is kept as a spare, so a queue in steady state
never calls malloc).  ``block_size=1`` is a plain doubly linked list.

Class
    :class:`BlockedDeque`, with the methods and exceptions of
    :class:`collections.deque` for int64 items.

Kernels timed inside C (:func:`ends`, :func:`access`, :func:`lines`,
:func:`sweep`) are in :mod:`dsa.native.deque_kernels` and importable from
here.

Tracing model (``traced=True``, :attr:`BlockedDeque.last_lines`)
    Every operation that reads or changes the items (the methods below that
    call into C, except iteration, ``len`` and ``check_invariants``) first
    forgets the previous operation's lines, then counts the distinct 64-byte
    lines it touches:

    * the deque's header: the first line of its own two (64-byte aligned;
      the second holds only the trace pointer, which is not counted);
    * the *links* of a block (its first 16 bytes, in one line since malloc
      aligns to 16) whenever the operation reads or writes them;
    * the line of every item *slot* it reads or writes.  Slot ``i`` of the
      block at address ``a`` is at byte ``a + 16 + 8*i``.

    Which: ``append``/``appendleft`` write one slot; when they need a new
    block they also write its links and the links of the old end block (if
    any).  ``pop``/``popleft`` read one slot; when that empties the block
    they also write its links and, if items remain, the links of its
    neighbour.  ``d[i]`` (get or set) reads the links of every block it
    hops from on the way (from whichever end is fewer blocks away, the front
    on a tie) and the one slot.  ``to_list``, ``count``, ``index``, ``in``
    and ``sum`` walk block by block from the front (``index`` with a start
    first hops to it as ``d[i]`` does), reading the links of every block
    they enter and all its used slots from where they entered it; ``index``
    and ``in`` stop after the block where they find the item.  A bounded
    append that drops an item from the other end adds the drop's lines;
    ``extend`` and ``rotate`` count their pushes and pops together, ``*=``
    (and ``*``, on the copy) its walk over the items and its pushes;
    ``reverse`` the slots it swaps and the links of the blocks it leaves;
    ``clear`` the links of every block.

    So walking n items in full blocks of b touches, besides the header, the
    lines of bytes ``[a, a + 16 + 8b)`` of each block: at most
    ``ceil((16 + 8b + 48) / 64)`` each, fewer where blocks share a line.

Twin of :class:`dsa.deque.BlockedDeque`, with other books (see
``docs/twins.md``): an empty deque holds no block (the Python twin keeps
one, with its indices in the middle), the back index is exclusive (there
inclusive), one spare block is kept (there up to four), and the length is
stored (there it is worked out from the layout).  The blocks themselves,
and which end operation links or frees one, are the same.

Memory (``nbytes``)
    The bytes the deque asks malloc for: the header (:data:`HEADER_BYTES`,
    128), and 16 + 8b for each block holding items and for the spare.
    malloc keeps 8 to 16 more bytes per block for itself; that is not
    counted.
"""

from __future__ import annotations

import copy
import functools
import types
from typing import Any, Iterable, Iterator, List, Optional, Tuple

from dsa._compat import (DEQUE_FULL, DEQUE_MUTATED, EMPTY_DEQUE, SSIZE_MAX,
                         RichComparisons, as_maxlen, as_repeat_count,
                         as_ssize, bad_argument, cannot_concatenate,
                         cannot_multiply, reflected_repeat,
                         clamp_bounds, copy_by_calling, deque_position,
                         has_index, not_in_deque, reflected, same_item,
                         subclass_state)
from dsa.deque import DEFAULT_BLOCK_SIZE, MAX_BLOCK_SIZE, check_block_size
from dsa._properties import ReadOnly
from dsa.pictures import Pictured

from ._common import as_int64, as_int64_list, check, check_nonempty, repr_name
from ._face import NativeFace, c_reading
from ._loader import load
# The kernels timed inside C live beside the class, importable from here too.
from .deque_kernels import (BLOCK_SIZES, LAYOUTS, AccessResult, EndsResult,
                            LinesResult, SweepRow, access, ends, lines, sweep)

__all__ = [
    "BlockedDeque", "BLOCK_SIZES", "LAYOUTS", "MAX_BLOCK_SIZE", "HEADER_BYTES",
    "EndsResult", "AccessResult", "LinesResult", "SweepRow",
    "ends", "access", "lines", "sweep",
]

_ffi, _lib = load(False)

HEADER_BYTES = _lib.DSA_DQ_HEADER_BYTES

# block_size follows one rule in both twins (dsa.deque.check_block_size);
# the C twin must have been built with the same limit.
if _lib.DSA_DQ_MAX_BLOCK != MAX_BLOCK_SIZE:
    raise ImportError(
        f"native/deque.h says DSA_DQ_MAX_BLOCK = {_lib.DSA_DQ_MAX_BLOCK}, "
        f"dsa.deque says MAX_BLOCK_SIZE = {MAX_BLOCK_SIZE}: rebuild the C twins")


def _as_int64_or_none(value: Any) -> Optional[int]:
    """The value as an int64 if it is an integer that fits, else None."""
    if isinstance(value, int) or hasattr(type(value), "__index__"):
        try:
            return as_int64(value)
        except (TypeError, OverflowError):
            return None
    return None


class BlockedDeque(NativeFace, Pictured, RichComparisons, picture="deque"):
    """A double-ended queue of int64 in linked blocks of ``block_size``.

    ``BlockedDeque(iterable=(), maxlen=None, *, block_size=64,
    traced=False)`` appends the items of ``iterable`` in order.  With a
    ``maxlen``, a full deque drops an item from the opposite end to make
    room, as :class:`collections.deque` does.  Items must be integers in
    [-2**63, 2**63 - 1] (TypeError, OverflowError otherwise; a rejected item
    leaves the deque unchanged, and ``extend`` checks every item before it
    adds any).  ``traced=True`` uses the traced build and makes
    :attr:`last_lines` available.

    Safe to share between threads: every call into C holds the deque's lock.
    """

    __slots__ = ("_ffi", "_lib", "_d", "_lock", "_out", "_traced",
                 "__weakref__")
    _WHAT, _C_PREFIX, _HANDLE = "deque", "dsa_dq_", "_d"

    def __new__(cls, *args: Any, **kwargs: Any) -> "BlockedDeque":
        # A new object is a valid empty deque before __init__ runs, so that
        # subclasses that skip __init__ (and cls.__new__(cls)) still work.
        self = super().__new__(cls)
        self._setup(DEFAULT_BLOCK_SIZE, None, False)
        return self

    def __init__(self, iterable: Iterable[Any] = (), maxlen: Any = None, *,
                 block_size: Any = DEFAULT_BLOCK_SIZE,
                 traced: bool = False) -> None:
        self._setup(block_size, as_maxlen(maxlen), traced)
        items = as_int64_list(iterable)
        if items:
            self._extend(items, back=True)

    # ---- plumbing -------------------------------------------------------

    def _setup(self, block_size: Any, maxlen: Optional[int],
               traced: bool) -> None:
        b = check_block_size(block_size)
        ffi, lib = load(bool(traced))
        out = ffi.new("dsa_dq **")
        check(lib, lib.dsa_dq_new(b, 0 if maxlen is None else maxlen,
                                  maxlen is not None, out))
        self._take_c(ffi, lib, out[0], traced)
        if traced:
            check(lib, lib.dsa_dq_set_tracing(self._d, 1),
                  "this build of the C twins cannot trace")

    def _extend(self, items: List[int], back: bool) -> None:
        buf = self._ffi.new("int64_t[]", items)
        extend = (self._lib.dsa_dq_extend_back if back
                  else self._lib.dsa_dq_extend_front)
        with self._lock:
            status = extend(self._d, buf, len(items))
        check(self._lib, status)

    def _pop(self, pop: Any) -> int:
        with self._lock:
            status = pop(self._d, self._out)
            value = self._out[0]
        check_nonempty(self._lib, status, EMPTY_DEQUE)
        return value

    def _position(self, index: Any) -> int:
        """A non-negative position for ``index``; call under the lock."""
        return deque_position(index, self._lib.dsa_dq_len(self._d))

    def _rotate_locked(self, n: int) -> None:
        length = self._lib.dsa_dq_len(self._d)
        k = n % length if length else 0      # in [0, len): right rotation
        check(self._lib, self._lib.dsa_dq_rotate(self._d, k))

    # ---- properties -----------------------------------------------------

    @ReadOnly
    def maxlen(self) -> Optional[int]:
        """The bound given at construction, or None."""
        out = self._ffi.new("size_t *")
        with self._lock:
            bounded = self._lib.dsa_dq_maxlen(self._d, out)
        return int(out[0]) if bounded else None

    block_size = c_reading("block_size", int, "Items per block, fixed at construction.")
    block_count = c_reading("block_count", int,
                            "Blocks holding items (the spare block is not counted).")

    def end_slots(self) -> Tuple[int, int]:
        """``(left, right)``: the slot of the front item in the first block
        and of the back item in the last block, as
        :meth:`dsa.deque.BlockedDeque.end_slots` says (read-only); in an
        empty deque ``left == right + 1``."""
        with self._lock:
            left = int(self._lib.dsa_dq_head_slot(self._d))
            n = int(self._lib.dsa_dq_len(self._d))
            size = int(self._lib.dsa_dq_block_size(self._d))
        return left, (left + n - 1) % size if n else left - 1

    nbytes = c_reading("bytes", int, """Bytes asked of malloc: header, blocks and
        spare (see the module docstring).""")

    # ---- adding and removing at the ends --------------------------------

    def append(self, item: Any) -> None:
        """Add ``item`` at the right end.  O(1)."""
        self._push(self._lib.dsa_dq_push_back, self._d, item)

    def appendleft(self, item: Any) -> None:
        """Add ``item`` at the left end.  O(1)."""
        self._push(self._lib.dsa_dq_push_front, self._d, item)

    def pop(self) -> int:
        """Remove and return the rightmost item.  O(1)."""
        return self._pop(self._lib.dsa_dq_pop_back)

    def popleft(self) -> int:
        """Remove and return the leftmost item.  O(1)."""
        return self._pop(self._lib.dsa_dq_pop_front)

    def extend(self, iterable: Iterable[Any]) -> None:
        """Append every item of ``iterable``, in order.

        All items are checked first: a bad one (TypeError, OverflowError),
        or an exception from the iterable itself, leaves the deque as it
        was.  (collections.deque keeps the items appended before the error.)
        """
        items = as_int64_list(iterable)
        if items:
            self._extend(items, back=True)

    def extendleft(self, iterable: Iterable[Any]) -> None:
        """Appendleft every item of ``iterable``: they end up reversed."""
        items = as_int64_list(iterable)
        if items:
            self._extend(items, back=False)

    def clear(self) -> None:
        """Remove every item and free the blocks that held them."""
        with self._lock:
            self._lib.dsa_dq_clear(self._d)

    def rotate(self, n: Any = 1) -> None:
        """Move the last ``n`` items to the front (``n < 0``: the first
        ``-n`` to the back), one item at a time from whichever end moves
        fewer: O(min(k, len - k)) for k = n mod len."""
        steps = as_ssize(n)
        with self._lock:
            self._rotate_locked(steps)

    def insert(self, index: Any, item: Any) -> None:
        """Insert ``item`` before position ``index`` (as list.insert)."""
        i = as_ssize(index)
        value = as_int64(item)
        with self._lock:
            n = self._lib.dsa_dq_len(self._d)
            if self.maxlen == n:
                raise IndexError(DEQUE_FULL)
            if i >= n:
                check(self._lib, self._lib.dsa_dq_push_back(self._d, value))
            elif i <= -n or i == 0:
                check(self._lib, self._lib.dsa_dq_push_front(self._d, value))
            else:
                self._rotate_locked(-i)
                push = (self._lib.dsa_dq_push_back if i < 0
                        else self._lib.dsa_dq_push_front)
                check(self._lib, push(self._d, value))
                self._rotate_locked(i)

    def remove(self, value: Any) -> None:
        """Remove the first item equal to ``value`` (ValueError if none)."""
        if _as_int64_or_none(value) is not None:
            with self._lock:        # found and removed in C, in one hold
                self._delete_locked(self.index(value))
            return
        found = _equal_items(self, value, strict=True, error=IndexError)
        i = next((i for i, equal in found if equal), None)
        if i is None:
            raise not_in_deque(value)
        with self._lock:
            self._delete_locked(i)

    def _delete_locked(self, i: int) -> None:
        self._rotate_locked(-i)
        check(self._lib, self._lib.dsa_dq_pop_front(self._d, self._out))
        self._rotate_locked(i)

    # ---- positions ------------------------------------------------------

    def __getitem__(self, index: Any) -> int:
        """The item at ``index``, walking blocks from the nearer end."""
        with self._lock:
            i = self._position(index)
            status = self._lib.dsa_dq_get(self._d, i, self._out)
            value = self._out[0]
        check(self._lib, status)
        return value

    def __setitem__(self, index: Any, item: Any) -> None:
        with self._lock:
            i = self._position(index)
            value = as_int64(item)
            status = self._lib.dsa_dq_set(self._d, i, value)
        check(self._lib, status)

    def __delitem__(self, index: Any) -> None:
        with self._lock:
            self._delete_locked(self._position(index))

    # ---- looking --------------------------------------------------------

    def to_list(self) -> List[int]:
        """The items, left to right (one walk over the blocks)."""
        return self._read_items()

    def sum(self) -> int:
        """The sum of the items modulo 2**64, as a signed int64: the walk
        the kernels time (one pass, block by block)."""
        out = self._ffi.new("uint64_t *")
        with self._lock:
            status = self._lib.dsa_dq_sum(self._d, out)
        check(self._lib, status)
        total = int(out[0])
        return total - 2**64 if total >= 2**63 else total

    def __iter__(self) -> Iterator[int]:
        """Left to right; RuntimeError if the deque changes meanwhile."""
        return _Iterator(self)

    def __reversed__(self) -> Iterator[int]:
        return _ReverseIterator(self)

    def __contains__(self, value: object) -> bool:
        x = _as_int64_or_none(value)
        if x is None:   # not an int64: compare as Python does, item by item
            return any(equal for _, equal in _equal_items(self, value))
        out = self._ffi.new("size_t *")
        with self._lock:
            n = self._lib.dsa_dq_len(self._d)
            status = self._lib.dsa_dq_index(self._d, x, 0, n, out)
        return status == self._lib.DSA_OK

    def count(self, value: Any) -> int:
        """How many items equal ``value``."""
        x = _as_int64_or_none(value)
        if x is None:
            return sum(equal for _, equal in _equal_items(self, value, strict=True))
        out = self._ffi.new("size_t *")
        with self._lock:
            status = self._lib.dsa_dq_count(self._d, x, out)
        check(self._lib, status)
        return int(out[0])

    def index(self, value: Any, start: Any = 0, stop: Any = SSIZE_MAX) -> int:
        """The first position in [start, stop) holding ``value``
        (ValueError if none); start and stop as in slicing."""
        x = _as_int64_or_none(value)
        out = self._ffi.new("size_t *")
        with self._lock:
            first, end = clamp_bounds(start, stop, self._lib.dsa_dq_len(self._d))
            if x is not None:
                status = self._lib.dsa_dq_index(self._d, x, first, end, out)
                if status == self._lib.DSA_OK:
                    return int(out[0])
        if x is None:
            found = _equal_items(self, value, first, end)
            i = next((i for i, equal in found if equal), None)
            if i is not None:
                return i
        raise not_in_deque(value)

    def reverse(self) -> None:
        """Reverse the items in place (no block moves)."""
        with self._lock:
            self._lib.dsa_dq_reverse(self._d)

    def check_invariants(self) -> None:
        """Raise AssertionError, saying which, if an invariant is broken:
        every block between the ends full, the end blocks' fills within
        bounds, the length the sum of the fills, prev/next symmetric."""
        with self._lock:
            broken = self._lib.dsa_dq_check(self._d)
        if broken != self._ffi.NULL:
            raise AssertionError(
                "BlockedDeque invariant broken: "
                + self._ffi.string(broken).decode())

    def _layout(self) -> Tuple[int, int, List[int]]:
        """(header address, slot of the front item in the first block, the
        blocks' addresses front to back): what a test needs to work out the
        lines an operation must touch."""
        with self._lock:
            n = self._lib.dsa_dq_block_count(self._d)
            addresses = self._ffi.new("uintptr_t[]", n)
            got = self._lib.dsa_dq_blocks(self._d, addresses, n)
            return (int(self._lib.dsa_dq_header_address(self._d)),
                    int(self._lib.dsa_dq_head_slot(self._d)),
                    [int(a) for a in addresses[0:got]])

    # ---- comparing, printing, copying -----------------------------------

    def _compare(self, other: Any, op: Any) -> Any:
        if not isinstance(other, BlockedDeque):
            return NotImplemented
        return op(self.to_list(), other.to_list())

    __hash__ = None  # type: ignore[assignment]
    __class_getitem__ = classmethod(types.GenericAlias)

    def __repr__(self) -> str:
        name = repr_name(self, BlockedDeque)
        options = ""
        if self.maxlen is not None:
            options += f", maxlen={self.maxlen}"
        if self.block_size != DEFAULT_BLOCK_SIZE:
            options += f", block_size={self.block_size}"
        return f"{name}({self.to_list()!r}{options})"

    def copy(self) -> "BlockedDeque":
        """An independent deque with the same items, maxlen and block size.

        A subclass is copied as deque copies one, by calling the class
        (``cls(self)`` or ``cls(self, maxlen)``), so its own ``__new__`` and
        ``__init__`` run; what they return must be a BlockedDeque."""
        cls = type(self)
        if cls is not BlockedDeque:
            return copy_by_calling(self, _maker(self), self.maxlen, BlockedDeque)
        out = self._ffi.new("dsa_dq **")
        with self._lock:
            status = self._lib.dsa_dq_clone(self._d, out)
        check(self._lib, status)
        new = object.__new__(cls)
        new._take_c(self._ffi, self._lib, out[0], self._traced)
        return new

    __copy__ = copy

    def __deepcopy__(self, memo: dict) -> "BlockedDeque":
        if type(self) is BlockedDeque:
            return self.copy()   # the items are ints: nothing deeper to copy
        # A subclass may keep anything in its attributes: copy it as
        # copy.deepcopy copies a deque, from __reduce__'s answer.
        return copy._reconstruct(self, memo, *self.__reduce__())  # type: ignore[attr-defined]

    def __reduce__(self) -> Any:
        # As deque: (maker, args, state, an iterator over the items).  The
        # unpickler calls maker(*args), applies the state (a subclass's
        # attributes), then extends with the items; the iterator is the
        # class's own, so a subclass's __iter__ decides what is saved (our
        # own gives the items read out in one call to C).
        args = () if self.maxlen is None else ((), self.maxlen)
        own = type(self).__iter__ is BlockedDeque.__iter__
        return (_maker(self), args, subclass_state(self, BlockedDeque),
                iter(self.to_list()) if own else iter(self))

    def __iadd__(self, other: Iterable[Any]) -> "BlockedDeque":
        self.extend(other)
        return self

    def __add__(self, other: Any) -> Any:
        if not isinstance(other, BlockedDeque):     # the pure twin's words
            return reflected(self, other, "__radd__",
                             cannot_concatenate("BlockedDeque", other), BlockedDeque)
        new = self.copy()
        new.extend(other.to_list())
        return new

    def __imul__(self, times: Any) -> Any:
        """``d *= n``, in C: a bounded deque keeps the last maxlen items of
        the repetition, and only those are pushed (``dsa_dq_repeat``)."""
        if not has_index(times):
            return NotImplemented   # Python then tries __mul__, which explains
        n = as_repeat_count(times)
        with self._lock:
            status = self._lib.dsa_dq_repeat(self._d, max(n, 0))
        if status == self._lib.DSA_ENOMEM:
            raise MemoryError       # as bare as deque's (PyErr_NoMemory)
        check(self._lib, status)
        return self

    def __mul__(self, times: Any) -> Any:
        if not has_index(times):
            return reflected(self, times, "__rmul__", cannot_multiply(times),
                             BlockedDeque)
        n = as_repeat_count(times)    # before the copy: a bad n changes nothing
        new = self.copy()
        new *= n
        return new

    def __rmul__(self, times: Any) -> Any:
        if not has_index(times):
            return reflected_repeat(times)
        return self * times


def _maker(deque: BlockedDeque) -> Any:
    """What to call, like the class, to build a deque of ``deque``'s kind:
    ``block_size`` and ``traced`` go only to an ``__init__`` known to take
    them (BlockedDeque's own)."""
    cls = type(deque)
    options: dict = {}
    if cls.__init__ is BlockedDeque.__init__:
        if deque.block_size != DEFAULT_BLOCK_SIZE:
            options["block_size"] = deque.block_size
        if deque.traced:
            options["traced"] = True
    return functools.partial(cls, **options) if options else cls


def _equal_items(deque: BlockedDeque, value: Any, first: int = 0,
                 end: Optional[int] = None, strict: bool = False,
                 error: type = RuntimeError) -> Iterator[Tuple[int, bool]]:
    """``(i, deque[i] == value)`` for i in [first, end), compared as deque
    compares (:func:`same_item`), for a value that is not an int64.

    The comparison runs Python code, which may change the deque; deque
    then raises ``error("deque mutated during iteration")``.  It checks
    after every comparison (``strict``: count, remove) or after every one
    that did not match (``in``, index, which return a match at once)."""
    cursor = deque._ffi.new("struct dsa_dq_cursor *")
    got = deque._ffi.new("size_t *")
    with deque._lock:           # the items, and a cursor that sees changes
        items = deque.to_list()
        deque._lib.dsa_dq_cursor_start(deque._d, cursor, 0)
    for i in range(first, len(items) if end is None else end):
        equal = same_item(items[i], value)
        if strict or not equal:
            with deque._lock:
                status = deque._lib.dsa_dq_cursor_next(
                    deque._d, cursor, deque._ffi.NULL, 0, got)
            if status == deque._lib.DSA_ESTATE:
                raise error(DEQUE_MUTATED)
        yield i, equal


class _Iterator:
    """Walks a BlockedDeque through a C cursor, one item per step, and
    raises RuntimeError on the step after the deque changed.

    Exactly as collections.deque's iterators do, down to an asymmetry: the
    forward one looks for a change first, so it raises even after its last
    item, and again on every later step; the reversed one stops for good
    once it has run out or raised.  Like deque's, it can be built directly,
    ``type(iter(d))(d, k)``, which starts after the first ``k`` items (that
    is how it pickles)."""

    __slots__ = ("_deque", "_cursor", "_out", "_got", "_done")
    _reverse = False

    def __init__(self, deque: BlockedDeque, index: Any = 0, /) -> None:
        if not isinstance(deque, BlockedDeque):
            raise bad_argument("BlockedDeque", deque)     # deque's words
        skip = max(as_ssize(index), 0)
        self._deque = deque                 # keeps the C deque alive
        self._cursor = deque._ffi.new("struct dsa_dq_cursor *")
        self._out = deque._ffi.new("int64_t *")
        self._got = deque._ffi.new("size_t *")
        self._done = False
        with deque._lock:
            deque._lib.dsa_dq_cursor_start(deque._d, self._cursor, self._reverse)
            skip = min(skip, int(self._cursor.left))
            if skip:                        # read past them in one call
                deque._lib.dsa_dq_cursor_next(deque._d, self._cursor,
                                              deque._ffi.new("int64_t[]", skip),
                                              skip, self._got)

    def __iter__(self) -> "_Iterator":
        return self

    def __next__(self) -> int:
        if self._reverse and (self._done or self._cursor.left == 0):
            raise StopIteration
        d = self._deque
        with d._lock:
            status = d._lib.dsa_dq_cursor_next(d._d, self._cursor, self._out,
                                               1, self._got)
            got, value = self._got[0], self._out[0]
        if status == d._lib.DSA_ESTATE:
            self._done = True
            raise RuntimeError(DEQUE_MUTATED)
        check(d._lib, status)
        if not got:
            raise StopIteration
        return value

    def __length_hint__(self) -> int:
        return 0 if self._done else int(self._cursor.left)

    def __reduce__(self) -> Any:
        # As collections.deque's iterators pickle: the deque itself, and how
        # many items this iterator has already given.
        d = self._deque
        given = max(len(d) - self.__length_hint__(), 0)
        return type(self), (d, given)


class _ReverseIterator(_Iterator):
    """Walks a BlockedDeque right to left (see :class:`_Iterator`)."""

    __slots__ = ()
    _reverse = True
