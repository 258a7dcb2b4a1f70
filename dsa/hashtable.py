"""Hash tables, written to be read.

From a key to a slot
====================
A hash table keeps its items in an array of *slots* and finds a key without
searching: it computes where the key must be.  Two steps turn a key into a
slot number:

1. the **hash function** turns the key into an integer, its *hash*.  Equal
   keys must get equal hashes (``hash(1) == hash(1.0) == hash(True)``), and
   different keys should get hashes that look unrelated;
2. the hash is folded into the array: the key's **home slot** is
   ``hash % capacity``.

This module keeps the capacity a power of two, so the fold is a mask:
``hash & (capacity - 1)`` keeps the low bits of the hash, and a mask is
cheaper than a division.  For a power of two it gives exactly
``hash % capacity``, negative hashes included (Python's ``&`` treats a
negative int as an endless row of 1 bits on the left, and Python's ``%``
always returns a result between 0 and ``capacity - 1``).

A lookup hashes the key once, goes to the home slot and compares keys there,
the way ``dict`` does: first ``is`` (the very same object, which is cheap and
the common case), then the stored hash (two equal keys always have equal
hashes, so a different hash settles it without calling ``__eq__``), and only
then ``==``.  Comparing identity first is why a ``float('nan')`` key, which
is not equal to itself, can still be found, but only through the very same
NaN object.

Collisions: chaining or open addressing
=======================================
Two keys whose hashes agree on the low bits want the same slot: a
*collision*.  There are two classic answers, one per class here.

* **Separate chaining** (:class:`ChainedHashTable`): every slot holds a
  *chain*, a linked list of the entries whose home is that slot.  Collisions
  just make a chain longer.  A successful lookup walks, on average, half a
  chain; an unsuccessful one walks a whole chain.
* **Open addressing** (:class:`OpenAddressingHashTable`): every slot holds
  at most one entry.  A key whose home slot is taken tries the next slot of a
  fixed *probe sequence* until it finds its key or an empty slot.  With
  *linear probing* the next slot is simply the one to the right; CPython's
  dict uses *perturbation probing*, ``i = (5*i + 1 + perturb) % capacity``
  with ``perturb`` starting as the hash and shifted right by 5 bits at each
  step, which feeds the high bits of the hash into the jumps and breaks up
  the clusters linear probing builds.

Load factor and resizing
========================
The **load factor** is ``len(table) / capacity``.  With a good hash, the
expected chain length, or the expected probe count, depends on the load
factor and not on the number of keys: that is why a lookup is O(1) on
average.  So the table keeps the load factor under ``max_load_factor``
(0.75 for chaining, 2/3 for open addressing, like ``dict``) by **resizing**:
it allocates a bigger slot array and **rehashes**, putting every key into
the slot its hash names under the new capacity.  Doubling the capacity each
time keeps the total cost of all resizes proportional to the number of
insertions (O(1) amortised per insertion).  Only one more bit of the hash
is used after a doubling, so a key in slot ``s`` lands either in ``s`` or in
``s + old_capacity``.  The stored hash of each entry is reused, so a resize
never calls ``__hash__`` or ``__eq__``: nothing user-defined can fail half
way through.

Neither table shrinks by itself.  ``clear()`` returns to the minimum of 8
slots, and :meth:`resize` rebuilds at any capacity that still fits the keys.

Deleting with open addressing: tombstones
=========================================
Emptying a slot would cut the probe path of every key that had to step over
it, and those keys would become unfindable.  So deletion leaves a
**tombstone**: a marker that lookups step over and that an insertion may
reuse.  Tombstones still lengthen probes, so they count toward the
*fill factor* ``(live keys + tombstones) / capacity`` that decides when to
rebuild; a rebuild drops them all.  The new capacity is chosen from the
number of *live* keys, so a table full of tombstones is rebuilt at the same
size instead of growing forever.

Insertion order: a dense entries list beside the slots
======================================================
Since CPython 3.6, and as a language guarantee since 3.7, a dict remembers
insertion order.  It does so with two arrays: a dense, append-only array of
*entries* ``(hash, key, value)`` in insertion order, and the sparse hash
index, whose slots only point at entries.  Both tables here do the same:
``_entries`` is the dense list (iteration walks it, so order comes for free,
and an entry updated in place keeps both its position and its original key
object), while the chains or slots hold references to those same entry
objects.  Deleting a key leaves a hole (``None``) in the dense list; holes
are squeezed out when the table is rebuilt, or when the list is both longer
than the slot array and more than half holes.  (CPython stores small integer
indexes in its slots to save memory; references are what a Python list
holds anyway.)

Changing a table while iterating over it
========================================
As with ``dict``, an iterator remembers the size of the table when it
started; adding or deleting keys during the iteration makes the next step
raise ``RuntimeError("dictionary changed size during iteration")``, and an
iterator that finds more keys than the table had when it started raises
``RuntimeError("dictionary keys changed during iteration")``.  Assigning a
new value to an existing key changes nothing the iterator depends on and is
allowed.  A key whose ``__eq__`` changes the table in the middle of a lookup
cannot corrupt it either: the lookup notices (the slot array was replaced or
the entry it compared was deleted) and starts again, as CPython does.

What a lookup costs in Python
=============================
``dict`` does a lookup in a few dozen machine instructions; a lookup written
in Python runs a handful of bytecodes, each worth dozens of instructions.
So the two ``__getitem__`` methods below are written out by hand, with one
hash call, one mask and a direct walk, and leave every unusual case to the
careful ``_find``.  Even so a lookup here costs several times what ``dict``
pays, and how many times depends on the memory more than on the code: a
lookup follows two dependent pointers (slot, then entry), each a likely
cache miss in a big table, and only C code is short enough for the
processor to overlap the misses of consecutive lookups.

A hash you can compute by hand
==============================
Python randomises ``hash(str)`` at start-up (set ``PYTHONHASHSEED`` to see
the same numbers twice): a predictable string hash lets an attacker send
keys that all land in one chain, "hash flooding", and turn every lookup
into a linear scan.  A lesson needs the opposite, a fixed hash whose slots
are the same on every run, so :func:`teaching_hash` is a fixed, documented
function (Java's ``String.hashCode`` rule over UTF-8 bytes).  The worked
example of the lessons::

    >>> names = ["grace", "alan", "frances", "margaret", "kristen", "ada", "linus"]
    >>> table = ChainedHashTable(dict.fromkeys(names), capacity=8,
    ...                          hash_function=teaching_hash, max_load_factor=1.0)
    >>> table.slots()
    [['grace', 'alan', 'frances'], ['margaret'], [], [], ['kristen'], [], ['ada'], ['linus']]

Three keys share slot 0 while slots 2, 3 and 5 stay empty: collisions come
from the hash, not from a lack of room.  ``table.resize(16)`` then moves
every key, because each of these hashes has its bit 3 set: ``h % 8 == 0``
becomes ``h % 16 == 8`` for the three in slot 0, and slots 1, 4, 6, 7 become
9, 12, 14, 15.  (``"edsger"`` would also land in slot 0 of 8, but stays in
slot 0 of 16: on a doubling, each key either stays or moves up by the old
capacity, depending on one more bit of its hash.)
"""

from __future__ import annotations

import numbers
import sys
from collections.abc import (Callable, ItemsView, Iterable, Iterator, KeysView,
                             Mapping, MutableMapping, ValuesView)
from dataclasses import dataclass
from reprlib import recursive_repr
from types import GenericAlias, MappingProxyType
from typing import Any, Optional, TypeVar

from dsa._compat import (DICT_CHANGED_SIZE, DICT_EMPTY, DICT_KEYS_CHANGED,
                         cannot_create, cannot_pickle, mapping_keys, update_pairs)

__all__ = [
    "ChainedHashTable",
    "OpenAddressingHashTable",
    "ChainStats",
    "ProbeStats",
    "ResizeEvent",
    "TOMBSTONE",
    "teaching_hash",
]

K = TypeVar("K")
V = TypeVar("V")

#: The smallest slot array either table uses.
MIN_CAPACITY = 8

# CPython reads a hash as an unsigned machine word when it perturbs probes;
# masking with this turns a negative Python int into that same word.
_MACHINE_WORD = (1 << 64) - 1
PERTURB_SHIFT = 5

