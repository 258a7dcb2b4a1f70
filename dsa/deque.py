"""Double-ended queues, written to be read: a doubly linked list of blocks.

What a deque has to do
======================
A deque (say "deck": a double-ended queue) is a sequence that grows and
shrinks cheaply at *both* ends.  ``append``, ``appendleft``, ``pop`` and
``popleft`` should each cost O(1) however long the deque is.  Each of the
three obvious layouts gets something wrong:

* A dynamic array (Python's ``list``) is fast at its right end only.
  ``insert(0, x)`` and ``pop(0)`` shift every other item along by one slot:
  O(n) each time.
* A ring buffer (an array used circularly) is O(1) at both ends until it
  fills up.  Then it must allocate a larger array and copy every item into
  it: O(1) on average, but now and then one append costs O(n), and the
  memory must come as a single ever-larger piece.
* A doubly linked list with one node per item is O(1) at both ends and never
  moves anything.  But it stores two links beside every item, allocates on
  every append, and a walk along it follows one pointer per item, each
  usually to somewhere new in memory.

Blocks: contiguous where you iterate, linked where you restructure
===================================================================
A blocked deque takes the good half of the last two layouts.  Items are kept
in *blocks*, arrays with a fixed number of slots (``block_size``; 64 unless
you say otherwise, the same as CPython's ``collections.deque``), and the
blocks are chained into a doubly linked list::

       left block              interior block            right block
    +---+---+---+---+       +---+---+---+---+       +---+---+---+---+
    | . | . | a | b | <---> | c | d | e | f | <---> | g | h | . | . |
    +---+---+---+---+       +---+---+---+---+       +---+---+---+---+
              ^                                           ^
        left_index == 2                            right_index == 1

Within a block, neighbouring items sit in neighbouring slots, so stepping
from one to the next is ``index + 1``; a link is followed only at a block's
edge.  That is one pointer hop per ``block_size`` items instead of one per
item, and two links per block instead of two per item.

The chain of blocks only ever changes at its two ends:

* ``append`` writes into the slot after ``right_index``.  When the right
  block has no slot left, a fresh block is linked on after it.  No item that
  is already in the deque moves, nothing is reallocated or copied, so every
  single append is O(1), not just O(1) on average.
* ``pop`` takes the item at ``right_index`` and empties that slot.  A block
  that has given up its last item is unlinked and freed on the spot.
* ``appendleft`` and ``popleft`` are the mirror image at the left end.

The whole layout is described by the two end blocks and two indices, both
*inclusive*: the first item is in slot ``left_index`` of the left block, the
last in slot ``right_index`` of the right block.  Every block strictly
between the two ends is full, the end blocks may be partly empty, and an end
block is never left with nothing in it while the deque holds items.  The
length therefore follows from the layout::

    len == blocks * block_size - left_index - (block_size - 1 - right_index)

and the class does not store it at all: it keeps a count of blocks and works
the length out when asked, in O(1).  (:meth:`~BlockedDeque.check_invariants`
walks the chain and confirms that the count and the items agree.)

An empty deque still has one block, with ``left_index == right_index + 1``:
an append writes at ``right_index + 1``, an appendleft at ``left_index - 1``.
When pops empty the deque at a block's edge, the two indices are put back in
the middle of the block, so that the next append *and* the next appendleft
each find a free slot in it.  Otherwise a queue that keeps draining and
refilling would creep off the edge of its only block and link a new one
while the old one stood empty.  (The opposite choice is made when a whole
iterable is about to be added to an empty deque: ``extend`` starts at the
block's left edge and ``extendleft`` at its right edge, so that the blocks
fill completely.)

Reaching into the middle
========================
``d[i]`` has no array to index into.  It works out how many slots ``i`` is
from the nearer end, hops ``that // block_size`` blocks along the chain and
takes slot ``that % block_size``: O(min(i, n - i) / block_size) hops.  So
``d[0]`` and ``d[-1]`` are O(1), and the middle of a long deque is O(n /
block_size).  A list gives O(1) anywhere; a deque buys its fast ends with
slower middles.

Rotation, insertion, deletion
=============================
``rotate(k)`` moves the last ``k`` items to the front (``k < 0`` moves the
first ``-k`` to the back).  Rotating by ``k`` or by ``k - n`` gives the same
result, so ``k`` is first reduced to the equivalent step of at most ``n / 2``
in either direction: the work is O(min(k, n - k)), never more than half the
deque.  The items are then carried over a run at a time: as many as the end
block can give and the other end block can take go across in one slice,
and a new block is linked on, or an emptied one freed, as needed.  That is
O(k) item copies done in O(k / block_size) slice operations.  (Relinking
whole blocks would avoid even the copies, but only when the ends happen to
line up on block boundaries, which they rarely do.)

``insert(i, x)`` and ``del d[i]`` use rotation too, as CPython does: turn the
deque until position ``i`` is at an end, append or pop there, turn it back.
Each rotation is at most half the deque, so both cost O(min(i, n - i)).

A few more details
==================
*Changes during iteration.*  An iterator must raise ``RuntimeError("deque
mutated during iteration")`` if the deque changes under it, and ``count``,
``index``, ``remove`` and ``in`` must notice a change made by an item's
``__eq__`` (which can run any code) before they read another slot of a
layout that may no longer exist.  The deque keeps a counter, ``_state``, and
a watcher remembers the counter *and the length* it started with.  Pops,
``clear``, and rotations add one to the counter; additions do not need to,
because an addition always makes the deque longer, and the only way back to
the old length is a removal, which does count.  So "counter and length both
unchanged" means "nothing happened", and the hot ``append`` path never
touches the counter.  The operations that count as changes are exactly the
ones CPython's deque counts: adding or removing items, ``clear`` of a
non-empty deque, ``rotate`` of two or more items.  ``d[i] = x`` and
``reverse()`` rewrite slots without changing the layout, so a running
iterator stays valid and, as in CPython, they do not count.

*Spare blocks.*  A queue in a steady state frees a block at one end about as
often as it needs a new one at the other.  Each deque therefore keeps up to
four emptied blocks and reuses them before allocating fresh ones.  (CPython
keeps sixteen; in C the saving is a call to the allocator.)

*What Python adds.*  A C deque can leave a popped item's pointer lying in a
dead slot.  Here every vacated slot is set back to ``None`` at once; a stale
reference would keep the popped object alive.  Since blocks point at each
other both ways, a chain of blocks is a reference cycle: a block that
leaves the deque (by pops, or ``clear``) has its links cut, so reference
counting frees it at once instead of waiting for the cycle collector.
Nothing in this module recurses over the chain, so a deque of a million
one-slot blocks is as safe as any other.  And since every attribute read
costs time in Python, the deque keeps the slot arrays of its two end blocks
at hand (``_left_slots``, ``_right_slots``): an append that fits in the
right block is one array store and one index update.

*block_size=1* makes every block a single slot: a plain doubly linked list
with one node per item.  It behaves the same and is a good way to see what
the blocks buy.

What is in this module
======================
:class:`BlockedDeque` is a drop-in for :class:`collections.deque`: the same
methods, operators, errors and messages (with ``BlockedDeque`` in place of
``deque`` where a message names the class), ``maxlen``, copying, pickling
and subclassing.  On top of that it has the teaching surface: the
``block_size=`` keyword, :attr:`~BlockedDeque.block_size`,
:attr:`~BlockedDeque.block_count`, :meth:`~BlockedDeque.blocks` (a picture of
the layout) and :meth:`~BlockedDeque.check_invariants`.

Where it knowingly differs from ``collections.deque``:

* It is pure Python: each append or pop costs a Python method call.
* ``copy()``, ``+``, ``*`` and pickling keep ``block_size`` whenever they
  build the new deque with this class's own ``__init__``.  A subclass that
  overrides ``__init__`` is called exactly as ``deque`` calls it (with the
  iterable and maxlen only), so its own ``__init__`` decides the block size.
* Errors for a wrong number of arguments use Python's wording for a
  function call, and so does ``x * d`` for a non-integer ``x`` that is not a
  sequence (``deque`` says "can't multiply sequence by non-int" there).
  The exception types are the same.
* For ``d + x`` and ``d * x``, deque lets ``x.__radd__``/``x.__rmul__`` try
  first; here only classes written in Python get that turn (see
  :func:`_reflected`).
* ``__sizeof__`` counts Python objects (the deque, its blocks and their slot
  lists), so the numbers differ from the C layout's.
"""

