"""collections.deque's surface, built on the textbook deque in dsa/deque.py.

``dsa/deque.py`` is the lesson: blocks, the two end indices, the four O(1)
operations, indexing by block arithmetic, the invariants.  A drop-in for
:class:`collections.deque` needs much more, and none of it changes how the
blocks work: rotation, insertion and deletion in the middle, searching with
start and stop, comparisons, copying, pickling, ``+`` and ``*``, the
iterators, and guards for a deque that changes under a running iteration.
They are written here, on the layout and helpers of the textbook, as a
class the textbook's :class:`~dsa.deque.BlockedDeque` inherits from.

Rotation, insertion, deletion
=============================
``rotate(k)`` moves the last ``k`` items to the front (``k < 0``: the first
``-k`` to the back).  Rotating by ``k`` or ``k - n`` gives the same result,
so ``k`` is first reduced to the equivalent step of at most ``n / 2`` either
way: O(min(k, n - k)), never more than half the deque.  The items are then
carried a run at a time: as many as one end block can give and the other
can take go across in one slice, a new block linked or an emptied one freed
as needed: O(k) copies in O(k / block_size) slice operations.  (Relinking
whole blocks would save the copies, but only when the ends happen to line up
on block boundaries.)  ``insert(i, x)`` and ``del d[i]`` rotate too, as
CPython does: turn position ``i`` to an end, append or pop there, turn back.

Changes during iteration
========================
An iterator must raise ``RuntimeError("deque mutated during iteration")`` if
the deque changes under it, and ``count``, ``index``, ``remove`` and ``in``
must notice a change made by an item's ``__eq__`` (which can run any code)
before they read another slot of a layout that may be gone.  The deque keeps
a counter, ``_state``, and a watcher remembers the counter *and the length*
it started with.  Pops, ``clear`` and rotations add one to the counter;
additions need not, because an addition makes the deque longer and the only
way back to the old length is a removal, which counts.  So "counter and
length unchanged" means "nothing happened", and ``append`` never touches the
counter.  What counts is what CPython's deque counts: adding or removing
items, ``clear`` of a non-empty deque, ``rotate`` of two or more items;
``d[i] = x`` and ``reverse()`` rewrite slots in place and do not count.

Where it knowingly differs from collections.deque
=================================================
* It is pure Python: each append or pop costs a Python method call.
* ``copy()``, ``+``, ``*`` and pickling keep ``block_size`` whenever they
  build the new deque with the textbook's own ``__init__``.  A subclass that
  overrides ``__init__`` is called exactly as ``deque`` calls it (with the
  iterable and maxlen only), so its own ``__init__`` decides the block size.
* Errors for a wrong number of arguments use Python's wording for a function
  call (CPython's own wording changed in 3.13), and so does ``x * d`` for a
  non-integer ``x`` that is not a sequence (deque: "can't multiply sequence
  by non-int").  The exception types are the same.
* For ``d + x`` and ``d * x``, deque lets ``x.__radd__``/``x.__rmul__`` try
  first; here only classes written in Python get that turn (see
  :func:`dsa._compat.reflected`).
* ``__sizeof__`` counts Python objects (the deque, its blocks and their slot
  lists), so the numbers differ from the C layout's.
"""

from __future__ import annotations

import functools
import itertools
import operator
import reprlib
import types
from typing import (TYPE_CHECKING, Any, Callable, Dict, Generic, Iterable,
                    Iterator, List, Optional, SupportsIndex, Tuple, TypeVar)

from dsa._compat import (DEQUE_FULL, DEQUE_MUTATED, SSIZE_MAX, RepeatInPlace,
                         RichComparisons, as_repeat_count, as_ssize, bad_argument,
                         cannot_concatenate, cannot_multiply, clamp_bounds, deque_position,
                         has_index, name_of, not_in_deque, reflected, reflected_repeat,
                         same_item)

if TYPE_CHECKING:
    from typing_extensions import Self

    from dsa.deque import _Block

__all__ = ["DequeSurface"]

T = TypeVar("T")

_END: Any = object()             # "this iterator had nothing more"

# What an empty slot of a block holds: None.  To the type checker it is Any,
# so that a block's slots can be a list of items: an empty slot is never
# read as one.
_EMPTY: Any = None


# No slots of its own.  Written as a name, not a literal, because mypy checks
# assignments to self against a class's literal __slots__, and the layout's
# slots are declared by the textbook class, which this base cannot name.
_NO_SLOTS: Tuple[str, ...] = ()