# A marker for "argument not given", distinct from every value a caller
# could pass (None included).
_MISSING: Any = object()


# ---------------------------------------------------------------------------
# The teaching hash
# ---------------------------------------------------------------------------

def teaching_hash(s: str) -> int:
    """A fixed string hash for lessons: the same number on every run.

    The rule is the one Java documents for ``String.hashCode``, applied to
    the UTF-8 bytes of ``s`` and kept unsigned::

        h = 0
        for each byte b of s.encode("utf-8"):
            h = (31 * h + b) mod 2**32

    Because ``31 == 32 - 1``, the low five bits of ``h`` (and so the slot in
    any table of up to 32 slots) are just the *alternating sum* of the bytes,
    last byte counted positive, taken mod 32.  A learner can check a slot
    with pencil and paper:

    * ``"alan"``:  ``n - a + l - a = 110 - 97 + 108 - 97 = 24``, so slot
      ``24 % 8 == 0`` of 8 and slot ``24 % 16 == 8`` of 16;
    * ``"grace"`` and ``"frances"`` both sum to 88: slot 0 of 8, 8 of 16;
    * ``"edsger"`` sums to 0: slot 0 of 8 and still slot 0 of 16.

    The same fact is the function's weakness: the low bits ignore everything
    but that sum, so keys collide far more often than with ``hash``.  That
    is fine, even useful, for a lesson, and a reason not to use it for real.

    >>> teaching_hash("alan") % 8, teaching_hash("alan") % 16
    (0, 8)
    """
    if not isinstance(s, str):
        raise TypeError(f"teaching_hash() needs a str, not {type(s).__name__}")
    h = 0
    for byte in s.encode("utf-8"):
        h = (31 * h + byte) & 0xFFFF_FFFF
    return h


# ---------------------------------------------------------------------------
# Small public records: stats and resize events
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ResizeEvent:
    """What one resize did; passed to a table's ``on_resize`` hook.

    ``keys_moved`` counts the keys whose slot changed, out of ``keys_total``
    keys rehashed.  ``moves`` lists them as ``(key, old_slot, new_slot)``,
    in insertion order, for slot-by-slot pictures.
    """

    old_capacity: int
    new_capacity: int
    keys_moved: int
    keys_total: int
    moves: tuple = ()
    tombstones_cleared: int = 0


@dataclass(frozen=True)
class ChainStats:
    """Chain lengths of a :class:`ChainedHashTable`, as ``stats()`` reports.

    ``histogram`` maps a chain length to the number of slots whose chain has
    that length (empty slots count as length 0).  ``expected_probes_hit`` is
    the average over all keys of (position in its chain + 1): the number of
    keys compared when looking up a key that is present.
    ``expected_probes_miss`` is the average chain length over *all* slots,
    the number of keys compared when looking up a key that is absent.
    """

    capacity: int
    size: int
    load_factor: float
    histogram: dict
    longest_chain: int
    average_chain_length: float
    expected_probes_hit: float
    expected_probes_miss: float


@dataclass(frozen=True)
class ProbeStats:
    """Probe lengths of an :class:`OpenAddressingHashTable`.

    ``histogram`` maps a probe length (slots examined to find a key that is
    present, so 1 for a key in its home slot) to the number of keys that
    need it.  ``expected_probes_miss`` is the average, over every slot taken
    as a home slot, of the slots examined before an empty one ends the
    search, the empty one included; with perturbation probing the sequence
    also depends on the higher bits of the hash, and the figure uses a hash
    equal to the slot number.
    """

    capacity: int
    size: int
    load_factor: float
    fill_factor: float
    tombstones: int
    histogram: dict
    longest_probe: int
    expected_probes_hit: float
    expected_probes_miss: float


class _TombstoneMarker(str):
    """The marker ``slots()`` shows where a key was deleted.

    It is the string ``'<tombstone>'`` for printing and comparing, and a
    unique object for ``is`` tests (a key could be that string too).
    """

    __slots__ = ()

    def __reduce__(self) -> str:
        return "TOMBSTONE"


#: What :meth:`OpenAddressingHashTable.slots` shows for a tombstone:
#: equal to ``'<tombstone>'``, and identical to nothing else.
TOMBSTONE = _TombstoneMarker("<tombstone>")


# ---------------------------------------------------------------------------
# Entries
# ---------------------------------------------------------------------------

class _Entry:
    """One row of the dense entries list: hash, key, value, and its position.

    The position lets a deletion punch its hole in O(1).  A deleted entry
    gets position -1, which is how a lookup that was interrupted by a
    user-defined ``__eq__`` tells that its entry went away meanwhile.
    """

    __slots__ = ("hash", "key", "value", "position")

    def __init__(self, hash: Any, key: Any, value: Any, position: int) -> None:
        self.hash = hash
        self.key = key
        self.value = value
        self.position = position

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(hash={self.hash!r}, key={self.key!r}, "
                f"value={self.value!r}, position={self.position})")


class _ChainEntry(_Entry):
    """An entry that is also a link of a chain: ``next`` is the next entry."""

    __slots__ = ("next",)

    def __init__(self, hash: int, key: Any, value: Any, position: int) -> None:
        self.hash = hash
        self.key = key
        self.value = value
        self.position = position
        self.next: Optional[_ChainEntry] = None


# The tombstone inside an open-addressing slot array.  It is an ordinary
# entry whose hash (None) equals no int and whose key is a private object,
# so the lookup loop steps over it without a special case.
_DELETED_KEY = object()
_TOMBSTONE_ENTRY = _Entry(None, _DELETED_KEY, None, -1)

# What the open-addressing table's key array holds for a slot that has never
# been used.  A private object, not None, because None is a perfectly good
# key.
_EMPTY_KEY = object()


# ---------------------------------------------------------------------------
# Helpers shared by both tables
# ---------------------------------------------------------------------------

def _checked_hash(function: Callable[[Any], int]) -> Callable[[Any], int]:
    """Wrap a plugged hash function so that it behaves like ``hash``.

    The key must still be hashable in Python's sense (so a list key fails
    exactly as it does in a dict) and the function must return an int.  The
    result is converted to an exact ``int`` so that comparing two stored
    hashes can never run user code.
    """
    def hash_key(key: Any) -> int:
        hash(key)
        h = function(key)
        if not isinstance(h, int):
            raise TypeError(
                f"hash_function must return an int, not {type(h).__name__}")
        return int(h)
    return hash_key


def _lookup_special(obj: Any, name: str) -> Any:
    """Find a special method on the type, not the instance, as dict does."""
    for klass in type(obj).__mro__:
        if name in vars(klass):
            attribute = vars(klass)[name]
            bind = getattr(type(attribute), "__get__", None)
            return attribute if bind is None else bind(attribute, obj, type(obj))
    return None


def _round_capacity(capacity: Any) -> int:
    """Validate a requested slot count and round it up to a power of two."""
    if isinstance(capacity, bool) or not isinstance(capacity, int):
        raise TypeError(
            f"capacity must be an int, not {type(capacity).__name__}")
    if capacity < 0:
        raise ValueError(f"capacity must be >= 0, not {capacity}")
    size = MIN_CAPACITY
    while size < capacity:
        size *= 2
    return size


def _rebuild_table(cls: type, options: dict) -> "_HashTable":
    """Unpickling helper: an empty table of ``cls`` with the given options."""
    table = _HashTable.__new__(cls)
    table._configure(**options)
    return table


# ---------------------------------------------------------------------------
# What both tables share
# ---------------------------------------------------------------------------