from __future__ import annotations

import functools
import itertools
import operator
import reprlib
import types
from typing import Any, Callable, Iterable, Iterator, List, Optional, Tuple

from dsa._compat import (DEQUE_FULL, DEQUE_MUTATED, EMPTY_DEQUE, SSIZE_MAX,
                         as_maxlen, as_repeat_count, as_ssize, cannot_multiply,
                         clamp_bounds, deque_position, has_index,
                         is_python_class, name_of, not_in_deque)

__all__ = ["BlockedDeque", "DEFAULT_BLOCK_SIZE", "MAX_BLOCK_SIZE", "check_block_size"]

DEFAULT_BLOCK_SIZE = 64          # slots per block, as in CPython's deque
MAX_BLOCK_SIZE = 1 << 20         # the largest block either twin takes: 8 MiB in C
_SPARE_BLOCKS_KEPT = 4           # emptied blocks a deque keeps for reuse

_END = object()                  # "this iterator had nothing more"


###############################################################################
# Blocks
###############################################################################

class _Block:
    """One block: an array of ``block_size`` slots and a link to each neighbour.

    ``prev`` is the block to the left (None at the left end), ``next`` the
    block to the right (None at the right end).  Empty slots hold None.
    """

    __slots__ = ("slots", "prev", "next")

    def __init__(self, size: int) -> None:
        self.slots: List[Any] = [None] * size
        self.prev: Optional[_Block] = None
        self.next: Optional[_Block] = None


###############################################################################
# Arguments (collections.deque's rules and messages are dsa._compat's, shared
# with the C twin), and the one rule for block_size
###############################################################################

def check_block_size(block_size: Any) -> int:
    """``block_size`` as both twins take it: an integer from 1 to
    :data:`MAX_BLOCK_SIZE`."""
    try:
        size = operator.index(block_size)
    except TypeError:
        raise TypeError(f"block_size must be an integer, not "
                        f"{name_of(block_size)}") from None
    if not 1 <= size <= MAX_BLOCK_SIZE:
        raise ValueError(f"block_size must be between 1 and {MAX_BLOCK_SIZE}, "
                         f"got {size}")
    return size


def _reflected(left: "BlockedDeque", right: Any, name: str, error: TypeError) -> Any:
    """The fallback of ``left + right`` or ``left * right`` for a foreign ``right``.

    ``collections.deque`` has no ``__add__``/``__mul__`` of its own, only the
    sequence slots, so Python first offers the operation to the right
    operand's reflected method (``__radd__``, ``__rmul__``) and only if that
    declines raises deque's TypeError.  Same order here, for classes written
    in Python.  Built-in types are skipped: on ``str``, ``list`` or ``tuple``
    ``__rmul__`` is their own repeat, not a reflected operation, and the
    built-in numbers decline anyway.
    """
    cls = type(right)
    method = getattr(cls, name, None)
    if (method is not None and is_python_class(cls)
            and not isinstance(right, BlockedDeque)):
        result = method(right, left)
        if result is not NotImplemented:
            return result
    raise error