class _BlockLayout(Generic[T]):
    """The textbook's layout and helpers, as the surface uses them.

    Declarations only: :class:`~dsa.deque.BlockedDeque` holds the layout in
    its ``__slots__`` and defines the helpers.
    """

    __slots__ = _NO_SLOTS

    _left_block: _Block[T]
    _left_slots: List[T]
    _left_index: int
    _right_block: _Block[T]
    _right_slots: List[T]
    _right_index: int
    _block_count: int
    _block_size: int
    _maxlen: Optional[int]
    _state: int                   # the change counter (see "Changes during iteration")
    _spare_blocks: List[_Block[T]]

    def _size(self) -> int:
        raise NotImplementedError

    def _locate(self, index: int) -> Tuple[_Block[T], int]:
        raise NotImplementedError

    def _runs(self) -> Iterator[Tuple[List[T], int, int]]:
        raise NotImplementedError

    def _snapshot(self) -> List[T]:
        raise NotImplementedError

    def _link_block_left(self) -> None:
        raise NotImplementedError

    def _link_block_right(self) -> None:
        raise NotImplementedError

    def _unlink_left_block(self) -> None:
        raise NotImplementedError

    def _unlink_right_block(self) -> None:
        raise NotImplementedError

    def _append(self, item: T, /) -> None:
        raise NotImplementedError

    def _appendleft(self, item: T, /) -> None:
        raise NotImplementedError

    def _pop(self, /) -> T:
        raise NotImplementedError

    def _popleft(self, /) -> T:
        raise NotImplementedError

    def _extend(self, iterable: Iterable[T], left: bool = False) -> None:
        raise NotImplementedError

    def _clear(self) -> None:
        raise NotImplementedError


class _Rearranging(_BlockLayout[T]):
    """Rotation, insertion, deletion, reversal and searching.

    Everything here works on the textbook's layout (``_left_block``,
    ``_left_index``, ``_right_block``, ``_right_index``, their slot arrays)
    through its helpers (``_size``, ``_locate``, ``_runs``, the block
    linking and unlinking, the internal ``_append``/``_pop`` names).
    """

    __slots__ = ()

    # -- rotation --------------------------------------------------------------

    def rotate(self, n: int = 1, /) -> None:
        """Move the last ``n`` items to the front (``n < 0``: first to back).
        O(min(k, len - k)) for the equivalent step k."""
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
            source[last - run + 1:last + 1] = [_EMPTY] * run
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
            source[first:first + run] = [_EMPTY] * run
            self._right_index = last + run
            count -= run
            if first + run == size:             # the left block is now empty
                self._unlink_left_block()
                self._left_index = 0
            else:
                self._left_index = first + run

    # -- in the middle -------------------------------------------------------------

    def insert(self, index: SupportsIndex, item: T, /) -> None:
        """Insert ``item`` before position ``index`` (like ``list.insert``).

        O(min(index, len - index)).  IndexError if the deque is bounded and
        full, since neither end could sensibly give way.
        """
        position = as_ssize(index)
        length = self._size()
        if self._maxlen == length:
            raise IndexError(DEQUE_FULL)
        if position >= length:
            self._append(item)
        elif position <= -length or position == 0:
            self._appendleft(item)
        else:
            # Turn the gap to an end, fill it there, turn back.
            self._rotate(-position)
            if position < 0:
                self._append(item)
            else:
                self._appendleft(item)
            self._rotate(position)

    def __delitem__(self, index: SupportsIndex) -> None:
        self._delete_at(deque_position(index, self._size()))

    def _delete_at(self, position: int) -> None:
        # Turn the item to the left end, pop it, turn back: each turn is at
        # most half the deque, so this is O(min(position, len - position)).
        self._rotate(-position)
        removed = self._popleft()
        self._rotate(position)
        del removed     # only now: letting go may run its __del__, which may use us

    def reverse(self, /) -> None:
        """Reverse the items in place.  O(n).

        The items are read out, reversed, and written back into the same
        slots, so the layout does not change and (as in deque) this does not
        count as a mutation for running iterators.
        """
        items = self._snapshot()
        items.reverse()
        done = 0
        for slots, first, stop in self._runs():
            slots[first:stop] = items[done:done + stop - first]
            done += stop - first

    # -- searching -----------------------------------------------------------------
    #
    # Each comparison can run arbitrary code (an item's __eq__), which may
    # change the deque.  So the scan reads one slot at a time, and after
    # every comparison the caller checks that the deque is unchanged before
    # reading another slot of a layout that may no longer exist.

    def _scan(self, start: int, stop: int) -> Iterator[T]:
        """Yield the items at positions start..stop-1, one slot at a time."""
        if start >= stop:
            return
        block, slot = self._locate(start)
        size = self._block_size
        for _ in range(stop - start):
            yield block.slots[slot]
            slot += 1
            if slot == size:            # None only after the last item
                block, slot = block.next, 0     # type: ignore[assignment]

    def _changed(self, state: int, length: int) -> bool:
        """Has the deque changed since it had this _state and this length?"""
        return self._state != state or self._size() != length

    def __contains__(self, item: object) -> bool:
        state, length = self._state, self._size()
        for candidate in self._scan(0, length):
            if same_item(candidate, item):
                return True
            if self._changed(state, length):
                raise RuntimeError(DEQUE_MUTATED)
        return False

    def count(self, value: object, /) -> int:
        """How many items are equal to ``value``.  O(n)."""
        state, length = self._state, self._size()
        total = 0
        for candidate in self._scan(0, length):
            total += same_item(candidate, value)
            if self._changed(state, length):
                raise RuntimeError(DEQUE_MUTATED)
        return total

    def index(self, value: object, start: SupportsIndex = 0,
              stop: SupportsIndex = SSIZE_MAX, /) -> int:
        """Position of the first item equal to ``value`` in ``d[start:stop]``.

        ``start`` and ``stop`` work as in ``list.index``.  ValueError if there
        is none.
        """
        state, length = self._state, self._size()
        start, stop = clamp_bounds(start, stop, length)
        for position, candidate in enumerate(self._scan(start, stop), start):
            if same_item(candidate, value):
                return position
            if self._changed(state, length):
                raise RuntimeError(DEQUE_MUTATED)
        raise not_in_deque(value)

    def remove(self, value: object, /) -> None:
        """Remove the first item equal to ``value``.  ValueError if there is none."""
        state, length = self._state, self._size()
        for position, candidate in enumerate(self._scan(0, length)):
            found = same_item(candidate, value)
            if self._changed(state, length):
                raise IndexError(DEQUE_MUTATED)   # deque says IndexError here
            if found:
                self._delete_at(position)
                return
        raise not_in_deque(value)


