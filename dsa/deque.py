"""Double-ended queues, written to be read: a doubly linked list of blocks.

What a deque has to do
======================
A deque (say "deck": a double-ended queue) is a sequence that grows and
shrinks cheaply at *both* ends: ``append``, ``appendleft``, ``pop`` and
``popleft`` should each cost O(1) however long it is.  Each of the three
obvious layouts gets something wrong:

* A dynamic array (Python's ``list``) is fast at its right end only:
  ``insert(0, x)`` and ``pop(0)`` shift every other item along, O(n).
* A ring buffer (an array used circularly) is O(1) at both ends until it
  fills up; then it must copy everything into a larger array, so now and
  then one append costs O(n), and the memory comes as one ever-larger piece.
* A doubly linked list with one node per item is O(1) at both ends and never
  moves anything, but it stores two links beside every item, allocates on
  every append, and a walk along it follows one pointer per item.

Blocks: contiguous where you iterate, linked where you restructure
===================================================================
A blocked deque takes the good half of the last two.  Items are kept in
*blocks*, arrays with a fixed number of slots (``block_size``; 64 unless you
say otherwise, as in CPython's ``collections.deque``), and the blocks are
chained into a doubly linked list::

       left block              interior block            right block
    +---+---+---+---+       +---+---+---+---+       +---+---+---+---+
    | . | . | a | b | <---> | c | d | e | f | <---> | g | h | . | . |
    +---+---+---+---+       +---+---+---+---+       +---+---+---+---+
              ^                                           ^
        left_index == 2                            right_index == 1

Within a block the next item is at ``index + 1``; a link is followed only
at a block's edge: one pointer hop per ``block_size`` items, and two links
per block instead of two per item.  The chain only changes at its ends.
``append`` writes into the slot after ``right_index``, linking a fresh block
on when the right block is full; nothing already in the deque moves, so
every single append is O(1), not just O(1) on average.  ``pop`` empties the
slot at ``right_index``, and a block that gives up its last item is unlinked
at once.  ``appendleft`` and ``popleft`` are the mirror image.

The whole layout is the two end blocks and two *inclusive* indices: the
first item is in slot ``left_index`` of the left block, the last in slot
``right_index`` of the right block.  Every block between the ends is full,
and an end block is never empty while the deque holds items, so the length
follows from the layout and is not stored::

    len == blocks * block_size - left_index - (block_size - 1 - right_index)

An empty deque keeps one block, with ``left_index == right_index + 1``.
When pops empty it at a block's edge the indices go back to the middle of
the block, so that the next append *and* the next appendleft both find room;
otherwise a queue that drains and refills would creep off the edge of its
only block and link a new one.  (An ``extend`` of an empty deque starts at
the left edge instead, and ``extendleft`` at the right, so blocks fill up.)

Reaching into the middle
========================
``d[i]`` has no array to index: it counts how many slots ``i`` lies from the
nearer end, hops ``that // block_size`` blocks and takes slot ``that %
block_size``, O(min(i, n - i) / block_size).  ``d[0]`` and ``d[-1]`` are
O(1); a list gives O(1) anywhere, a deque buys its fast ends with slower
middles.

Spares, and what Python adds
============================
A queue in a steady state frees a block at one end about as often as it
needs one at the other, so each deque keeps up to four emptied blocks for
reuse.  Every vacated slot is set back to None at once (a stale reference
would keep a popped object alive), and a block that leaves the chain has
its links cut, so reference counting frees it at once instead of waiting
for the cycle collector.  Nothing here recurses over the chain, so a
million one-slot blocks are as safe as any other deque.  ``block_size=1``
is a plain doubly linked list, a good way to see what the blocks buy.

What is in this module
======================
:class:`BlockedDeque`, whose layout and end operations are written here; the
rest of ``collections.deque``'s surface (rotation, insertion, searching,
comparisons, copying, pickling, the guards against changes during
iteration) is built on them in ``dsa/_collections_deque.py``, whose header
also lists where the two knowingly differ.  The C twin (``native/deque.c``)
lays out the same blocks with a different bookkeeping: no block while
empty, an exclusive tail index, one spare, a stored length
(``docs/twins.md`` says where and why).
"""

from __future__ import annotations

import operator
from typing import (TYPE_CHECKING, Any, Generic, Iterable, Iterator, List,
                    Optional, Sequence, SupportsIndex, Tuple, TypeVar)