def _subclass_slot_names(cls: type) -> List[str]:
    """The ``__slots__`` a subclass added; pickling must save them.

    BlockedDeque's own slots are the blocks and indices, which pickling
    rebuilds from the items, so they are left out.
    """
    names = []
    for klass in cls.__mro__:
        if klass is BlockedDeque or klass is object:
            continue
        slots = klass.__dict__.get("__slots__", ())
        if isinstance(slots, str):
            slots = (slots,)
        for name in slots:
            if name in ("__dict__", "__weakref__"):
                continue
            if name.startswith("__") and not name.endswith("__"):
                owner = klass.__name__.lstrip("_")
                if owner:                        # private names are mangled
                    name = f"_{owner}{name}"
            names.append(name)
    return names


###############################################################################
# The deque
###############################################################################

class BlockedDeque:
    """A double-ended queue kept in a doubly linked list of fixed-size blocks.

    ``BlockedDeque(iterable=(), maxlen=None, *, block_size=64)`` behaves like
    ``collections.deque(iterable, maxlen)``.  With a ``maxlen`` the deque never
    grows past it: adding at one end of a full deque discards an item from
    the other end.  ``block_size`` is the number of slots per block.

    O(1): append, appendleft, pop, popleft, len, d[0], d[-1].
    O(min(i, n - i) / block_size): d[i], d[i] = x.
    O(min(i, n - i)): insert(i, x), del d[i]; rotate(k) is O(min(k, n - k)).
    O(n): count, index, remove, in, reverse, copy, iteration.
    """

    # The layout: the two end blocks, the inclusive indices of the first and
    # last items in them, and how many blocks the chain has.  The end blocks'
    # slot arrays are kept at hand as well (always ``_left_block.slots`` and
    # ``_right_block.slots``) so the four O(1) operations reach them in one
    # step.  The length is not stored: it follows from the layout.
    __slots__ = ("_left_block", "_left_slots", "_left_index",
                 "_right_block", "_right_slots", "_right_index",
                 "_block_count", "_block_size", "_maxlen", "_state",
                 "_spare_blocks", "__weakref__")

    __hash__ = None  # type: ignore[assignment]     # mutable, like deque

    __class_getitem__ = classmethod(types.GenericAlias)

    # -- making one ------------------------------------------------------------

    def __new__(cls, /, *args: Any, **kwargs: Any) -> "BlockedDeque":
        # Like deque's tp_new: the object is a valid empty deque even before
        # __init__ runs (a subclass's __init__ might never call ours).
        self = super().__new__(cls)
        self._block_size = DEFAULT_BLOCK_SIZE
        self._maxlen = None
        self._state = 0
        self._spare_blocks = []
        self._start_empty()
        return self

    def __init__(self, iterable: Iterable[Any] = (), maxlen: Optional[int] = None,
                 *, block_size: int = DEFAULT_BLOCK_SIZE) -> None:
        # Calling __init__ again on a live deque is allowed, as with deque:
        # it empties the deque and refills it from the iterable.  The
        # arguments are checked first, so a bad one leaves the deque alone.
        maxlen = as_maxlen(maxlen)
        block_size = check_block_size(block_size)
        self._maxlen = maxlen
        self._clear()
        if block_size != self._block_size:
            self._block_size = block_size
            self._spare_blocks = []
            self._start_empty()
        self._extend(iterable)

    def _start_empty(self) -> None:
        """Make this an empty deque: one block, indices in its middle."""
        block = self._take_block()
        self._left_block = self._right_block = block
        self._left_slots = self._right_slots = block.slots
        self._block_count = 1
        self._recentre()

    def _recentre(self) -> None:
        # Room on both sides: the next append lands at centre + 1, the next
        # appendleft at centre.
        centre = (self._block_size - 1) // 2
        self._left_index = centre + 1
        self._right_index = centre

    def _size(self) -> int:
        """The length, read off the layout (see the module docstring)."""
        return ((self._block_count - 1) * self._block_size
                + self._right_index - self._left_index + 1)

    # -- blocks coming and going ---------------------------------------------

    def _take_block(self) -> _Block:
        """A blank, unlinked block: a spare one if there is one."""
        if self._spare_blocks:
            return self._spare_blocks.pop()
        return _Block(self._block_size)

    def _release_block(self, block: _Block) -> None:
        """A block that holds no items any more has left the chain.

        Its slots are already None.  Cutting its links breaks the reference
        cycle with its old neighbour, so if it is not kept as a spare it is
        freed at once.
        """
        block.prev = block.next = None
        if len(self._spare_blocks) < _SPARE_BLOCKS_KEPT:
            self._spare_blocks.append(block)

    def _link_block_right(self) -> None:
        block = self._take_block()
        block.prev = self._right_block
        self._right_block.next = block
        self._right_block, self._right_slots = block, block.slots
        self._block_count += 1

    def _link_block_left(self) -> None:
        block = self._take_block()
        block.next = self._left_block
        self._left_block.prev = block
        self._left_block, self._left_slots = block, block.slots
        self._block_count += 1

    def _unlink_right_block(self) -> None:
        block = self._right_block
        self._right_block = block.prev
        self._right_block.next = None
        self._right_slots = self._right_block.slots
        self._block_count -= 1
        self._release_block(block)

    def _unlink_left_block(self) -> None:
        block = self._left_block
        self._left_block = block.next
        self._left_block.prev = None
        self._left_slots = self._left_block.slots
        self._block_count -= 1
        self._release_block(block)

    def _is_empty(self) -> bool:
        # Cheaper than _size() == 0: one block, and no item in it.
        return (self._left_block is self._right_block
                and self._left_index > self._right_index)

    def _grow_right(self) -> int:
        """The right block is full: make room; return the slot to write."""
        if (self._left_block is self._right_block
                and self._left_index > self._right_index):       # empty
            # Empty, with its indices at the right edge of its only block
            # (a one-slot block, or after an extendleft of nothing): start
            # again from the left edge rather than add a block.
            self._left_index, self._right_index = 0, -1
        else:
            self._link_block_right()
        return 0

    def _grow_left(self) -> int:
        """The left block is full: make room; return the slot to write."""
        last = self._block_size - 1
        if (self._left_block is self._right_block
                and self._left_index > self._right_index):       # empty
            self._left_index, self._right_index = last + 1, last
        else:
            self._link_block_left()
        return last

    def _leave_right_block(self) -> None:
        """Slot 0 of the right block has just been emptied by a pop."""
        if self._right_block is self._left_block:
            self._recentre()        # now empty: keep the block, start in its middle
        else:
            self._unlink_right_block()
            self._right_index = self._block_size - 1

    def _leave_left_block(self) -> None:
        """The last slot of the left block has just been emptied by a popleft."""
        if self._left_block is self._right_block:
            self._recentre()
        else:
            self._unlink_left_block()
            self._left_index = 0

    # -- the four O(1) operations --------------------------------------------
    #
    # These are the hot path.  Each reads only the fields it needs and calls
    # a helper only when it crosses a block boundary, once in block_size
    # calls.  Pops add one to _state; additions need not, because they
    # change the length (see "Changes during iteration" above).

    def append(self, item: Any, /) -> None:
        """Add ``item`` at the right end.  O(1)."""
        i = self._right_index + 1
        if i == self._block_size:
            i = self._grow_right()
        self._right_slots[i] = item
        self._right_index = i
        if self._maxlen is not None and self._size() > self._maxlen:
            self._popleft()         # full: the item at the far end goes

    def appendleft(self, item: Any, /) -> None:
        """Add ``item`` at the left end.  O(1)."""
        i = self._left_index - 1
        if i < 0:
            i = self._grow_left()
        self._left_slots[i] = item
        self._left_index = i
        if self._maxlen is not None and self._size() > self._maxlen:
            self._pop()

    def pop(self, /) -> Any:
        """Remove and return the rightmost item.  O(1)."""
        slots = self._right_slots
        i = self._right_index
        if i < self._left_index and slots is self._left_slots:   # one block, no item
            raise IndexError(EMPTY_DEQUE)
        item = slots[i]
        slots[i] = None             # the slot must not keep the item alive
        self._state += 1
        if i:
            self._right_index = i - 1
        else:
            self._leave_right_block()
        return item

    def popleft(self, /) -> Any:
        """Remove and return the leftmost item.  O(1)."""
        slots = self._left_slots
        i = self._left_index
        if i > self._right_index and slots is self._right_slots:  # one block, no item
            raise IndexError(EMPTY_DEQUE)
        item = slots[i]
        slots[i] = None
        self._state += 1
        i += 1
        if i == self._block_size:
            self._leave_left_block()
        else:
            self._left_index = i
        return item

    # Internal callers use these names.  deque's own C code never calls a
    # subclass's override of append or pop, and neither does this class.
    _append = append
    _appendleft = appendleft
    _pop = pop
    _popleft = popleft

    # -- many items at once --------------------------------------------------

    def extend(self, iterable: Iterable[Any], /) -> None:
        """Append every item of ``iterable`` at the right end, in order."""
        self._extend(iterable)

    def extendleft(self, iterable: Iterable[Any], /) -> None:
        """Appendleft every item of ``iterable``: they end up in reverse order."""
        if iterable is self:
            iterable = self._as_list()       # d.extendleft(d) reads d first
        items = iter(iterable)
        if self._maxlen == 0:
            for _ in items:                  # deque consumes the iterator and
                pass                         # keeps nothing
            return
        first = next(items, _END)
        if first is _END:
            return
        if self._is_empty():
            # Fill an empty deque from the right edge of its block, so that
            # blocks are used in full rather than from the middle.
            self._left_index = self._block_size
            self._right_index = self._block_size - 1
        appendleft = self._appendleft
        appendleft(first)
        for item in items:
            appendleft(item)

    def _extend(self, iterable: Iterable[Any]) -> None:
        if iterable is self:
            iterable = self._as_list()       # d.extend(d) doubles d, once
        elif (isinstance(iterable, BlockedDeque)
              and type(iterable).__iter__ is BlockedDeque.__iter__):
            iterable = iterable._snapshot()  # same items, read block-wise
        items = iter(iterable)
        if self._maxlen == 0:
            for _ in items:
                pass
            return
        if type(iterable) in (list, tuple) and (
                self._maxlen is None
                or self._size() + len(iterable) <= self._maxlen):
            if iterable and self._is_empty():
                self._left_index, self._right_index = 0, -1
            self._append_run(iterable)
            return
        # Item by item: the iterable may run any code between two items
        # (even look at this deque), so each append is finished before the
        # next item is asked for.
        first = next(items, _END)
        if first is _END:
            return
        if self._is_empty():
            # Fill an empty deque from the left edge of its block, so that
            # blocks are used in full rather than from the middle.
            self._left_index, self._right_index = 0, -1
        append = self._append
        append(first)
        for item in items:
            append(item)

    def _append_run(self, items: Any) -> None:
        """Append a list's or tuple's items, filling each block with one slice.

        Reading a list or tuple runs no user code, so nobody can see the
        deque half-way, and the items can go in a block-load at a time.  The
        caller has checked that maxlen will not be exceeded.
        """
        done, total = 0, len(items)
        while done < total:
            i = self._right_index + 1
            if i == self._block_size:
                i = self._grow_right()
            count = min(self._block_size - i, total - done)
            self._right_slots[i:i + count] = items[done:done + count]
            self._right_index = i + count - 1
            done += count

    def clear(self, /) -> None:
        """Remove every item.  O(n)."""
        self._clear()

    def _clear(self) -> None:
        if not self._size():
            return                  # nothing changes, so iterators stay valid
        block = self._left_block
        self._state += 1
        self._start_empty()
        # The deque is consistent again before any item is let go (letting
        # go may run an item's __del__, which may use the deque).  Then the
        # old chain is cut link by link, so each block is freed by reference
        # counting as we pass it instead of waiting for the cycle collector.
        while block is not None:
            following = block.next
            block.prev = block.next = None
            block = following

    # -- where is item i? -------------------------------------------------------

    def _locate(self, index: int) -> Tuple[_Block, int]:
        """The block and slot of item ``index`` (0 <= index < len).

        Counts how many slots the item lies from the nearer end, then hops
        ``count // block_size`` blocks along the chain and takes slot
        ``count % block_size`` (counted from that end) in the block it lands
        on: O(min(index, len - index) / block_size).
        """
        size, length = self._block_size, self._size()
        if index < (length >> 1):
            slots = self._left_index + index             # slots from left slot 0
            block = self._left_block
            for _ in range(slots // size):
                block = block.next
            return block, slots % size
        slots = (size - 1 - self._right_index) + (length - 1 - index)
        block = self._right_block                        # slots from the last slot
        for _ in range(slots // size):
            block = block.prev
        return block, size - 1 - slots % size

    def _position(self, index: Any) -> int:
        """Turn ``d[index]``'s index into a position 0 <= p < len, or raise."""
        return deque_position(index, self._size())

    def __getitem__(self, index: int) -> Any:
        block, slot = self._locate(self._position(index))
        return block.slots[slot]

    def __setitem__(self, index: int, item: Any) -> None:
        # Not counted as a change: the layout stays, as in deque.
        block, slot = self._locate(self._position(index))
        block.slots[slot] = item

    def __delitem__(self, index: int) -> None:
        self._delete_at(self._position(index))

    def _delete_at(self, position: int) -> None:
        # Turn the item to the left end, pop it, turn back.  Each turn is at
        # most half the deque, so this is O(min(position, len - position)).
        self._rotate(-position)
        removed = self._popleft()
        self._rotate(position)
        del removed     # only now: letting go may run its __del__, which may use us

    def insert(self, index: int, item: Any, /) -> None:
        """Insert ``item`` before position ``index`` (like ``list.insert``).

        O(min(index, len - index)).  IndexError if the deque is bounded and
        full, since neither end could sensibly give way.
        """
        index = as_ssize(index)
        length = self._size()
        if self._maxlen == length:
            raise IndexError(DEQUE_FULL)
        if index >= length:
            self._append(item)
        elif index <= -length or index == 0:
            self._appendleft(item)
        else:
            # Turn the gap to an end, fill it there, turn back.
            self._rotate(-index)
            if index < 0:
                self._append(item)
            else:
                self._appendleft(item)
            self._rotate(index)

    # -- rotation ----------------------------------------------------------------

    def rotate(self, n: int = 1, /) -> None:
        """Move the last ``n`` items to the front (``n < 0``: first to back).

        O(min(k, len - k)) for the equivalent step k.
        """
        self._rotate(as_ssize(n))

    def _rotate(self, n: int) -> None:
        length = self._size()
        if length <= 1:
            return                      # nothing can move: not a change
        half = length >> 1
        if not -half <= n <= half:
            # A full turn changes nothing, so only n % length matters; and a
            # turn of more than half one way is a shorter turn the other way.
            n %= length
            if n > half:
                n -= length
        self._state += 1
        if n > 0:
            self._move_right_to_left(n)
        elif n < 0:
            self._move_left_to_right(-n)

    def _move_right_to_left(self, count: int) -> None:
        """Carry the last ``count`` items, in order, to the front."""
        size = self._block_size
        while count:
            if self._left_index == 0:           # no room left of the first item
                self._link_block_left()
                self._left_index = size         # the new block is still empty
            source, last = self._right_slots, self._right_index
            target, first = self._left_slots, self._left_index
            # As many as the right block can give and the left block can take.
            run = min(count, last + 1, first)
            target[first - run:first] = source[last - run + 1:last + 1]
            source[last - run + 1:last + 1] = [None] * run
            self._left_index = first - run
            count -= run
            if last - run < 0:                  # the right block is now empty
                self._unlink_right_block()
                self._right_index = size - 1
            else:
                self._right_index = last - run

    def _move_left_to_right(self, count: int) -> None:
        """Carry the first ``count`` items, in order, to the back."""
        size = self._block_size
        while count:
            if self._right_index == size - 1:   # no room right of the last item
                self._link_block_right()
                self._right_index = -1
            source, first = self._left_slots, self._left_index
            target, last = self._right_slots, self._right_index
            run = min(count, size - first, size - 1 - last)
            target[last + 1:last + 1 + run] = source[first:first + run]
            source[first:first + run] = [None] * run
            self._right_index = last + run
            count -= run
            if first + run == size:             # the left block is now empty
                self._unlink_left_block()
                self._left_index = 0
            else:
                self._left_index = first + run

    def reverse(self, /) -> None:
        """Reverse the items in place.  O(n).

        The items are read out, reversed, and written back into the same
        slots, so the layout does not change and (as in deque) this does not
        count as a mutation for running iterators.
        """
        items = self._snapshot()
        items.reverse()
        block, slot, done = self._left_block, self._left_index, 0
        while done < len(items):
            run = min(self._block_size - slot, len(items) - done)
            block.slots[slot:slot + run] = items[done:done + run]
            done += run
            block, slot = block.next, 0

    # -- searching -----------------------------------------------------------------
    #
    # Each comparison can run arbitrary code (an item's __eq__), which may
    # change the deque.  So the scan reads one slot at a time, and after
    # every comparison the caller checks that the deque is unchanged before
    # reading another slot of a layout that may no longer exist.

    def _scan(self, start: int, stop: int) -> Iterator[Any]:
        """Yield the items at positions start..stop-1, one slot at a time."""
        if start >= stop:
            return
        block, slot = self._locate(start)
        size = self._block_size
        for _ in range(stop - start):
            yield block.slots[slot]
            slot += 1
            if slot == size:
                block, slot = block.next, 0

    def _changed(self, state: int, length: int) -> bool:
        """Has the deque changed since it had this _state and this length?"""
        return self._state != state or self._size() != length

    def __contains__(self, item: Any) -> bool:
        state, length = self._state, self._size()
        for candidate in self._scan(0, length):
            if candidate is item or candidate == item:
                return True
            if self._changed(state, length):
                raise RuntimeError(DEQUE_MUTATED)
        return False

    def count(self, value: Any, /) -> int:
        """How many items are equal to ``value``.  O(n)."""
        state, length = self._state, self._size()
        total = 0
        for candidate in self._scan(0, length):
            if candidate is value or candidate == value:
                total += 1
            if self._changed(state, length):
                raise RuntimeError(DEQUE_MUTATED)
        return total

    def index(self, value: Any, start: int = 0, stop: int = SSIZE_MAX, /) -> int:
        """Position of the first item equal to ``value`` in ``d[start:stop]``.

        ``start`` and ``stop`` work as in ``list.index``.  ValueError if there
        is none.
        """
        state, length = self._state, self._size()
        start, stop = clamp_bounds(start, stop, length)
        for position, candidate in enumerate(self._scan(start, stop), start):
            if candidate is value or candidate == value:
                return position
            if self._changed(state, length):
                raise RuntimeError(DEQUE_MUTATED)
        raise not_in_deque(value)

    def remove(self, value: Any, /) -> None:
        """Remove the first item equal to ``value``.  ValueError if there is none."""
        state, length = self._state, self._size()
        for position, candidate in enumerate(self._scan(0, length)):
            found = candidate is value or bool(candidate == value)
            if self._changed(state, length):
                raise IndexError(DEQUE_MUTATED)   # deque says IndexError here
            if found:
                self._delete_at(position)
                return
        raise not_in_deque(value)

    # -- iteration -----------------------------------------------------------------

    def __iter__(self) -> Iterator[Any]:
        return _BlockedDequeIterator(self)

    def __reversed__(self) -> Iterator[Any]:
        return _BlockedDequeReverseIterator(self)

    def _snapshot(self) -> List[Any]:
        """All items as a list, read a block at a time."""
        if not self._size():
            return []
        left, right = self._left_block, self._right_block
        if left is right:
            return left.slots[self._left_index:self._right_index + 1]
        items = left.slots[self._left_index:]
        block = left.next
        while block is not right:
            items += block.slots
            block = block.next
        items += right.slots[:self._right_index + 1]
        return items

    def _as_list(self) -> List[Any]:
        """``list(self)``: straight from the blocks unless a subclass changed __iter__."""
        if type(self).__iter__ is BlockedDeque.__iter__:
            return self._snapshot()
        return list(self)

    # -- size ---------------------------------------------------------------------

    def __len__(self) -> int:
        return self._size()

    def __bool__(self) -> bool:
        return self._size() != 0

    @property
    def maxlen(self) -> Optional[int]:
        """The maximum length, or None for an unbounded deque (read-only)."""
        return self._maxlen

    # -- copies and operators ----------------------------------------------------

    def copy(self, /) -> "BlockedDeque":
        """A shallow copy: same class, maxlen and block size, same items."""
        return self._copy()

    __copy__ = copy

    def _copy(self) -> "BlockedDeque":
        if type(self) is BlockedDeque:
            new = BlockedDeque((), self._maxlen, block_size=self._block_size)
            new._extend(self._snapshot())
            return new
        # A subclass is built the way deque builds one, by calling the class,
        # so that its own __new__ and __init__ run.
        maker = self._maker()
        if self._maxlen is None:
            new = maker(self)
        else:
            new = maker(self, self._maxlen)
        if not isinstance(new, BlockedDeque):
            raise TypeError(f"{name_of(self)}() must return a BlockedDeque, "
                            f"not {name_of(new)}")
        return new

    def _maker(self) -> Callable[..., Any]:
        """What to call, like the class, to build a new deque of this kind.

        ``block_size`` is passed only to an ``__init__`` known to accept it
        (this class's own); a subclass's ``__init__`` gets what deque passes.
        """
        cls = type(self)
        if (self._block_size != DEFAULT_BLOCK_SIZE
                and cls.__init__ is BlockedDeque.__init__):
            return functools.partial(cls, block_size=self._block_size)
        return cls

    def __add__(self, other: Any) -> Any:
        if not isinstance(other, BlockedDeque):
            return _reflected(self, other, "__radd__", TypeError(
                f'can only concatenate BlockedDeque (not "{name_of(other)}") '
                f'to BlockedDeque'))
        new = self._copy()          # keeps self's class and maxlen, as deque does
        new._extend(other)
        return new

    def __iadd__(self, other: Iterable[Any]) -> "BlockedDeque":
        self._extend(other)         # any iterable, as with extend
        return self

    def __mul__(self, n: Any) -> Any:
        if not has_index(n):
            return _reflected(self, n, "__rmul__", cannot_multiply(n))
        return self._repeated(as_repeat_count(n))

    def __rmul__(self, n: Any) -> Any:
        if not has_index(n):
            return NotImplemented   # let a sequence on the left say what is wrong
        return self._repeated(as_repeat_count(n))

    def __imul__(self, n: Any) -> Any:
        if not has_index(n):
            return NotImplemented   # Python then tries __mul__, which explains
        self._repeat_in_place(as_repeat_count(n))
        return self

    def _repeated(self, n: int) -> "BlockedDeque":
        new = self._copy()          # self's class and maxlen, as deque does
        new._repeat_in_place(n)
        return new

    def _repeat_in_place(self, n: int) -> None:
        """``self *= n``, with deque's shortcuts and its respect for maxlen."""
        length = self._size()
        if length == 0 or n == 1:
            return
        if n <= 0:
            self._clear()
            return
        if length == 1:
            if self._maxlen is not None and n > self._maxlen:
                n = self._maxlen
            self._state += 1        # deque counts this as a change even if
            item = self._left_slots[self._left_index]     # maxlen leaves
            self._extend(itertools.repeat(item, n - 1))    # nothing to add
            return
        if length > SSIZE_MAX // n:
            raise MemoryError
        items = self._as_list()
        if self._maxlen is not None and n * length > self._maxlen:
            # Only the last maxlen items survive: fewer copies do the job.
            n = (self._maxlen + length - 1) // length
        for _ in range(n - 1):
            self._extend(items)

    # -- comparisons ---------------------------------------------------------------

    def _compare(self, other: Any, op: Callable[[Any, Any], Any]) -> Any:
        """deque's rule: compare item by item, like lists, but only with deques."""
        if not isinstance(other, BlockedDeque):
            return NotImplemented
        if op is operator.eq or op is operator.ne:
            # Shortcuts that need no comparisons of items.
            if self is other:
                return op is operator.eq
            if self._size() != other._size():
                return op is operator.ne
        mine, theirs = iter(self), iter(other)
        while True:
            x = next(mine, _END)
            y = next(theirs, _END)
            if x is _END or y is _END:
                break
            if not (x is y or x == y):
                return bool(op(x, y))       # the first difference decides
        # One side ran out (or both): the one with items left is the larger.
        return op(x is not _END, y is not _END)

    def __eq__(self, other: Any) -> Any:
        return self._compare(other, operator.eq)

    def __ne__(self, other: Any) -> Any:
        return self._compare(other, operator.ne)

    def __lt__(self, other: Any) -> Any:
        return self._compare(other, operator.lt)

    def __le__(self, other: Any) -> Any:
        return self._compare(other, operator.le)

    def __gt__(self, other: Any) -> Any:
        return self._compare(other, operator.gt)

    def __ge__(self, other: Any) -> Any:
        return self._compare(other, operator.ge)

    # -- printing, pickling --------------------------------------------------------

    @reprlib.recursive_repr("[...]")
    def __repr__(self) -> str:
        name = type(self).__name__
        if self._maxlen is None:
            return f"{name}({self._as_list()!r})"
        return f"{name}({self._as_list()!r}, maxlen={self._maxlen})"

    def __getstate__(self) -> Any:
        """What to save besides the items: the instance dict and subclass slots.

        Shaped like ``object.__getstate__``'s answer: None, a dict, or a
        ``(dict, slots)`` pair.
        """
        state = getattr(self, "__dict__", None) or None
        slots = {}
        for name in _subclass_slot_names(type(self)):
            try:
                slots[name] = getattr(self, name)
            except AttributeError:
                pass                        # a slot never set is not saved
        if slots:
            return (state, slots)
        return state

    def __reduce__(self) -> Tuple[Any, ...]:
        # As deque: (maker, args, state, an iterator over the items).  The
        # unpickler calls maker(*args), applies state, then extends with the
        # items, so a deque that contains itself comes back intact.
        state = self.__getstate__()
        items = iter(self)
        args = () if self._maxlen is None else ((), self._maxlen)
        return self._maker(), args, state, items

    def __sizeof__(self) -> int:
        size = object.__sizeof__(self)
        block = self._left_block
        while block is not None:
            size += object.__sizeof__(block) + block.slots.__sizeof__()
            block = block.next
        return size

    # -- the teaching surface -----------------------------------------------------

    @property
    def block_size(self) -> int:
        """Slots per block (read-only)."""
        return self._block_size

    @property
    def block_count(self) -> int:
        """How many blocks the chain has now (an empty deque has one)."""
        return self._block_count

    def blocks(self) -> List[List[Any]]:
        """A snapshot of the layout: the items of each block, left to right.

        ``BlockedDeque(range(10), block_size=4).blocks()`` is
        ``[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]``.  An empty deque is ``[[]]``.
        """
        left, right = self._left_block, self._right_block
        if left is right:
            return [left.slots[self._left_index:self._right_index + 1]]
        layout = [left.slots[self._left_index:]]
        block = left.next
        while block is not right:
            layout.append(list(block.slots))
            block = block.next
        layout.append(right.slots[:self._right_index + 1])
        return layout

    def check_invariants(self) -> None:
        """Raise AssertionError, saying what is wrong, if the layout is broken.

        Checks: the links agree in both directions and lead from the left
        block to the right one; the block count and the cached end slots
        match the chain; every block has block_size slots; the indices are in
        range; the end blocks are not empty while the deque has items; the
        length equals the items the blocks hold, with every interior block
        full; the number of blocks is what that length needs (plus the slack
        at the ends); empty slots hold None; maxlen is respected; spare
        blocks are blank and unlinked.
        """
        size = self._block_size
        if not isinstance(size, int) or size < 1:
            raise AssertionError(f"block_size is {size!r}, not a positive int")
        left, right = self._left_block, self._right_block
        first, last = self._left_index, self._right_index
        if left.prev is not None:
            raise AssertionError("the left block has a block before it")
        if right.next is not None:
            raise AssertionError("the right block has a block after it")
        if self._left_slots is not left.slots or self._right_slots is not right.slots:
            raise AssertionError("the cached end slots are not the end blocks' slots")

        # Walk the chain; the count field bounds the walk, so a circle of
        # links cannot make it run for ever.
        chain = [left]
        while chain[-1] is not right:
            block = chain[-1].next
            if block is None:
                raise AssertionError(
                    f"walking right from the left block ends after {len(chain)} "
                    f"blocks without meeting the right block")
            if block.prev is not chain[-1]:
                raise AssertionError(
                    f"block {len(chain) - 1}.next is block {len(chain)}, but "
                    f"block {len(chain)}.prev does not point back to it")
            chain.append(block)
            if len(chain) > self._block_count:
                raise AssertionError(
                    f"the chain is longer than the {self._block_count} blocks counted")
        if len(chain) != self._block_count:
            raise AssertionError(
                f"the chain has {len(chain)} blocks, the count says {self._block_count}")
        for number, block in enumerate(chain):
            if type(block) is not _Block or len(block.slots) != size:
                raise AssertionError(
                    f"block {number} has {len(block.slots)} slots, not {size}")

        # The indices, and how many items each block holds.
        length = self._size()
        if length < 0:
            raise AssertionError(f"the layout gives a negative length {length}")
        if len(chain) == 1:
            # One block holds everything; empty means first == last + 1.
            if not (0 <= first <= size and -1 <= last < size and first <= last + 1):
                raise AssertionError(
                    f"one block with left_index {first}, right_index {last}")
            fills = [last - first + 1]
        else:
            if not (0 <= first < size and 0 <= last < size):
                raise AssertionError(
                    f"left_index {first} or right_index {last} outside 0..{size - 1}")
            # Everything from the first item to the last is in use, so every
            # block strictly between the end blocks is full.
            fills = [size - first] + [size] * (len(chain) - 2) + [last + 1]
            if min(fills[0], fills[-1]) < 1:
                raise AssertionError("an end block is empty while the deque is not")
        if sum(fills) != length or len(self) != length:
            raise AssertionError(
                f"the blocks hold {sum(fills)} items (fills {fills}) but the "
                f"length is {len(self)}")
        needed = max(1, -(-length // size))          # ceil(length / size)
        if not needed <= len(chain) <= needed + 1:
            raise AssertionError(
                f"{len(chain)} blocks for {length} items: need {needed}, "
                f"at most one more for the slack at the ends")

        # Empty slots must not hold on to anything.
        if len(chain) == 1:
            unused = left.slots[:first] + left.slots[last + 1:]
        else:
            unused = left.slots[:first] + right.slots[last + 1:]
        if any(slot is not None for slot in unused):
            raise AssertionError("an empty slot still refers to an item")

        maxlen = self._maxlen
        if maxlen is not None:
            if not isinstance(maxlen, int) or maxlen < 0:
                raise AssertionError(f"maxlen is {maxlen!r}")
            if length > maxlen:
                raise AssertionError(f"{length} items but maxlen is {maxlen}")

        spares = self._spare_blocks
        if len(spares) > _SPARE_BLOCKS_KEPT:
            raise AssertionError(f"{len(spares)} spare blocks kept")
        for spare in spares:
            if (len(spare.slots) != size or spare.prev is not None
                    or spare.next is not None
                    or any(slot is not None for slot in spare.slots)):
                raise AssertionError("a spare block is linked or not blank")
            if any(spare is block for block in chain):
                raise AssertionError("a spare block is still in the chain")


###############################################################################
# Iterators
###############################################################################

class _BlockedDequeIterator:
    """Walks a deque left to right; ``RuntimeError`` if the deque changes.

    Like deque's iterator it can be built directly, ``type(iter(d))(d, k)``,
    which starts after the first ``k`` items (that is how it pickles).  Once
    the deque has changed, every further ``next`` raises, even after the end
    (the reverse iterator, like deque's, says StopIteration once at the end).
    """

    __slots__ = ("_deque", "_block", "_slot", "_remaining", "_state", "_length")

    def __init__(self, deque: BlockedDeque, index: int = 0, /) -> None:
        if not isinstance(deque, BlockedDeque):
            raise TypeError(f"{type(self).__name__}() argument 1 must be "
                            f"BlockedDeque, not {name_of(deque)}")
        length = deque._size()
        skip = min(max(as_ssize(index), 0), length)
        self._deque = deque
        self._state, self._length = deque._state, length
        self._remaining = length - skip
        if self._remaining:
            self._block, self._slot = deque._locate(self._first_position(skip))
        else:
            self._block, self._slot = None, 0

    def _first_position(self, skip: int) -> int:
        return skip

    def __iter__(self) -> "_BlockedDequeIterator":
        return self

    def __next__(self) -> Any:
        deque = self._deque
        if deque._state != self._state or deque._size() != self._length:
            self._remaining = 0
            raise RuntimeError(DEQUE_MUTATED)
        if not self._remaining:
            raise StopIteration
        block, slot = self._block, self._slot
        item = block.slots[slot]
        slot += 1
        if slot == deque._block_size:
            self._block, slot = block.next, 0
        self._slot = slot
        self._remaining -= 1
        return item

    def __length_hint__(self) -> int:
        return self._remaining

    def __reduce__(self) -> Tuple[Any, ...]:
        return type(self), (self._deque, self._deque._size() - self._remaining)


class _BlockedDequeReverseIterator(_BlockedDequeIterator):
    """Walks a deque right to left; ``RuntimeError`` if the deque changes."""

    __slots__ = ()

    def _first_position(self, skip: int) -> int:
        return self._deque._size() - 1 - skip

    def __next__(self) -> Any:
        # deque's reverse iterator looks for the end first, then for a
        # change (the forward one does it the other way round).
        if not self._remaining:
            raise StopIteration
        deque = self._deque
        if deque._state != self._state or deque._size() != self._length:
            self._remaining = 0
            raise RuntimeError(DEQUE_MUTATED)
        block, slot = self._block, self._slot
        item = block.slots[slot]
        if slot:
            self._slot = slot - 1
        else:
            self._block, self._slot = block.prev, deque._block_size - 1
        self._remaining -= 1
        return item