class DequeSurface(_Rearranging[T], RichComparisons, RepeatInPlace):
    """The rest of collections.deque: iteration, copies, operators,
    comparisons, printing and pickling, on top of :class:`_Rearranging`."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]  # mutable, like deque

    def __class_getitem__(cls, item: Any, /) -> types.GenericAlias:
        return types.GenericAlias(cls, item)

    # -- iteration -----------------------------------------------------------------

    def __iter__(self) -> Iterator[T]:
        return _BlockedDequeIterator(self)

    def __reversed__(self) -> Iterator[T]:
        return _BlockedDequeReverseIterator(self)

    def _as_list(self) -> List[T]:
        """``list(self)``: straight from the blocks unless a subclass changed __iter__."""
        if type(self).__iter__ is DequeSurface.__iter__:
            return self._snapshot()
        return list(self)

    # -- copies and operators ----------------------------------------------------

    def copy(self, /) -> Self:
        """A shallow copy: same class, maxlen and block size, same items."""
        return self._copy()

    __copy__ = copy

    def _copy(self) -> Self:
        cls = type(self)
        if _is_core(cls):
            core: Callable[..., Self] = cls     # the textbook's own __init__
            new = core((), self._maxlen, block_size=self._block_size)
            new._extend(self._snapshot())
            return new
        # A subclass is built the way deque builds one, by calling the class,
        # so that its own __new__ and __init__ run.
        maker = self._maker()
        new = maker(self) if self._maxlen is None else maker(self, self._maxlen)
        if not isinstance(new, type(self)):
            raise TypeError(f"{name_of(self)}() must return a BlockedDeque, "
                            f"not {name_of(new)}")
        return new

    def _maker(self) -> Callable[..., Any]:
        """What to call, like the class, to build a new deque of this kind.

        ``block_size`` is passed only to an ``__init__`` known to accept it
        (the textbook's own); a subclass's ``__init__`` gets what deque passes.
        """
        cls: Callable[..., Any] = type(self)
        init = vars(_core(type(self)))["__init__"]
        if (type(self).__init__ is init
                and self._block_size != _default_block_size(init)):
            return functools.partial(cls, block_size=self._block_size)
        return cls

    def __add__(self, other: DequeSurface[T]) -> Self:
        if not isinstance(other, DequeSurface):
            # What the right operand's __radd__ answers, as with deque.
            return reflected(self, other, "__radd__",
                             cannot_concatenate("BlockedDeque", other), DequeSurface)
        new = self._copy()          # keeps self's class and maxlen, as deque does
        new._extend(other)
        return new

    def __iadd__(self, other: Iterable[T]) -> Self:
        self._extend(other)         # any iterable, as with extend
        return self

    def __mul__(self, n: SupportsIndex) -> Self:
        if not has_index(n):
            # What the left operand's __rmul__ answers, as with deque.
            return reflected(self, n, "__rmul__",      # type: ignore[no-any-return]
                             cannot_multiply(n), DequeSurface)
        return self._repeated(as_repeat_count(n))

    def __rmul__(self, n: SupportsIndex) -> Self:
        if not has_index(n):
            return reflected_repeat(n)  # type: ignore[no-any-return]
        return self._repeated(as_repeat_count(n))

    def _repeated(self, n: int) -> Self:
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
        if not isinstance(other, DequeSurface):
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
            if not same_item(x, y):
                return bool(op(x, y))       # the first difference decides
        # One side ran out (or both): the one with items left is the larger.
        return op(x is not _END, y is not _END)

    # -- printing, pickling, size --------------------------------------------------

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
        block_object = object.__sizeof__(self._left_block)
        for slots, _, _ in self._runs():
            size += block_object + slots.__sizeof__()
        return size


def _default_block_size(init: Callable[..., None]) -> int:
    """The ``block_size`` default of the textbook's ``__init__``."""
    defaults: Dict[str, int] = getattr(init, "__kwdefaults__")
    return defaults["block_size"]


def _is_core(cls: type) -> bool:
    """Is ``cls`` the textbook class itself (the one built right on the surface)?"""
    return DequeSurface in cls.__bases__


def _core(cls: type) -> type:
    """The textbook class among ``cls`` and its bases."""
    return next(klass for klass in cls.__mro__ if _is_core(klass))


def _subclass_slot_names(cls: type) -> List[str]:
    """The ``__slots__`` a subclass added; pickling must save them.

    The textbook's own slots are the blocks and indices, which pickling
    rebuilds from the items, so it and the classes below it are left out.
    """
    names = []
    for klass in cls.__mro__:
        if _is_core(klass):
            break
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
# Iterators
###############################################################################

class _BlockedDequeIterator(Generic[T]):
    """Walks a deque left to right; ``RuntimeError`` if the deque changes.

    Like deque's iterator it can be built directly, ``type(iter(d))(d, k)``,
    which starts after the first ``k`` items (that is how it pickles).  Once
    the deque has changed, every further ``next`` raises, even after the end
    (the reverse iterator, like deque's, says StopIteration once at the end).
    """

    __slots__ = ("_deque", "_block", "_slot", "_remaining", "_state", "_length")

    def __init__(self, deque: DequeSurface[T], index: SupportsIndex = 0, /) -> None:
        if not isinstance(deque, DequeSurface):
            raise bad_argument("BlockedDeque", deque)     # deque's words
        length = deque._size()
        skip = min(max(as_ssize(index), 0), length)
        self._deque = deque
        self._state, self._length = deque._state, length
        self._remaining = length - skip
        if self._remaining:
            self._block, self._slot = deque._locate(self._first_position(skip))
        else:                               # never read: nothing is left
            self._block, self._slot = deque._left_block, 0

    def _first_position(self, skip: int) -> int:
        return skip

    def __iter__(self) -> Self:
        return self

    def __next__(self) -> T:
        deque = self._deque
        if deque._state != self._state or deque._size() != self._length:
            self._remaining = 0
            raise RuntimeError(DEQUE_MUTATED)
        if not self._remaining:
            raise StopIteration
        block, slot = self._block, self._slot
        item = block.slots[slot]
        slot += 1
        if slot == deque._block_size:       # None only after the last item
            self._block, slot = block.next, 0   # type: ignore[assignment]
        self._slot = slot
        self._remaining -= 1
        return item

    def __length_hint__(self) -> int:
        return self._remaining

    def __reduce__(self) -> Tuple[Any, ...]:
        return type(self), (self._deque, self._deque._size() - self._remaining)


class _BlockedDequeReverseIterator(_BlockedDequeIterator[T]):
    """Walks a deque right to left; ``RuntimeError`` if the deque changes."""

    __slots__ = ()

    def _first_position(self, skip: int) -> int:
        return self._deque._size() - 1 - skip

    def __next__(self) -> T:
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
            # None only after the first item:
            self._block, self._slot = block.prev, deque._block_size - 1  # type: ignore[assignment]
        self._remaining -= 1
        return item