from dsa._collections_deque import _EMPTY, _END, DequeSurface
from dsa._compat import EMPTY_DEQUE, as_maxlen, deque_position, name_of
from dsa._properties import read_only
from dsa.pictures import Pictured

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["BlockedDeque", "DEFAULT_BLOCK_SIZE", "MAX_BLOCK_SIZE", "check_block_size"]

DEFAULT_BLOCK_SIZE = 64          # slots per block, as in CPython's deque
MAX_BLOCK_SIZE = 1 << 20         # the largest block either twin takes: 8 MiB in C
_SPARE_BLOCKS_KEPT = 4           # emptied blocks a deque keeps for reuse

T = TypeVar("T")


class _Block(Generic[T]):
    """``block_size`` slots (``_EMPTY``, None, when empty) and a link to each neighbour:
    ``prev`` to the left, ``next`` to the right (None at the ends)."""

    __slots__ = ("slots", "prev", "next")

    def __init__(self, size: int) -> None:
        self.slots: List[T] = [_EMPTY] * size
        self.prev: Optional[_Block[T]] = None
        self.next: Optional[_Block[T]] = None


def check_block_size(block_size: Any) -> int:
    """``block_size`` as both twins take it: an integer, 1 to MAX_BLOCK_SIZE."""
    try:
        size = operator.index(block_size)
    except TypeError:
        raise TypeError(f"block_size must be an integer, not "
                        f"{name_of(block_size)}") from None
    if not 1 <= size <= MAX_BLOCK_SIZE:
        raise ValueError(f"block_size must be between 1 and {MAX_BLOCK_SIZE}, "
                         f"got {size}")
    return size