class _HashTable(MutableMapping[K, V]):
    """Everything that does not depend on how collisions are resolved.

    A concrete table provides the hash structure: ``_find`` (the careful
    lookup), ``_add`` (link a new key), ``_remove`` (unlink an entry),
    ``_rehash`` (resize), ``_capacity``, ``slots``, ``stats`` and
    ``check_invariants``.  This class provides the dense entries list, the
    dict API on top of those, iteration, views, comparison, copying and
    pickling.
    """

    __slots__ = ("_entries", "_size", "_mask", "_hash", "_hash_function",
                 "_max_load", "on_resize", "resize_count")

    DEFAULT_MAX_LOAD_FACTOR: float = 0.75

    __hash__ = None  # type: ignore[assignment]  # mutable, like dict
    __class_getitem__ = classmethod(GenericAlias)

    def __new__(cls, *args: Any, **kwargs: Any) -> "_HashTable":
        # Like dict, a table is a valid empty table as soon as it exists,
        # even if a subclass's __init__ never calls ours.
        self = super().__new__(cls)
        self._configure()
        return self

    # -- configuration -------------------------------------------------------

    def _configure(self, max_load_factor: Optional[float] = None,
                   hash_function: Optional[Callable[[Any], int]] = None,
                   capacity: Optional[int] = None, **more: Any) -> None:
        """Set the teaching options (None means the default) and rebuild.

        Everything that can fail (validation, and new hashes when a table
        that already has keys gets a new hash function) happens before
        anything is changed.
        """
        max_load = (self.DEFAULT_MAX_LOAD_FACTOR if max_load_factor is None
                    else self._valid_max_load(max_load_factor))
        if hash_function is None:
            hash_function = hash
        elif not callable(hash_function):
            raise TypeError("hash_function must be callable, not "
                            f"{type(hash_function).__name__}")
        hash_key = hash if hash_function is hash else _checked_hash(hash_function)
        requested = MIN_CAPACITY if capacity is None else _round_capacity(capacity)
        extra = self._valid_extra_options(**more)
        old = [e for e in getattr(self, "_entries", ()) if e is not None]
        if old and hash_function is self._hash_function:
            if (max_load == self._max_load and requested == self._capacity()
                    and all(getattr(self, k) == v for k, v in extra.items())):
                return                  # nothing changes: keep the table as is
            rehashed = [(e.hash, e.key, e.value) for e in old]
        else:
            rehashed = [(hash_key(e.key), e.key, e.value) for e in old]

        # Nothing below can fail.
        for name, value in extra.items():
            setattr(self, name, value)
        self._hash_function = hash_function
        self._hash = hash_key
        self._max_load = max_load
        if not hasattr(self, "resize_count"):
            self.on_resize = None
            self.resize_count = 0
        capacity = requested
        while len(rehashed) > max_load * capacity:
            capacity *= 2
        self._reset(capacity)
        for h, key, value in rehashed:
            self._append_new(h, key, value)

    def _valid_extra_options(self, **more: Any) -> dict:
        """Validate options only one table has; return attributes to set."""
        if more:
            raise TypeError(f"unexpected option {next(iter(more))!r}")
        return {}

    def _options(self) -> dict:
        """The options that re-create this table's configuration."""
        return {
            "max_load_factor": self._max_load,
            "hash_function": (None if self._hash_function is hash
                              else self._hash_function),
            "capacity": self._capacity(),
        }

    def _empty_like(self, capacity: Optional[int] = None) -> "_HashTable":
        """A new empty table of the same class with the same options."""
        options = self._options()
        options["capacity"] = capacity
        return _rebuild_table(type(self), options)

    def _valid_max_load(self, value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise TypeError("max_load_factor must be a real number, not "
                            f"{type(value).__name__}")
        value = float(value)
        if not value > 0:           # also rejects NaN
            raise ValueError(f"max_load_factor must be > 0, not {value}")
        return value

    # -- the teaching surface -------------------------------------------------

    @property
    def capacity(self) -> int:
        """The number of slots."""
        return self._capacity()

    @property
    def load_factor(self) -> float:
        """Live keys per slot: ``len(self) / capacity``."""
        return self._size / self._capacity()

    @property
    def max_load_factor(self) -> float:
        """The load (fill, for open addressing) above which the table grows.

        Setting it validates the number and resizes at once if the table is
        now too full for it.
        """
        return self._max_load

    @max_load_factor.setter
    def max_load_factor(self, value: float) -> None:
        self._max_load = self._valid_max_load(value)
        event = None
        if self._too_full(0):
            event = self._rehash(self._capacity_to_grow_to(0))
        self._announce(event)

    @property
    def hash_function(self) -> Callable[[Any], int]:
        """The function that turns a key into its hash (``hash`` unless plugged)."""
        return self._hash_function

    def slot_of(self, key: Any) -> int:
        """The home slot of ``key`` under the current capacity.

        ``hash & (capacity - 1)`` keeps the low bits of the hash.  Because the
        capacity is a power of two this is exactly ``hash % capacity``, for
        negative hashes too: ``-3 & 7 == 5 == -3 % 8``.
        """
        return self._hash(key) & self._mask

    def resize(self, capacity: int) -> None:
        """Rebuild with ``capacity`` slots (rounded up to a power of two).

        The table grows on its own; this is for lessons, which want to watch
        a resize happen, and for shrinking on purpose.  A capacity too small
        for the keys at ``max_load_factor`` raises ValueError.
        """
        slots = _round_capacity(capacity)
        if self._size > self._max_load * slots:
            raise ValueError(
                f"capacity {slots} cannot hold {self._size} keys at "
                f"max_load_factor {self._max_load}")
        self._announce(self._rehash(slots))

    def _announce(self, event: Optional[ResizeEvent]) -> None:
        """Call the resize hook, once the table is consistent again."""
        if event is not None and self.on_resize is not None:
            self.on_resize(event)

    # -- the dense entries list -----------------------------------------------

    def _append_entry(self, entry: _Entry) -> None:
        """Put a new entry at the end of the insertion order."""
        entries = self._entries
        if len(entries) > self._capacity() and len(entries) > 2 * self._size:
            # More holes than keys: squeeze them out.  The hash structure
            # points at entry objects, not at positions, so it is untouched.
            entries = self._compact_entries()
        entry.position = len(entries)
        entries.append(entry)
        self._size += 1

    def _compact_entries(self) -> list:
        live = [e for e in self._entries if e is not None]
        for position, entry in enumerate(live):
            entry.position = position
        self._entries = live
        return live

    def _punch_hole(self, entry: _Entry) -> None:
        """Remove an entry from the insertion order, leaving a hole."""
        self._entries[entry.position] = None
        entry.position = -1
        self._size -= 1

    def _last_entry(self) -> _Entry:
        """The most recently inserted live entry (trailing holes dropped)."""
        entries = self._entries
        while entries and entries[-1] is None:
            entries.pop()
        if not entries:
            raise KeyError(DICT_EMPTY)
        return entries[-1]

    # -- lookups --------------------------------------------------------------

    def _entry_for(self, key: Any) -> Optional[_Entry]:
        """Hash ``key`` and return its entry, or None."""
        return self._find(key, self._hash(key))

    def _not_found(self, key: Any) -> Any:
        """What ``table[key]`` does for a missing key: __missing__ or KeyError."""
        missing = _lookup_special(self, "__missing__")
        if missing is None:
            raise KeyError(key)
        return missing(key)

    def __contains__(self, key: Any) -> bool:
        return self._find(key, self._hash(key)) is not None

    def get(self, key: Any, default: Any = None, /) -> Any:
        """``self[key]`` if ``key`` is present, else ``default``."""
        entry = self._find(key, self._hash(key))
        return default if entry is None else entry.value

    def __len__(self) -> int:
        return self._size

    # -- updates --------------------------------------------------------------

    def _store(self, key: Any, value: Any) -> None:
        """Insert or update one key (the body of ``__setitem__``)."""
        h = self._hash(key)
        entry = self._find(key, h)
        if entry is not None:
            # An existing key keeps its place in the order and its original
            # key object: {1: 'a', 1.0: 'b'} is {1: 'b'}.
            self._set_value(entry, value)
        else:
            self._add(key, h, value)

    def _set_value(self, entry: _Entry, value: Any) -> None:
        """Give an existing key a new value."""
        entry.value = value

    def __setitem__(self, key: K, value: V) -> None:
        self._store(key, value)

    def __delitem__(self, key: K) -> None:
        entry = self._find(key, self._hash(key))
        if entry is None:
            raise KeyError(key)
        self._remove(entry)

    def pop(self, key: Any, default: Any = _MISSING, /) -> Any:
        """Remove ``key`` and return its value, or ``default`` if it is absent.

        Without a default, a missing key raises KeyError.
        """
        entry = self._find(key, self._hash(key))
        if entry is None:
            if default is _MISSING:
                raise KeyError(key)
            return default
        self._remove(entry)
        return entry.value

    def popitem(self) -> tuple:
        """Remove and return the most recently inserted ``(key, value)`` pair."""
        entry = self._last_entry()
        self._remove(entry)
        return entry.key, entry.value

    def setdefault(self, key: Any, default: Any = None, /) -> Any:
        """Return ``self[key]``, inserting ``default`` first if it is absent."""
        h = self._hash(key)
        entry = self._find(key, h)
        if entry is not None:
            return entry.value
        self._add(key, h, default)
        return default

    def update(self, other: Any = (), /, **kwargs: Any) -> None:
        """Add the pairs of a mapping or iterable of pairs, then of ``kwargs``."""
        self._update(other)
        if kwargs:
            self._update(kwargs)

    def _update(self, other: Any) -> None:
        """dict's rules: a dict, anything with keys(), or (key, value) pairs."""
        store = self._store
        if isinstance(other, dict) and type(other).__iter__ is dict.__iter__:
            for key, value in dict.items(other):
                store(key, value)
        elif (isinstance(other, _HashTable)
              and type(other).__iter__ is _HashTable.__iter__):
            # Read the other table's entries directly, as dict does for a
            # dict; its iterator notices if a key's __eq__ changes it.
            for key, value in _ItemIterator(other):
                store(key, value)
        elif hasattr(other, "keys"):
            for key in mapping_keys(other):
                store(key, other[key])
        else:
            for key, value in update_pairs(other):
                store(key, value)

    def clear(self) -> None:
        """Remove every key and go back to the minimum capacity."""
        # Keep the old structure alive until the new one is in place: freeing
        # it can run a key's or value's __del__, which may look at the table.
        old = self._detach()
        self._reset(MIN_CAPACITY)
        del old

    def _detach(self) -> tuple:
        return (self._entries,)

    # -- construction and copies ----------------------------------------------

    @classmethod
    def fromkeys(cls, iterable: Iterable, value: Any = None, /) -> Any:
        """A new table of this class mapping each key of ``iterable`` to ``value``."""
        table = cls()
        for key in iterable:
            table[key] = value
        return table

    def copy(self) -> Any:
        """A shallow copy: same class, same options, same capacity, same order."""
        new = self._empty_like(self._capacity())
        for entry in self._entries:
            if entry is not None:
                # Keys are known to be distinct and their hashes are stored:
                # no __hash__ or __eq__ is called, just as dict.copy().
                new._append_new(entry.hash, entry.key, entry.value)
        state = getattr(self, "__dict__", None)
        if state:
            new.__dict__.update(state)
        return new

    __copy__ = copy

    def __reduce__(self) -> tuple:
        # The options travel in the constructor arguments because pickle
        # stores the items before it restores any state.
        state = getattr(self, "__dict__", None) or None
        return (_rebuild_table, (type(self), self._options()), state, None,
                _ItemIterator(self))

    def __sizeof__(self) -> int:
        size = object.__sizeof__(self) + sys.getsizeof(self._entries)
        size += self._size * self._entry_type().__basicsize__
        return size + self._structure_sizeof()

    # -- iteration and views --------------------------------------------------

    def __iter__(self) -> Iterator[K]:
        return _KeyIterator(self)

    def __reversed__(self) -> Iterator[K]:
        return _ReverseKeyIterator(self)

    def keys(self) -> "_KeysView":
        """A live, set-like view of the keys."""
        return _KeysView._of(self)

    def values(self) -> "_ValuesView":
        """A live view of the values."""
        return _ValuesView._of(self)

    def items(self) -> "_ItemsView":
        """A live, set-like view of the ``(key, value)`` pairs."""
        return _ItemsView._of(self)

    def _live_entries(self) -> list:
        return [e for e in self._entries if e is not None]

    # -- comparison, union, repr ----------------------------------------------

    def __eq__(self, other: Any) -> Any:
        if not isinstance(other, Mapping):
            return NotImplemented
        if self._size != len(other):
            return False
        if isinstance(other, dict):
            def look_up(key: Any) -> Any:
                return dict.get(other, key, _MISSING)
        elif isinstance(other, _HashTable):
            def look_up(key: Any) -> Any:
                entry = other._entry_for(key)
                return _MISSING if entry is None else entry.value
        else:
            def look_up(key: Any) -> Any:
                try:
                    return other[key]
                except KeyError:
                    return _MISSING
        # Walk our own entries by index, re-reading the list each time, so
        # that a comparison which changes a table cannot derail the walk.
        index = 0
        while index < len(self._entries):
            entry = self._entries[index]
            index += 1
            if entry is None:
                continue
            key, value = entry.key, entry.value
            theirs = look_up(key)
            if theirs is _MISSING:
                return False
            if not (value is theirs or value == theirs):
                return False
        return True

    def __or__(self, other: Any) -> Any:
        if not isinstance(other, Mapping):
            return NotImplemented
        new = self.copy()
        new._update(other)
        return new

    def __ror__(self, other: Any) -> Any:
        if not isinstance(other, Mapping):
            return NotImplemented
        new = self._empty_like()
        new._update(other)
        new._update(self)
        return new

    def __ior__(self, other: Any) -> Any:
        self._update(other)
        return self

    @recursive_repr("{...}")
    def __repr__(self) -> str:
        pairs = ", ".join(f"{entry.key!r}: {entry.value!r}"
                          for entry in self._live_entries())
        return f"{type(self).__name__}({{{pairs}}})"


# ---------------------------------------------------------------------------
# Separate chaining
# ---------------------------------------------------------------------------

class ChainedHashTable(_HashTable[K, V]):
    """A dict-compatible hash table that resolves collisions by chaining.

    ``ChainedHashTable(mapping_or_iterable=(), /, *, max_load_factor=0.75,
    hash_function=hash, capacity=8, **kwargs)`` builds a table exactly as
    ``dict(mapping_or_iterable, **kwargs)`` would.  The three keyword-only
    names are *options, not keys*: ``ChainedHashTable(capacity=64)`` is an
    empty table with 64 slots, whereas every other keyword becomes a key.

    * ``max_load_factor`` (> 0; may exceed 1, chains just get longer): the
      table doubles its slot array when an insertion would push
      ``len / capacity`` above it;
    * ``hash_function``: any function from a key to an int, in place of the
      built-in ``hash`` (see :func:`teaching_hash`).  Keys must still be
      hashable, and equal keys must get equal results;
    * ``capacity``: the initial number of slots, rounded up to a power of two,
      at least 8.

    Each slot holds the first entry of a chain, a singly linked list through
    ``entry.next``; a new key is appended at the end of its chain, so a chain
    lists its keys in insertion order.  Beside the slots, the dense entries
    list keeps the insertion order of the whole table.

    Teaching surface: ``capacity``, ``load_factor``, ``max_load_factor``,
    ``hash_function``, ``slot_of(key)``, ``slots()``, ``stats()``,
    ``resize(capacity)``, ``check_invariants()``, the ``on_resize`` hook and
    the ``resize_count`` counter.
    """

    __slots__ = ("_chains", "_first_keys", "_first_values")

    DEFAULT_MAX_LOAD_FACTOR = 0.75

    def __init__(self, mapping_or_iterable: Any = (), /, *,
                 max_load_factor: Optional[float] = None,
                 hash_function: Optional[Callable[[Any], int]] = None,
                 capacity: Optional[int] = None, **kwargs: Any) -> None:
        # An option left at None keeps its current value (for a new table,
        # the default), so calling __init__ again just adds keys, as for dict.
        self._configure(
            self._max_load if max_load_factor is None else max_load_factor,
            self._hash_function if hash_function is None else hash_function,
            self._capacity() if capacity is None else capacity)
        self._update(mapping_or_iterable)
        if kwargs:
            self._update(kwargs)

    # -- the structure --------------------------------------------------------

    def _reset(self, capacity: int) -> None:
        """An empty table with ``capacity`` empty chains."""
        self._chains: list = [None] * capacity
        # The key and value of each chain's first entry, kept beside the
        # chain array (a bucket with its first entry inline): most lookups
        # end at the first entry, and reading two compact arrays costs fewer
        # cache and TLB misses than fetching the entry object.  The entries
        # stay the truth; these two arrays only mirror the chain heads.
        self._first_keys: list = [_EMPTY_KEY] * capacity
        self._first_values: list = [None] * capacity
        self._mask = capacity - 1
        self._entries: list = []
        self._size = 0

    def _detach(self) -> tuple:
        return (self._entries, self._chains, self._first_keys,
                self._first_values)

    def _capacity(self) -> int:
        return len(self._chains)

    @staticmethod
    def _entry_type() -> type:
        return _ChainEntry

    def _structure_sizeof(self) -> int:
        return (sys.getsizeof(self._chains) + sys.getsizeof(self._first_keys)
                + sys.getsizeof(self._first_values))

    def _too_full(self, extra: int) -> bool:
        """Would ``extra`` more keys push the load factor past the maximum?"""
        return self._size + extra > self._max_load * len(self._chains)

    def _capacity_to_grow_to(self, extra: int) -> int:
        """Double until ``len + extra`` keys fit under the maximum load."""
        capacity = len(self._chains)
        while self._size + extra > self._max_load * capacity:
            capacity *= 2
        return capacity

    # -- lookup ---------------------------------------------------------------

    def __getitem__(self, key: K) -> V:
        # The hot path, kept lean on purpose: one hash, one mask, a walk down
        # one chain.  Identity settles the common case at once, usually on
        # the chain's first key, read from the array beside the chains.  When
        # a stored hash matches but the object differs, `==` must decide, and
        # `==` can run any code at all, so that case goes to the careful
        # _find.  (Reading self._hash into a local first is faster than
        # calling self._hash(key) directly: CPython 3.11 cannot specialise a
        # method call on an attribute that holds a plain function.)
        hash_key = self._hash
        h = hash_key(key)
        slot = h & self._mask                    # the home slot: h % capacity
        if self._first_keys[slot] is key:
            return self._first_values[slot]
        entry = self._chains[slot]
        while entry is not None:
            if entry.key is key:
                return entry.value
            if entry.hash == h:
                found = self._find(key, h)
                if found is None:
                    break
                return found.value
            entry = entry.next
        return self._not_found(key)

    def _find(self, key: Any, h: int) -> Optional[_ChainEntry]:
        """Walk the chain of ``key``'s home slot; return its entry or None.

        If ``==`` changed the table under us (the chains were replaced by a
        resize or clear, or the entry compared was deleted), the walk may be
        looking at stale links, so it starts again.
        """
        while True:
            chains = self._chains
            entry = chains[h & self._mask]
            while entry is not None:
                if entry.key is key:
                    return entry
                if entry.hash == h:
                    matched = bool(entry.key == key)   # may run any code
                    if self._chains is not chains or entry.position < 0:
                        break                          # table changed: restart
                    if matched:
                        return entry
                entry = entry.next
            else:
                return None

    # -- insertion, deletion, resize ------------------------------------------

    def _add(self, key: Any, h: int, value: Any) -> None:
        """Insert a key known to be absent, growing first if it would not fit."""
        event = None
        if self._too_full(1):
            event = self._rehash(self._capacity_to_grow_to(1))
        self._append_new(h, key, value)
        self._announce(event)

    def _append_new(self, h: int, key: Any, value: Any) -> None:
        entry = _ChainEntry(h, key, value, -1)
        self._append_entry(entry)
        self._link(entry)

    def _link(self, entry: _ChainEntry) -> None:
        """Append ``entry`` at the end of the chain its hash names."""
        slot = entry.hash & self._mask
        last = self._chains[slot]
        if last is None:
            self._chains[slot] = entry
            self._first_keys[slot] = entry.key
            self._first_values[slot] = entry.value
            return
        while last.next is not None:
            last = last.next
        last.next = entry

    def _remove(self, entry: _ChainEntry) -> None:
        """Unlink ``entry`` from its chain and punch its hole in the order."""
        slot = entry.hash & self._mask
        previous = None
        link = self._chains[slot]
        while link is not entry:
            previous, link = link, link.next
        if previous is None:
            first = self._chains[slot] = entry.next
            if first is None:
                self._first_keys[slot] = _EMPTY_KEY
                self._first_values[slot] = None
            else:
                self._first_keys[slot] = first.key
                self._first_values[slot] = first.value
        else:
            previous.next = entry.next
        entry.next = None
        self._punch_hole(entry)

    def _set_value(self, entry: _ChainEntry, value: Any) -> None:
        entry.value = value
        slot = entry.hash & self._mask
        if self._chains[slot] is entry:
            self._first_values[slot] = value

    def _rehash(self, new_capacity: int) -> Optional[ResizeEvent]:
        """Resize: re-link every key into the chain its hash names now.

        The stored hashes are reused, so no user code runs; entries are
        visited in insertion order, so every chain stays in insertion order,
        and the dense list comes out without holes.
        """
        old_capacity = len(self._chains)
        new_mask = new_capacity - 1
        live = self._live_entries()
        chains: list = [None] * new_capacity
        first_keys: list = [_EMPTY_KEY] * new_capacity
        first_values: list = [None] * new_capacity
        tails: list = [None] * new_capacity
        for position, entry in enumerate(live):
            entry.position = position
            entry.next = None
            slot = entry.hash & new_mask
            if tails[slot] is None:
                chains[slot] = entry
                first_keys[slot] = entry.key
                first_values[slot] = entry.value
            else:
                tails[slot].next = entry
            tails[slot] = entry
        old_mask = self._mask
        self._chains = chains
        self._first_keys = first_keys
        self._first_values = first_values
        self._mask = new_mask
        self._entries = live
        self.resize_count += 1
        if self.on_resize is None:
            return None
        moves = tuple((e.key, e.hash & old_mask, e.hash & new_mask)
                      for e in live if e.hash & old_mask != e.hash & new_mask)
        return ResizeEvent(old_capacity, new_capacity, len(moves), len(live),
                           moves)

    # -- pictures and checks --------------------------------------------------

    def _chain(self, slot: int) -> list:
        """The entries of one chain, first to last."""
        chain = []
        entry = self._chains[slot]
        while entry is not None:
            chain.append(entry)
            entry = entry.next
        return chain

    def slots(self) -> list:
        """A snapshot of the slot array: for each slot, the list of its keys."""
        return [[e.key for e in self._chain(slot)]
                for slot in range(len(self._chains))]

    def stats(self) -> ChainStats:
        """Chain-length statistics of the table as it is now."""
        lengths = [len(self._chain(slot)) for slot in range(len(self._chains))]
        histogram: dict = {}
        for length in sorted(lengths):
            histogram[length] = histogram.get(length, 0) + 1
        non_empty = [n for n in lengths if n]
        # A key at position p of its chain (counting from 0) costs p + 1
        # comparisons; a chain of n keys contributes 1 + 2 + ... + n.
        hit_probes = sum(n * (n + 1) // 2 for n in lengths)
        capacity = len(self._chains)
        return ChainStats(
            capacity=capacity,
            size=self._size,
            load_factor=self._size / capacity,
            histogram=histogram,
            longest_chain=max(lengths),
            average_chain_length=(sum(non_empty) / len(non_empty)
                                  if non_empty else 0.0),
            expected_probes_hit=hit_probes / self._size if self._size else 0.0,
            expected_probes_miss=sum(lengths) / capacity,
        )

    def check_invariants(self) -> None:
        """Raise AssertionError unless the table is internally consistent.

        Checks: the slot array is a power of two; every key sits in the chain
        ``hash & (capacity - 1)``; chains have no cycles; the load factor is
        at most the maximum; ``len`` equals the live entries in the dense
        list and in the chains; dense list and chains point at each other.
        Hashes are not recomputed (the table never does): a key whose hash
        changed after insertion is the caller's bug, as with dict.
        """
        capacity = len(self._chains)
        _require(capacity >= MIN_CAPACITY and capacity & (capacity - 1) == 0,
                 f"capacity {capacity} is not a power of two >= 8")
        _require(self._mask == capacity - 1,
                 f"mask {self._mask} does not match capacity {capacity}")
        _check_dense_list(self)
        _require(len(self._first_keys) == capacity
                 and len(self._first_values) == capacity,
                 "the first-key and first-value arrays are not as long as "
                 "the chain array")
        in_chains = set()
        for slot in range(capacity):
            entry = self._chains[slot]
            if entry is None:
                _require(self._first_keys[slot] is _EMPTY_KEY
                         and self._first_values[slot] is None,
                         f"empty chain {slot} has a first key or value")
            else:
                _require(self._first_keys[slot] is entry.key
                         and self._first_values[slot] is entry.value,
                         f"the first-key and first-value arrays disagree "
                         f"with the first entry of chain {slot}")
            steps = 0
            while entry is not None:
                steps += 1
                _require(steps <= self._size,
                         f"chain {slot} is longer than the table (a cycle?)")
                _require(type(entry) is _ChainEntry,
                         lambda: f"chain {slot} holds {entry!r}, not an entry")
                _require(entry.hash & self._mask == slot,
                         lambda: f"key {entry.key!r} with hash {entry.hash} "
                         f"sits in chain {slot}, but its home slot is "
                         f"{entry.hash & self._mask}")
                _require(0 <= entry.position < len(self._entries)
                         and self._entries[entry.position] is entry,
                         lambda: f"key {entry.key!r} in chain {slot} is not "
                         f"at its position {entry.position} in the entries "
                         f"list")
                _require(id(entry) not in in_chains,
                         lambda: f"key {entry.key!r} appears twice in the chains")
                in_chains.add(id(entry))
                entry = entry.next
        _require(len(in_chains) == self._size,
                 f"chains hold {len(in_chains)} keys but len() is {self._size}")
        _require(self._size <= self._max_load * capacity,
                 f"load factor {self._size / capacity} is above "
                 f"max_load_factor {self._max_load}")


# ---------------------------------------------------------------------------
# Open addressing
# ---------------------------------------------------------------------------

class OpenAddressingHashTable(_HashTable[K, V]):
    """A dict-compatible hash table that resolves collisions by probing.

    ``OpenAddressingHashTable(mapping_or_iterable=(), /, *,
    max_load_factor=2/3, hash_function=hash, capacity=8, probing="linear",
    **kwargs)`` builds a table exactly as ``dict(mapping_or_iterable,
    **kwargs)`` would.  The four keyword-only names are *options, not keys*;
    every other keyword becomes a key.

    * ``max_load_factor`` (strictly between 0 and 1; default 2/3, the point
      at which CPython's dict grows): the table is rebuilt when an insertion
      would push the *fill factor*, ``(live keys + tombstones) / capacity``,
      above it.  The rebuild drops every tombstone and picks the new capacity
      from the live keys alone: it doubles when they need the room, and stays
      the same size when the fill was mostly tombstones;
    * ``hash_function``: any function from a key to an int, in place of the
      built-in ``hash`` (see :func:`teaching_hash`);
    * ``capacity``: the initial number of slots, rounded up to a power of two,
      at least 8;
    * ``probing``: ``"linear"`` (try the next slot to the right) or
      ``"perturb"`` (CPython's ``i = (5*i + 1 + perturb) % capacity``, then
      ``perturb >>= 5``, with ``perturb`` starting as the hash read as an
      unsigned 64-bit word).

    Each slot is empty (``None``), holds a reference to an entry of the dense
    entries list, or holds a tombstone left by a deletion.

    Teaching surface: ``capacity``, ``load_factor``, ``fill_factor``,
    ``tombstones``, ``max_load_factor``, ``hash_function``, ``probing``,
    ``slot_of(key)``, ``probe_sequence(key)``, ``slots()``, ``stats()``,
    ``resize(capacity)``, ``check_invariants()``, the ``on_resize`` hook and
    the ``resize_count`` counter.
    """

    __slots__ = ("_slots", "_keys_at", "_values_at", "_tombstones", "_linear")

    DEFAULT_MAX_LOAD_FACTOR = 2 / 3

    def __init__(self, mapping_or_iterable: Any = (), /, *,
                 max_load_factor: Optional[float] = None,
                 hash_function: Optional[Callable[[Any], int]] = None,
                 capacity: Optional[int] = None,
                 probing: Optional[str] = None, **kwargs: Any) -> None:
        # An option left at None keeps its current value (see ChainedHashTable).
        self._configure(
            self._max_load if max_load_factor is None else max_load_factor,
            self._hash_function if hash_function is None else hash_function,
            self._capacity() if capacity is None else capacity,
            probing=self.probing if probing is None else probing)
        self._update(mapping_or_iterable)
        if kwargs:
            self._update(kwargs)

    # -- configuration --------------------------------------------------------

    def _valid_extra_options(self, probing: str = "linear") -> dict:
        if probing not in ("linear", "perturb"):
            raise ValueError(
                f"probing must be 'linear' or 'perturb', not {probing!r}")
        return {"_linear": probing == "linear"}

    def _options(self) -> dict:
        options = super()._options()
        options["probing"] = self.probing
        return options

    def _valid_max_load(self, value: Any) -> float:
        value = super()._valid_max_load(value)
        if not value < 1:
            # At least one slot must stay empty, or a search for a missing
            # key would probe forever.
            raise ValueError(f"max_load_factor must be < 1 for open "
                             f"addressing, not {value}")
        return value

    @property
    def probing(self) -> str:
        """``"linear"`` or ``"perturb"``."""
        return "linear" if self._linear else "perturb"

    @property
    def fill_factor(self) -> float:
        """Occupied slots, tombstones included, per slot."""
        return (self._size + self._tombstones) / len(self._slots)

    @property
    def tombstones(self) -> int:
        """The number of tombstones in the slot array."""
        return self._tombstones

    # -- the structure --------------------------------------------------------

    def _reset(self, capacity: int) -> None:
        self._slots: list = [None] * capacity
        self._keys_at: list = [_EMPTY_KEY] * capacity
        self._values_at: list = [None] * capacity
        self._mask = capacity - 1
        self._tombstones = 0
        self._entries: list = []
        self._size = 0

    def _detach(self) -> tuple:
        return (self._entries, self._slots, self._keys_at, self._values_at)

    def _capacity(self) -> int:
        return len(self._slots)

    @staticmethod
    def _entry_type() -> type:
        return _Entry

    def _structure_sizeof(self) -> int:
        return (sys.getsizeof(self._slots) + sys.getsizeof(self._keys_at)
                + sys.getsizeof(self._values_at))

    def _too_full(self, extra: int) -> bool:
        """Would ``extra`` more occupied slots push the fill past the maximum?"""
        return (self._size + self._tombstones + extra
                > self._max_load * len(self._slots))

    def _capacity_to_grow_to(self, extra: int) -> int:
        """The capacity of the rebuilt table, chosen from the LIVE keys.

        Room for twice the live keys, so that the next rebuild is at least
        as many insertions away as this one cost; never smaller than now.
        With no tombstones this is exactly a doubling.
        """
        capacity = len(self._slots)
        while (self._size + extra > self._max_load * capacity
               or 2 * self._size > self._max_load * capacity):
            capacity *= 2
        return capacity

    # -- probing --------------------------------------------------------------

    def _probe(self, h: int, mask: int) -> Iterator[int]:
        """The probe sequence of a hash: its home slot, then where to look next.

        Endless; every caller stops at an empty slot, and there always is
        one.  Linear probing visits every slot.  Perturbation probing does
        too once ``perturb`` has shifted down to 0, because ``5*i + 1`` taken
        mod a power of two runs through every slot before repeating.  (The
        step uses ``perturb`` and then shifts it, the order in which the
        comments of CPython's dictobject.c describe it; its C code shifts
        first.  Either order gives a valid probe sequence.)
        """
        i = h & mask
        if self._linear:
            while True:
                yield i
                i = (i + 1) & mask
        perturb = h & _MACHINE_WORD
        while True:
            yield i
            i = (5 * i + 1 + perturb) & mask
            perturb >>= PERTURB_SHIFT

    def probe_sequence(self, key: Any, length: Optional[int] = None) -> list:
        """The first ``length`` slots (default: ``capacity``) ``key`` would try."""
        count = len(self._slots) if length is None else length
        probe = self._probe(self._hash(key), self._mask)
        return [next(probe) for _ in range(count)]

    # -- lookup ---------------------------------------------------------------

    def __getitem__(self, key: K) -> V:
        # The hot path, kept lean on purpose (see ChainedHashTable).  Most
        # lookups find the very key object they were given, in or near its
        # home slot, so this loop only compares identity while it steps right
        # (linear probing), and it reads the key and value arrays, never the
        # entries: two compact arrays indexed by slot cost fewer cache and
        # TLB misses than one entry object per probe, for the same reason the
        # C twin reads its state bytes before a slot.  Anything else -- a key
        # equal but not identical, a missing key, perturbation probing --
        # goes to the careful _find, which compares hashes and calls == as
        # dict does.
        hash_key = self._hash
        h = hash_key(key)
        mask = self._mask
        keys = self._keys_at
        i = h & mask                              # the home slot: h % capacity
        stored = keys[i]
        while stored is not key:
            if stored is _EMPTY_KEY or not self._linear:
                entry = self._find(key, h)        # == decides, or no such key
                if entry is None:
                    return self._not_found(key)
                return entry.value
            i = (i + 1) & mask                    # the next slot, wrapping
            stored = keys[i]
        return self._values_at[i]

    def _find(self, key: Any, h: int) -> Optional[_Entry]:
        """Follow the probe sequence from the home slot to ``key`` or to an
        empty slot.  Tombstones are stepped over.  If ``==`` changed the table
        (slots replaced, or the entry compared deleted), start again.
        """
        while True:
            slots = self._slots
            for i in self._probe(h, self._mask):
                entry = slots[i]
                if entry is None:
                    return None
                if entry.key is key:
                    return entry
                if entry.hash == h:
                    matched = bool(entry.key == key)   # may run any code
                    if self._slots is not slots or entry.position < 0:
                        break                          # table changed: restart
                    if matched:
                        return entry

    def _slot_holding(self, entry: _Entry) -> int:
        """Where ``entry`` sits: follow its probe sequence comparing identity."""
        slots = self._slots
        for i in self._probe(entry.hash, self._mask):
            if slots[i] is entry:
                return i
        raise AssertionError("unreachable: a live entry is always in a slot")

    def _free_slot(self, h: int) -> int:
        """The first slot of the probe sequence that is empty or a tombstone."""
        slots = self._slots
        for i in self._probe(h, self._mask):
            entry = slots[i]
            if entry is None or entry is _TOMBSTONE_ENTRY:
                return i
        raise AssertionError("unreachable: there is always an empty slot")

    # -- insertion, deletion, resize ------------------------------------------

    def _add(self, key: Any, h: int, value: Any) -> None:
        """Insert a key known to be absent.

        The key takes the first free slot of its probe sequence; reusing a
        tombstone does not raise the fill, taking an empty slot does, and if
        that would pass the maximum the table is rebuilt first.
        """
        event = None
        slot = self._free_slot(h)
        if self._slots[slot] is None and self._too_full(1):
            event = self._rehash(self._capacity_to_grow_to(1))
            slot = self._free_slot(h)
        if self._slots[slot] is _TOMBSTONE_ENTRY:
            self._tombstones -= 1
        entry = _Entry(h, key, value, -1)
        self._append_entry(entry)
        self._slots[slot] = entry
        self._keys_at[slot] = key
        self._values_at[slot] = value
        self._announce(event)

    def _append_new(self, h: int, key: Any, value: Any) -> None:
        self._add(key, h, value)

    def _remove(self, entry: _Entry) -> None:
        """Replace ``entry``'s slot with a tombstone and punch its hole.

        The slot cannot simply be emptied: keys further along the same probe
        path would then look unreachable.
        """
        slot = self._slot_holding(entry)
        self._slots[slot] = _TOMBSTONE_ENTRY
        self._keys_at[slot] = _DELETED_KEY
        self._values_at[slot] = None
        self._tombstones += 1
        self._punch_hole(entry)

    def _set_value(self, entry: _Entry, value: Any) -> None:
        entry.value = value
        self._values_at[self._slot_holding(entry)] = value

    def _rehash(self, new_capacity: int) -> Optional[ResizeEvent]:
        """Resize: place every live key in a fresh slot array, in insertion
        order.  Tombstones are not copied, holes leave the dense list, and the
        stored hashes are reused, so no user code runs.
        """
        old_capacity = len(self._slots)
        old_slot = None
        if self.on_resize is not None:
            old_slot = {id(e): i for i, e in enumerate(self._slots)
                        if e is not None and e is not _TOMBSTONE_ENTRY}
        new_mask = new_capacity - 1
        live = self._live_entries()
        slots: list = [None] * new_capacity
        keys: list = [_EMPTY_KEY] * new_capacity
        values: list = [None] * new_capacity
        placed = []
        for position, entry in enumerate(live):
            entry.position = position
            for i in self._probe(entry.hash, new_mask):
                if slots[i] is None:
                    slots[i] = entry
                    keys[i] = entry.key
                    values[i] = entry.value
                    placed.append(i)
                    break
        cleared = self._tombstones
        self._slots = slots
        self._keys_at = keys
        self._values_at = values
        self._mask = new_mask
        self._entries = live
        self._tombstones = 0
        self.resize_count += 1
        if old_slot is None:
            return None
        moves = tuple((e.key, old_slot[id(e)], i) for e, i in zip(live, placed)
                      if old_slot[id(e)] != i)
        return ResizeEvent(old_capacity, new_capacity, len(moves), len(live),
                           moves, cleared)

    # -- pictures and checks --------------------------------------------------

    def slots(self) -> list:
        """A snapshot of the slot array: a key, ``None`` (empty) or
        :data:`TOMBSTONE` for each slot."""
        picture: list = []
        for entry in self._slots:
            if entry is None:
                picture.append(None)
            elif entry is _TOMBSTONE_ENTRY:
                picture.append(TOMBSTONE)
            else:
                picture.append(entry.key)
        return picture

    def _probes_to_reach(self, h: int, slot: int) -> int:
        """How many slots a search for hash ``h`` examines to reach ``slot``.

        Returns 0 if an empty slot, or a full cycle, comes first.
        """
        slots = self._slots
        for count, i in enumerate(self._probe(h, self._mask), 1):
            if i == slot:
                return count
            if slots[i] is None or count > len(slots) + 64:
                return 0
        return 0  # pragma: no cover - the probe never ends

    def _probes_to_miss(self, h: int) -> int:
        """Slots a search for an absent key with hash ``h`` examines."""
        slots = self._slots
        for count, i in enumerate(self._probe(h, self._mask), 1):
            if slots[i] is None:
                return count
        return 0  # pragma: no cover - there is always an empty slot

    def stats(self) -> ProbeStats:
        """Probe-length statistics of the table as it is now."""
        probes = []
        for i, entry in enumerate(self._slots):
            if entry is not None and entry is not _TOMBSTONE_ENTRY:
                probes.append(self._probes_to_reach(entry.hash, i))
        histogram: dict = {}
        for count in sorted(probes):
            histogram[count] = histogram.get(count, 0) + 1
        capacity = len(self._slots)
        misses = [self._probes_to_miss(slot) for slot in range(capacity)]
        return ProbeStats(
            capacity=capacity,
            size=self._size,
            load_factor=self._size / capacity,
            fill_factor=(self._size + self._tombstones) / capacity,
            tombstones=self._tombstones,
            histogram=histogram,
            longest_probe=max(probes, default=0),
            expected_probes_hit=sum(probes) / len(probes) if probes else 0.0,
            expected_probes_miss=sum(misses) / capacity,
        )

    def check_invariants(self) -> None:
        """Raise AssertionError unless the table is internally consistent.

        Checks: the slot array is a power of two; every key is reachable from
        its home slot along its probe sequence without crossing an empty
        slot; the fill factor is at most the maximum (so an empty slot
        exists); ``len`` equals the live entries in the dense list and in the
        slots; the tombstone counter equals the tombstones present; dense
        list and slots point at each other.
        """
        capacity = len(self._slots)
        _require(capacity >= MIN_CAPACITY and capacity & (capacity - 1) == 0,
                 f"capacity {capacity} is not a power of two >= 8")
        _require(self._mask == capacity - 1,
                 f"mask {self._mask} does not match capacity {capacity}")
        _check_dense_list(self)
        _require(len(self._keys_at) == capacity
                 and len(self._values_at) == capacity,
                 "the key and value arrays are not as long as the slot array")
        live = tombstones = 0
        seen = set()
        for i, entry in enumerate(self._slots):
            if entry is None:
                _require(self._keys_at[i] is _EMPTY_KEY
                         and self._values_at[i] is None,
                         f"empty slot {i} has a key or value beside it")
                continue
            if entry is _TOMBSTONE_ENTRY:
                _require(self._keys_at[i] is _DELETED_KEY
                         and self._values_at[i] is None,
                         f"tombstone in slot {i} has a key or value beside it")
                tombstones += 1
                continue
            _require(self._keys_at[i] is entry.key
                     and self._values_at[i] is entry.value,
                     lambda: f"the key and value arrays disagree with the "
                     f"entry in slot {i}")
            live += 1
            _require(type(entry) is _Entry,
                     lambda: f"slot {i} holds {entry!r}, not an entry")
            _require(0 <= entry.position < len(self._entries)
                     and self._entries[entry.position] is entry,
                     lambda: f"key {entry.key!r} in slot {i} is not at its "
                     f"position {entry.position} in the entries list")
            _require(id(entry) not in seen,
                     lambda: f"key {entry.key!r} occupies two slots")
            seen.add(id(entry))
            _require(self._probes_to_reach(entry.hash, i) > 0,
                     lambda: f"key {entry.key!r} in slot {i} cannot be reached "
                     f"from its home slot {entry.hash & self._mask} without "
                     f"crossing an empty slot")
        _require(live == self._size,
                 f"slots hold {live} keys but len() is {self._size}")
        _require(tombstones == self._tombstones,
                 f"{tombstones} tombstones present but the counter says "
                 f"{self._tombstones}")
        _require(live + tombstones <= self._max_load * capacity,
                 f"fill factor {(live + tombstones) / capacity} is above "
                 f"max_load_factor {self._max_load}")


def _require(condition: bool, message: Any) -> None:
    """An assertion that survives ``python -O``.

    ``message`` may be a function that builds the text, so that the repr of
    a key (user code, possibly slow or failing) is only taken on failure.
    """
    if not condition:
        raise AssertionError(message() if callable(message) else message)


def _check_dense_list(table: _HashTable) -> None:
    """Checks on the dense entries list that both tables share."""
    live = 0
    for position, entry in enumerate(table._entries):
        if entry is None:
            continue
        live += 1
        _require(isinstance(entry, _Entry) and entry.position == position,
                 f"entry at position {position} records position "
                 f"{getattr(entry, 'position', '?')}")
    _require(live == table._size,
             f"the entries list holds {live} live entries but len() is "
             f"{table._size}")


# ---------------------------------------------------------------------------
# Iterators
# ---------------------------------------------------------------------------

class _TableIterator:
    """Walks the dense entries list front to back, checking as dict does.

    It remembers the table's size at the start: if the size changes, every
    later step raises "changed size" (the error is sticky).  If it finds
    more entries than the table had at the start, keys were deleted and
    others added: "keys changed".  After that, or at the end, it is
    exhausted for good.
    """

    __slots__ = ("_table", "_position", "_expected_size", "_remaining")

    def __init__(self, table: _HashTable) -> None:
        self._table: Optional[_HashTable] = table
        self._position = self._start(table)
        self._expected_size = table._size
        self._remaining = table._size

    @staticmethod
    def _start(table: _HashTable) -> int:
        return 0

    def __iter__(self) -> "_TableIterator":
        return self

    def _advance(self) -> _Entry:
        table = self._table
        if table is None:
            raise StopIteration
        if table._size != self._expected_size:
            self._expected_size = -1
            raise RuntimeError(DICT_CHANGED_SIZE)
        entries = table._entries
        i = self._position
        while i < len(entries) and entries[i] is None:
            i += 1
        if i >= len(entries):
            self._table = None
            raise StopIteration
        if self._remaining == 0:
            self._table = None
            raise RuntimeError(DICT_KEYS_CHANGED)
        self._position = i + 1
        self._remaining -= 1
        return entries[i]

    def __length_hint__(self) -> int:
        table = self._table
        if table is not None and table._size == self._expected_size:
            return self._remaining
        return 0

    def _clone(self) -> "_TableIterator":
        twin = object.__new__(type(self))
        twin._table = self._table
        twin._position = self._position
        twin._expected_size = self._expected_size
        twin._remaining = self._remaining
        return twin

    def __reduce__(self) -> tuple:
        # Like dict's iterators: pickle what is left as a plain list.
        return iter, (list(self._clone()),)


class _ReverseTableIterator(_TableIterator):
    """Walks the dense entries list back to front (dict's ``reversed``)."""

    __slots__ = ()

    @staticmethod
    def _start(table: _HashTable) -> int:
        return len(table._entries) - 1

    def _advance(self) -> _Entry:
        table = self._table
        if table is None:
            raise StopIteration
        if table._size != self._expected_size:
            self._expected_size = -1
            raise RuntimeError(DICT_CHANGED_SIZE)
        entries = table._entries
        i = min(self._position, len(entries) - 1)
        while i >= 0 and entries[i] is None:
            i -= 1
        if i < 0:
            self._table = None
            raise StopIteration
        self._position = i - 1
        self._remaining -= 1
        return entries[i]


class _KeyIterator(_TableIterator):
    __slots__ = ()

    def __next__(self) -> Any:
        return self._advance().key


class _ValueIterator(_TableIterator):
    __slots__ = ()

    def __next__(self) -> Any:
        return self._advance().value


class _ItemIterator(_TableIterator):
    __slots__ = ()

    def __next__(self) -> tuple:
        entry = self._advance()
        return entry.key, entry.value


class _ReverseKeyIterator(_ReverseTableIterator):
    __slots__ = ()

    def __next__(self) -> Any:
        return self._advance().key


class _ReverseValueIterator(_ReverseTableIterator):
    __slots__ = ()

    def __next__(self) -> Any:
        return self._advance().value


class _ReverseItemIterator(_ReverseTableIterator):
    __slots__ = ()

    def __next__(self) -> tuple:
        entry = self._advance()
        return entry.key, entry.value


# ---------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------

class _ViewMixin:
    """What the three views share: reversed(), .mapping, repr, no pickling."""

    __slots__ = ()
    _kind = ""

    @property
    def mapping(self) -> MappingProxyType:
        """A read-only proxy of the table this view looks at."""
        return MappingProxyType(self._mapping)  # type: ignore[attr-defined]

    def __len__(self) -> int:
        return self._mapping._size  # type: ignore[attr-defined]

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        # As with dict, views come from keys(), values() and items() only.
        raise cannot_create(cls)

    @classmethod
    def _of(cls, table: "_HashTable") -> Any:
        view = object.__new__(cls)
        view._mapping = table  # type: ignore[attr-defined]
        return view

    @recursive_repr("...")
    def __repr__(self) -> str:
        # Exactly dict's format: dict_keys(['a']), dict_items([('a', 1)]).
        return f"dict_{self._kind}({list(self)!r})"  # type: ignore

    def __reduce__(self) -> Any:
        raise cannot_pickle(self)


class _KeysView(_ViewMixin, KeysView):
    __slots__ = ()
    _kind = "keys"

    def __iter__(self) -> Iterator:
        return _KeyIterator(self._mapping)

    def __reversed__(self) -> Iterator:
        return _ReverseKeyIterator(self._mapping)

    def __contains__(self, key: Any) -> bool:
        return self._mapping._entry_for(key) is not None


class _ValuesView(_ViewMixin, ValuesView):
    __slots__ = ()
    _kind = "values"

    def __iter__(self) -> Iterator:
        return _ValueIterator(self._mapping)

    def __reversed__(self) -> Iterator:
        return _ReverseValueIterator(self._mapping)

    def __contains__(self, value: Any) -> bool:
        for stored in self:
            if stored is value or stored == value:
                return True
        return False


class _ItemsView(_ViewMixin, ItemsView):
    __slots__ = ()
    _kind = "items"

    def __iter__(self) -> Iterator:
        return _ItemIterator(self._mapping)

    def __reversed__(self) -> Iterator:
        return _ReverseItemIterator(self._mapping)

    def __contains__(self, item: Any) -> bool:
        if not isinstance(item, tuple) or len(item) != 2:
            return False
        key, value = item
        entry = self._mapping._entry_for(key)
        if entry is None:
            return False
        stored = entry.value
        return stored is value or bool(stored == value)
