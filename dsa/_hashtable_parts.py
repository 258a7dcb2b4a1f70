"""What the two textbook hash tables share.

The entry of the dense list (:class:`Entry`), the hash mixing that keeps
patterned keys from piling up (:func:`mix_hash`, explained in
``dsa/hashtable.py``), the checks behind both ``check_invariants()``, and
the small public records: :class:`ResizeEvent` (what one resize did),
:class:`ChainStats` and :class:`ProbeStats` (what ``stats()`` reports),
:data:`TOMBSTONE` (what ``slots()`` shows where a key was deleted) and
:func:`teaching_hash` (a hash a learner can work out by hand).  The C twins
in ``dsa.native`` report through the same records.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, Protocol

__all__ = ["ResizeEvent", "ChainStats", "ProbeStats", "TOMBSTONE",
           "teaching_hash", "require", "mix_hash", "Entry"]

MIN_CAPACITY = 8            # the smallest slot array either table uses
PERTURB_SHIFT = 5           # CPython's: perturb >>= 5 at every probe
CHAIN_LIMIT = 16            # a chain this long means patterned keys...
PROBE_LIMIT = 64            # ...and so does a linear run this long from
SAME_HOME = 8               # one home: this many of its first 16 slots
WORD = (1 << 64) - 1       # a hash read as an unsigned 64-bit machine word


class Entry:
    """One key: its stored hash, key, value, and position in insertion
    order (-1 once deleted, which tells a lookup interrupted by ``==`` that
    its entry went away)."""

    __slots__ = ("hash", "key", "value", "position")

    hash: Any        # an int; None for the tombstone of open addressing
    key: Any
    value: Any
    position: int

    # No __init__: a table makes its entries with ``_new_entry``, which sets
    # the four fields itself (running a Python __init__ would cost a third
    # of an insertion).

    @classmethod
    def of(cls, hash: Any, key: Any, value: Any) -> "Entry":
        """An entry outside any table's order (position -1)."""
        entry = cls()
        entry.hash, entry.key, entry.value, entry.position = hash, key, value, -1
        return entry

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(hash={self.hash!r}, key={self.key!r}, "
                f"value={self.value!r}, position={self.position})")


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
    moves: tuple[tuple[Any, int, int], ...] = ()
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
    histogram: dict[int, int]
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
    histogram: dict[int, int]
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


def require(condition: bool, message: Any) -> None:
    """An assertion that survives ``python -O``.

    ``message`` may be a function that builds the text, so that the repr of
    a key (user code, possibly slow or failing) is only taken on failure.
    """
    if not condition:
        raise AssertionError(message() if callable(message) else message)


# ---------------------------------------------------------------------------
# Mixing the hash against patterned keys
# ---------------------------------------------------------------------------

def mix_hash(h: int) -> int:
    """Shuffle every bit of a 64-bit hash into its low bits, one to one.

    The finaliser of splitmix64: fold the high bits onto the low ones
    (``x ^ x >> 30``), multiply by an odd constant (which carries every bit
    up into all the bits above it), and again, and fold once more.  Each
    step can be undone, so two different hashes stay different.
    """
    x = h & WORD
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & WORD
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & WORD
    return x ^ (x >> 31)


def signed_word(h: int) -> int:
    """The low 64 bits of ``h`` read as a signed machine word, the range of
    ``hash()``: every hash a table stores is one, so that it fits an
    ``array("q")`` and keeps its slot (its low bits are the same)."""
    h &= WORD
    return h - (1 << 64) if h >> 63 else h


def remix(h: int) -> int:
    """A stored hash mixed: ``mix_hash`` as a signed word."""
    return signed_word(mix_hash(h))


def mixed_hash(key: Any) -> int:
    """The hash a mixing table stores: ``mix_hash(hash(key))``, signed."""
    return signed_word(mix_hash(hash(key)))


class _Rehashing(Protocol):
    """What :func:`start_mixing` needs of a table."""

    _hash: Callable[[Any], int]
    _mixing: bool

    def _capacity(self) -> int: ...

    def _rehash(self, new_capacity: int,
                remix: Optional[Callable[[int], int]] = None
                ) -> Optional[ResizeEvent]: ...


def start_mixing(table: _Rehashing) -> Optional[ResizeEvent]:
    """Switch a table from ``hash`` to the mixed hash and rehash every key
    from its stored hash (no user code runs), at the same capacity."""
    table._hash, table._mixing = mixed_hash, True
    return table._rehash(table._capacity(), remix=remix)


# ---------------------------------------------------------------------------
# Checks both tables share
# ---------------------------------------------------------------------------

def histogram(lengths: list[int]) -> dict[int, int]:
    """How many times each length occurs, shortest first."""
    histogram: dict[int, int] = {}
    for length in sorted(lengths):
        histogram[length] = histogram.get(length, 0) + 1
    return histogram


def check_common(table: Any, capacity: int) -> None:
    """The checks on the slot array's size and on the dense entries list."""
    require(capacity >= MIN_CAPACITY and capacity & (capacity - 1) == 0,
            f"capacity {capacity} is not a power of two >= {MIN_CAPACITY}")
    require(table._mask == capacity - 1,
            f"mask {table._mask} does not match capacity {capacity}")
    live = 0
    for position, entry in enumerate(table._entries):
        if entry is None:
            continue
        live += 1
        require(isinstance(entry, Entry) and entry.position == position,
                f"entry at position {position} records position "
                f"{getattr(entry, 'position', '?')}")
    require(live == table._size,
            f"the entries list holds {live} live entries but len() is "
            f"{table._size}")
    require(table._room >= 0, f"the entries list is {-table._room} past its room")
    require(table._hash is (mixed_hash if table._mixing else table._hash)
            and (not table._mixing or table._hash_function is hash),
            "only a table hashing with hash() mixes it")


def check_entry(table: Any, entry: Entry, seen: set[int], where: str) -> None:
    """A live entry in the slots is in the dense list, once."""
    require(0 <= entry.position < len(table._entries)
            and table._entries[entry.position] is entry,
            lambda: f"key {entry.key!r} in {where} is not at its position "
            f"{entry.position} in the entries list")
    require(id(entry) not in seen,
            lambda: f"key {entry.key!r} appears twice in the slots")
    seen.add(id(entry))