class BlockedDeque(Pictured, DequeSurface[T], picture="deque"):
    """A double-ended queue kept in a doubly linked list of fixed-size blocks.

    ``BlockedDeque(iterable=(), maxlen=None, *, block_size=64)`` behaves like
    ``collections.deque(iterable, maxlen)``: with a ``maxlen`` it never grows
    past it, and adding at one end of a full deque drops an item from the
    other.  O(1): append, appendleft, pop, popleft, len, d[0], d[-1];
    O(min(i, n - i) / block_size): d[i]; O(min(k, n - k)) for rotate(k),
    insert and del at position k; O(n): searching, reverse, copy.
    """

    # The layout: the end blocks, the inclusive indices of the first and last
    # items in them, and how many blocks the chain has; the end blocks' slot
    # arrays are kept at hand too, so the four O(1) operations reach them in
    # one step.  _state counts changes for the guards of the surface.
    __slots__ = ("_left_block", "_left_slots", "_left_index",
                 "_right_block", "_right_slots", "_right_index",
                 "_block_count", "_block_size", "_maxlen", "_state",
                 "_spare_blocks", "__weakref__")

    # -- blocks coming and going -----------------------------------------------

    def _take_block(self) -> _Block[T]:
        """A blank, unlinked block: a spare one if there is one."""
        if self._spare_blocks:
            return self._spare_blocks.pop()
        return _Block(self._block_size)

    def _release_block(self, block: _Block[T]) -> None:
        """``block`` (all slots None) has left the chain: cut its links, which
        breaks the reference cycle, and keep it as a spare if there is room."""
        block.prev = block.next = None
        if len(self._spare_blocks) < _SPARE_BLOCKS_KEPT:
            self._spare_blocks.append(block)

    def _link_block_right(self) -> None:
        block = self._take_block()
        block.prev, self._right_block.next = self._right_block, block
        self._right_block, self._right_slots = block, block.slots
        self._block_count += 1

    def _link_block_left(self) -> None:
        block = self._take_block()
        block.next, self._left_block.prev = self._left_block, block
        self._left_block, self._left_slots = block, block.slots
        self._block_count += 1

    def _drop_end_block(self, block: _Block[T]) -> None:
        """``block``, an end of a chain of two or more, has been emptied: its
        neighbour lets go of it, the count goes down, and it is released."""
        if block.prev is not None:          # the right end
            block.prev.next = None
        if block.next is not None:          # the left end
            block.next.prev = None
        self._block_count -= 1
        self._release_block(block)

    def _unlink_right_block(self) -> None:
        block, left = self._right_block, self._right_block.prev
        assert left is not None             # the chain has two blocks or more
        self._right_block, self._right_slots = left, left.slots
        self._drop_end_block(block)

    def _unlink_left_block(self) -> None:
        block, right = self._left_block, self._left_block.next
        assert right is not None            # the chain has two blocks or more
        self._left_block, self._left_slots = right, right.slots
        self._drop_end_block(block)

    def _is_empty(self) -> bool:
        # Cheaper than _size() == 0: one block, and no item in it.
        return (self._left_block is self._right_block
                and self._left_index > self._right_index)

    def _grow_right(self) -> int:
        """The right block is full: make room; return the slot to write."""
        if self._is_empty():
            # Empty at the right edge of its block (a one-slot block, or an
            # extendleft of nothing): start again from the left edge.
            self._left_index, self._right_index = 0, -1
        else:
            self._link_block_right()
        return 0

    def _grow_left(self) -> int:
        """The left block is full: make room; return the slot to write."""
        last = self._block_size - 1
        if self._is_empty():
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

    # -- the four O(1) operations ----------------------------------------------
    #
    # The hot path: each reads only the fields it needs and calls a helper
    # only when it crosses a block's edge, once in block_size calls.  Pops
    # add one to _state; additions need not, since they change the length
    # (see "Changes during iteration" in dsa/_collections_deque.py).

    def append(self, item: T, /) -> None:
        """Add ``item`` at the right end.  O(1)."""
        i = self._right_index + 1
        if i == self._block_size:
            i = self._grow_right()
        self._right_slots[i] = item
        self._right_index = i
        if self._maxlen is not None and self._size() > self._maxlen:
            self._popleft()         # full: the item at the far end goes

    def appendleft(self, item: T, /) -> None:
        """Add ``item`` at the left end.  O(1)."""
        i = self._left_index - 1
        if i < 0:
            i = self._grow_left()
        self._left_slots[i] = item
        self._left_index = i
        if self._maxlen is not None and self._size() > self._maxlen:
            self._pop()

    def pop(self, /) -> T:
        """Remove and return the rightmost item.  O(1)."""
        slots, i = self._right_slots, self._right_index
        if i < self._left_index and slots is self._left_slots:   # one block, no item
            raise IndexError(EMPTY_DEQUE)
        item = slots[i]
        slots[i] = _EMPTY           # the slot must not keep the item alive
        self._state += 1
        if i:
            self._right_index = i - 1
        else:
            self._leave_right_block()
        return item

    def popleft(self, /) -> T:
        """Remove and return the leftmost item.  O(1)."""
        slots, i = self._left_slots, self._left_index
        if i > self._right_index and slots is self._right_slots:  # one block, no item
            raise IndexError(EMPTY_DEQUE)
        item = slots[i]
        slots[i] = _EMPTY
        self._state += 1
        i += 1
        if i == self._block_size:
            self._leave_left_block()
        else:
            self._left_index = i
        return item

    # Internal callers use these names: deque's own C code never calls a
    # subclass's override of append or pop, and neither does this class.
    _append, _appendleft, _pop, _popleft = append, appendleft, pop, popleft

    # -- making one -------------------------------------------------------------

    def __new__(cls, /, *args: Any, **kwargs: Any) -> Self:
        # As deque's tp_new: a valid empty deque even before __init__ runs
        # (a subclass's __init__ might never call ours).
        self = super().__new__(cls)
        self._block_size, self._maxlen = DEFAULT_BLOCK_SIZE, None
        self._state, self._spare_blocks = 0, []
        self._start_empty()
        return self

    def __init__(self, iterable: Iterable[T] = (), maxlen: Optional[int] = None,
                 *, block_size: int = DEFAULT_BLOCK_SIZE) -> None:
        # Calling __init__ again empties and refills the deque, as with deque;
        # the arguments are checked first, so a bad one changes nothing.
        maxlen = as_maxlen(maxlen)
        block_size = check_block_size(block_size)
        self._maxlen = maxlen
        self._clear()
        if block_size != self._block_size:
            self._block_size, self._spare_blocks = block_size, []
            self._start_empty()
        self._extend(iterable)

    def _start_empty(self) -> None:
        """One block, the indices in its middle."""
        block = self._take_block()
        self._left_block = self._right_block = block
        self._left_slots = self._right_slots = block.slots
        self._block_count = 1
        self._recentre()

    def _recentre(self) -> None:
        # The next append lands at centre + 1, the next appendleft at centre.
        centre = (self._block_size - 1) // 2
        self._left_index, self._right_index = centre + 1, centre

    def _size(self) -> int:
        """The length, read off the layout."""
        return ((self._block_count - 1) * self._block_size
                + self._right_index - self._left_index + 1)

    # -- many items at once ----------------------------------------------------

    def extend(self, iterable: Iterable[T], /) -> None:
        """Append every item of ``iterable`` at the right end, in order."""
        self._extend(iterable)

    def extendleft(self, iterable: Iterable[T], /) -> None:
        """Appendleft every item of ``iterable``: they end up in reverse order."""
        self._extend(iterable, left=True)

    def _extend(self, iterable: Iterable[T], left: bool = False) -> None:
        if iterable is self:
            iterable = self._as_list()       # d.extend(d) reads d first, once
        elif (not left and isinstance(iterable, BlockedDeque)
              and type(iterable).__iter__ is BlockedDeque.__iter__):
            iterable = iterable._snapshot()  # same items, read a block at a time
        items = iter(iterable)
        if self._maxlen == 0:
            for _ in items:                  # deque consumes the iterator and
                pass                         # keeps nothing
            return
        if (not left and (type(iterable) is list or type(iterable) is tuple)
                and (self._maxlen is None
                     or self._size() + len(iterable) <= self._maxlen)):
            if iterable and self._is_empty():
                self._left_index, self._right_index = 0, -1
            self._append_run(iterable)
            return
        # Item by item: the iterable may run any code between two items (even
        # look at this deque), so each append is finished before the next.
        first = next(items, _END)
        if first is _END:
            return
        if self._is_empty():                 # fill blocks from the far edge
            if left:
                self._left_index = self._block_size
                self._right_index = self._block_size - 1
            else:
                self._left_index, self._right_index = 0, -1
        add = self._appendleft if left else self._append
        add(first)
        for item in items:
            add(item)

    def _append_run(self, items: Sequence[T]) -> None:
        """Append a list's or tuple's items a block-load (one slice) at a time.

        Reading a list or tuple runs no user code, so nobody can see the
        deque half-way; the caller has checked that maxlen will hold.
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
        if self._is_empty():
            return                  # nothing changes, so iterators stay valid
        block: Optional[_Block[T]] = self._left_block
        self._state += 1
        self._start_empty()
        # The deque is whole again before any item is let go (letting go may
        # run an item's __del__, which may use the deque).  Then the old chain
        # is cut link by link, so reference counting frees block after block.
        while block is not None:
            following = block.next
            block.prev = block.next = None
            block = following

    # -- where is item i? ------------------------------------------------------

    def _locate(self, index: int) -> Tuple[_Block[T], int]:
        """The block and slot of item ``index`` (0 <= index < len).

        Counts the slots from the nearer end to the item, hops ``count //
        block_size`` blocks and takes slot ``count % block_size`` counted
        from that end: O(min(index, len - index) / block_size).
        """
        size, length = self._block_size, self._size()
        if index < (length >> 1):
            slots = self._left_index + index             # from left slot 0
            block = self._left_block
            for _ in range(slots // size):
                block = block.next      # type: ignore[assignment]  # not past the right end
            return block, slots % size
        slots = (size - 1 - self._right_index) + (length - 1 - index)
        block = self._right_block                        # from the last slot
        for _ in range(slots // size):
            block = block.prev          # type: ignore[assignment]  # not past the left end
        return block, size - 1 - slots % size

    def __getitem__(self, index: SupportsIndex) -> T:
        block, slot = self._locate(deque_position(index, self._size()))
        return block.slots[slot]

    def __setitem__(self, index: SupportsIndex, item: T) -> None:
        # Not counted as a change: the layout stays, as in deque.
        block, slot = self._locate(deque_position(index, self._size()))
        block.slots[slot] = item

    def _runs(self) -> Iterator[Tuple[List[T], int, int]]:
        """Each block's slots and the part in use, ``[first, stop)``, left to
        right: the whole layout, one block at a time."""
        block, first = self._left_block, self._left_index
        while block is not self._right_block:
            yield block.slots, first, self._block_size
            block, first = block.next, 0    # type: ignore[assignment]  # before the right end
        yield block.slots, first, self._right_index + 1

    def _snapshot(self) -> List[T]:
        """All the items as a list, read a block at a time."""
        items: List[T] = []
        for slots, first, stop in self._runs():
            items += slots[first:stop]
        return items

    # -- size and the teaching surface ------------------------------------------

    def __len__(self) -> int:
        return self._size()

    def __bool__(self) -> bool:
        return not self._is_empty()

    maxlen = read_only("_maxlen", "The maximum length, or None for an unbounded "
                                  "deque (read-only).")
    block_size = read_only("_block_size", "Slots per block (read-only).")
    block_count = read_only("_block_count", "How many blocks the chain has now "
                                            "(an empty deque has one).")

    def blocks(self) -> List[List[T]]:
        """A snapshot of the layout: the items of each block, left to right.

        ``BlockedDeque(range(10), block_size=4).blocks()`` is
        ``[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]``; an empty deque's is ``[[]]``.
        """
        return [slots[first:stop] for slots, first, stop in self._runs()]

    def end_slots(self) -> Tuple[int, int]:
        """``(left, right)``: the slot of the leftmost item in the leftmost
        block and of the rightmost item in the rightmost block (read-only).

        ``BlockedDeque(range(10), block_size=4).end_slots()`` is ``(0, 1)``.
        In an empty deque ``left == right + 1``: the slots the next
        ``appendleft`` and ``append`` would fill are ``left - 1`` and
        ``right + 1``.
        """
        return self._left_index, self._right_index

    def check_invariants(self) -> None:
        """Raise AssertionError, saying what is wrong, if the layout is broken.

        The links agree both ways and lead from the left block to the right
        one in ``block_count`` steps; every block has block_size slots; the
        indices are in range and the end blocks are not empty while items
        are in; the length is the items the blocks hold, the blocks no more
        than that needs plus the slack at the ends; empty slots hold None;
        maxlen holds; spare blocks are blank and out of the chain.
        """
        size, count = self._block_size, self._block_count
        left, right = self._left_block, self._right_block
        first, last = self._left_index, self._right_index
        _require(isinstance(size, int) and size >= 1, f"block_size is {size!r}")
        _require(left.prev is None and right.next is None,
                 "an end block links past the end")
        _require(self._left_slots is left.slots and self._right_slots is right.slots,
                 "the cached end slots are not the end blocks' slots")
        chain = [left]                       # the count bounds the walk
        while chain[-1] is not right:
            block = chain[-1].next
            if block is None or len(chain) >= count:
                raise AssertionError(f"walking right from the left block, block "
                                     f"{len(chain)} is not the right block and "
                                     f"the count says {count}")
            _require(block.prev is chain[-1],
                     f"block {len(chain)}.prev does not point back at block "
                     f"{len(chain) - 1}")
            chain.append(block)
        _require(len(chain) == count, f"{len(chain)} blocks, the count says {count}")
        _require(all(type(b) is _Block and len(b.slots) == size for b in chain),
                 f"a block does not have {size} slots")
        if count == 1:                       # empty: first == last + 1
            _require(0 <= first <= size and -1 <= last < size and first <= last + 1,
                     f"one block with left_index {first}, right_index {last}")
            fills = [last - first + 1]
        else:                                # interior blocks are full
            _require(0 <= first < size and 0 <= last < size,
                     f"left_index {first} or right_index {last} outside 0..{size - 1}")
            fills = [size - first] + [size] * (count - 2) + [last + 1]
        length = self._size()
        _require(sum(fills) == length == len(self) and min(fills) >= (count > 1),
                 f"the blocks hold {fills} items, the length is {length}")
        needed = max(1, -(-length // size))  # ceil(length / size)
        _require(needed <= count <= needed + 1,
                 f"{count} blocks for {length} items, which need {needed}")
        unused = left.slots[:first] + right.slots[last + 1:]
        _require(all(slot is None for slot in unused),
                 "an empty slot still refers to an item")
        _require(self._maxlen is None or 0 <= length <= self._maxlen,
                 f"{length} items but maxlen is {self._maxlen!r}")
        spares = self._spare_blocks
        _require(len(spares) <= _SPARE_BLOCKS_KEPT, f"{len(spares)} spare blocks")
        for spare in spares:
            _require(len(spare.slots) == size and spare.prev is spare.next is None
                     and all(slot is None for slot in spare.slots)
                     and not any(spare is block for block in chain),
                     "a spare block is linked, in the chain, or not blank")


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)
