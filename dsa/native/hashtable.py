"""The C twins of :mod:`dsa.hashtable`: hash tables from int64 keys to int64
values, laid out by C (``native/hashtable.c``).

Classes
    :class:`ChainedHashTable` -- an array of bucket heads, one linked list of
    ``{key, value, next}`` nodes per bucket.  ``nodes="malloc"`` gets every
    node from its own ``malloc`` (scattered); ``nodes="pool"`` hands them out
    in order from big contiguous chunks, so a lesson can tell the cost of
    chaining from the cost of scatter.

    :class:`OpenAddressingHashTable` -- one flat array of 16-byte
    ``{key, value}`` slots and a byte of state per slot (empty, tombstone,
    or full -- a full slot's byte also keeps 7 bits of its key's hash, so a
    probe reads another key's slot only once in 128), linear probing,
    tombstones on delete.

    Both are :class:`collections.abc.MutableMapping` s that behave like
    ``dict`` where a dict's behaviour carries over to int64 keys and values:

    * keys and values you store must be integers in [-2**63, 2**63 - 1]:
      ``TypeError`` for anything else (``None`` included, so
      ``fromkeys(keys)`` and ``setdefault(key)`` without a value fail when
      they would store it), ``OverflowError`` for an int out of range; a
      rejected operation leaves the table as it was (``update`` and the
      constructor check every item before storing any);
    * looking up (``[]``, ``in``, ``get``, ``pop``, ``del``) takes any
      hashable key, as a dict does: ``1.0`` finds the key ``1``; a key that
      can never be stored -- ``"a"``, ``2**70``, ``1.5`` -- is simply absent
      (``KeyError``, ``False``, the default); an unhashable one raises
      ``TypeError``;
    * there are no keyword items: ``ChainedHashTable(a=1)`` is a TypeError,
      because keyword names are strings and keys are ints; keyword
      arguments are the options;
    * iteration follows the slots (buckets) in index order: these tables
      show the classic layout and do **not** keep insertion order.  Adding
      or removing a key (or a resize) during iteration makes the iterator
      raise ``RuntimeError``; overwriting a value does not;
    * ``popitem()`` removes the first item in slot order, not the last one
      inserted.

    The teaching surface, named as in :mod:`dsa.hashtable`:
    ``load_factor``, ``capacity``, ``max_load_factor`` (settable; lowering
    it resizes at once if needed), ``hash_function`` (here a name),
    ``stats()`` (:class:`~dsa.hashtable.ChainStats` /
    :class:`~dsa.hashtable.ProbeStats`), ``resize(capacity)``,
    ``resize_count``, ``on_resize`` (called with a
    :class:`~dsa.hashtable.ResizeEvent`, ``moves`` left empty),
    ``slot_of(key)`` (the home slot), ``slots()`` and
    ``check_invariants()``; open addressing adds ``tombstones``,
    ``fill_factor`` and ``probing`` (always ``"linear"``).  The C twins add
    ``hash_of(key)``, ``slot_holding(key)``, ``last_resize``,
    ``memory_layout()`` and ``last_lines``.

Options (keyword-only): ``max_load_factor`` (chained: any finite value
> 0, default 0.75; open addressing: strictly between 0 and 1, default 2/3),
``hash_function`` (``"keyed"``, the default: a folded multiply of the key
with a secret drawn from ``seed``; ``"identity"``: the key's own bits;
``"constant"``: 0 for every key, the flooding demo), ``seed`` (an int in
[0, 2**64) for the keyed hash; by default 8 bytes of ``os.urandom``, so keys
chosen in advance cannot be made to collide), ``capacity`` (initial slots,
rounded up to a power of two, at least 8), ``nodes`` (chained only) and
``traced``.  Resizing follows :mod:`dsa.hashtable`: a table grows before
a new key would take ``(len + 1) / capacity`` (open addressing, when the
key takes an empty slot: ``(len + tombstones + 1) / capacity``) past
``max_load_factor``; chaining doubles until the keys fit, open addressing
doubles until ``len + 1`` and twice the live keys fit (so a table clogged
with tombstones is rebuilt at the same size) and drops the tombstones.
Neither shrinks by itself; ``clear()`` returns to 8 slots.

Tracing model (``traced=True``, :attr:`last_lines`): every operation that
reads or changes the contents (``[]``, ``in``, ``get``, ``pop``, ``del``,
assignment, ``setdefault``, ``popitem``, ``clear``, ``resize``, setting
``max_load_factor``) forgets the previous one's lines and counts the
distinct 64-byte lines of the table's arrays and nodes that it touches.
The table's header (the C struct) is not counted.  For a lookup of key ``k``:

* chained: the 8-byte bucket head ``slots_address + 8 * b`` (``b`` the
  bucket), then the 24 bytes of every node compared, in chain order, up to
  and including ``k``'s node (the whole chain when ``k`` is absent);
* open addressing: for every slot ``i`` examined, from the home
  ``hash_of(k) & (capacity - 1)`` on, the state byte at
  ``states_address + i``, and the 16 bytes at ``slots_address + 16 * i``
  of every full slot whose key ``j`` has the same tag as ``k``
  (``hash_of(j) >> 57 == hash_of(k) >> 57``: those 7 bits are kept in the
  state byte); the walk ends at ``k``'s slot or at the first empty slot.

A byte range ``[a, a + n)`` covers the lines ``a // 64 .. (a + n - 1) // 64``;
:meth:`memory_layout` gives the addresses (both arrays start on a line) and
:meth:`ChainedHashTable.node_addresses` the nodes'.  Storing a new key adds
the state and slot (node and bucket head) it writes; deleting adds nothing
to the lookup; a resize adds both arrays whole and every key moved.

Kernels timed inside C (:func:`ops`, :func:`load_cost`, :func:`flood`) make
their keys with splitmix64 from ``seed`` before the clock starts, time only
the table work, and check their own result (``ok``).  Times are nanoseconds
per operation of CLOCK_MONOTONIC; lines are distinct 64-byte lines per
lookup, counted as :attr:`last_lines` counts them.
"""

from __future__ import annotations

import numbers
import operator
import os
import threading
from collections.abc import (ItemsView, Iterable, Iterator, KeysView, Mapping,
                             MutableMapping, ValuesView)
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from dsa._compat import (DICT_CHANGED_SIZE, DICT_EMPTY, as_max_load, mapping_keys,
                         update_pairs)
from dsa.hashtable import TOMBSTONE, ChainStats, ProbeStats, ResizeEvent
from dsa.pictures import Pictured

from ._common import (INT64_MAX, INT64_MIN, as_int64, as_seed, as_size,
                      check, read_last_lines, repr_name)
from ._loader import load as _load_build

__all__ = [
    "ChainedHashTable", "OpenAddressingHashTable", "ChainStats", "ProbeStats",
    "ResizeEvent", "MemoryLayout", "PoolInfo", "TOMBSTONE", "HASH_FUNCTIONS",
    "OpsResult", "LoadResult", "FloodResult", "ops", "load_cost", "flood",
]

_ffi, _lib = _load_build(False)

HASH_FUNCTIONS = ("keyed", "identity", "constant")
_HASH_KINDS = {"keyed": _lib.DSA_HT_HASH_KEYED,
               "identity": _lib.DSA_HT_HASH_IDENTITY,
               "constant": _lib.DSA_HT_HASH_CONSTANT}
_HASH_NAMES = {kind: name for name, kind in _HASH_KINDS.items()}
_NODE_SOURCES = {"malloc": _lib.DSA_CH_NODES_MALLOC,
                 "pool": _lib.DSA_CH_NODES_POOL}
_TABLES = {"chained": _lib.DSA_HT_CHAINED, "open": _lib.DSA_HT_OPEN}
_CHECK_MESSAGES = {
    _lib.DSA_HT_CHECK_CAPACITY: "the capacity is not a power of two >= 8",
    _lib.DSA_HT_CHECK_MISPLACED:
        "a key is not where its hash and the probe rule put it",
    _lib.DSA_HT_CHECK_DUPLICATE: "a key is stored twice",
    _lib.DSA_HT_CHECK_COUNT: "len() differs from the keys really stored",
    _lib.DSA_HT_CHECK_TOMBSTONES:
        "the tombstone count differs from the tombstones in the slots",
    _lib.DSA_HT_CHECK_LOAD: "the table is loaded past its maximum",
    _lib.DSA_HT_CHECK_NODES:
        "the nodes (chains, pool or popitem hint) are inconsistent",
}

_BATCH = 256          # items fetched from C per step of an iteration
_MISSING = object()


# The records are the pure-Python twin's, so that both twins report in the
# same shape.
# What the records mean here (the fields are those of dsa.hashtable):
#
# ChainStats: ``histogram`` maps a chain length to the number of buckets
#   whose chain has it (0 for empty buckets); ``average_chain_length``
#   averages the non-empty chains; ``expected_probes_hit`` averages, over the
#   keys, their position in the chain + 1 (keys compared);
#   ``expected_probes_miss`` is the average chain length over every bucket,
#   i.e. the load factor.
# ProbeStats: ``histogram`` maps a probe length (slots examined to find a
#   key, 1 in its home slot) to the number of keys needing it;
#   ``expected_probes_miss`` averages, over every slot taken as a home, the
#   slots examined up to and including the empty one that ends the search.
# ResizeEvent: ``keys_total`` keys were rehashed (all of them) and
#   ``keys_moved`` of them changed slot; ``moves`` is left empty (the C twin
#   does not keep the list).


@dataclass(frozen=True)
class MemoryLayout:
    """Where a table's arrays are (for the cache-line model; see the module
    docstring).  Addresses are plain integers; both arrays start on a
    64-byte line."""

    slots_address: int   # slot 0 (open) or bucket head 0 (chained)
    slot_size: int       # 16 bytes per slot, 8 per bucket head
    states_address: int  # state byte 0 (open addressing), else 0
    state_size: int      # 1 (open addressing), else 0
    node_size: int       # 24 (chained), else 0


@dataclass(frozen=True)
class PoolInfo:
    """A chained table's node pool: chunks held, nodes they hold, nodes
    given back and waiting on the free list (all 0 with ``nodes="malloc"``)."""

    chunks: int
    nodes: int
    free: int


# ---- argument checks ---------------------------------------------------------

def _lookup_key(key: Any) -> Optional[int]:
    """The int64 a lookup should search for, or None when no key equal to
    ``key`` can be in the table.  TypeError for an unhashable key, as dict."""
    if type(key) is int:
        return key if INT64_MIN <= key <= INT64_MAX else None
    try:
        number = operator.index(key)
    except TypeError:
        hash(key)                 # unhashable: TypeError, as a dict says
        number = _equal_int(key)
        if number is None:
            return None
    return number if INT64_MIN <= number <= INT64_MAX else None


def _equal_int(key: Any) -> Optional[int]:
    """The int equal to a number such as 2.0, Fraction(4, 2) or 3+0j."""
    if not isinstance(key, numbers.Number):
        return None
    for candidate in (key, getattr(key, "real", key)):
        try:
            number = int(candidate)
        except (TypeError, ValueError, OverflowError):
            continue
        if number == key:
            return number
    return None


def _check_hash(name: Any) -> int:
    if not isinstance(name, str):
        raise TypeError(
            "hash_function must be one of the names "
            f"{', '.join(map(repr, HASH_FUNCTIONS))} (the C twins cannot call "
            f"a Python function), not {type(name).__name__}")
    if name not in _HASH_KINDS:
        raise ValueError(
            f"hash_function must be one of {', '.join(map(repr, HASH_FUNCTIONS))}"
            f", got {name!r}")
    return _HASH_KINDS[name]


def _check_choice(value: Any, choices: Dict[str, int], what: str) -> int:
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a string, not {type(value).__name__}")
    if value not in choices:
        raise ValueError(
            f"{what} must be one of {', '.join(map(repr, choices))}, "
            f"got {value!r}")
    return choices[value]


def _check_seed(seed: Any) -> int:
    if seed is None:
        return int.from_bytes(os.urandom(8), "little")
    if not hasattr(type(seed), "__index__"):
        raise TypeError(
            f"seed must be an integer or None, not {type(seed).__name__}")
    return as_seed(seed)


def _pairs(source: Any) -> List[Tuple[int, int]]:
    """Every (key, value) of a mapping or an iterable of pairs, checked as
    int64 before any is stored, so a bad item changes nothing."""
    out: List[Tuple[int, int]] = []
    if isinstance(source, Mapping) or hasattr(source, "keys"):
        for key in mapping_keys(source):
            out.append((as_int64(key, "key"), as_int64(source[key], "value")))
        return out
    for pair in update_pairs(source):
        out.append((as_int64(pair[0], "key"), as_int64(pair[1], "value")))
    return out


# ---- the C functions of one table kind, in one build --------------------------

class _Api:
    """The C functions of one table kind (prefix dsa_ch_ or dsa_oa_) from one
    build, looked up once, with those both kinds share (prefix dsa_ht_,
    called on the table's common part)."""

    OWN = ("new", "clone", "free", "common", "items", "stats", "check",
           "layout")
    SHARED = ("put", "get", "setdefault", "delete", "popitem", "clear",
              "set_max_load", "resize", "len", "capacity", "max_load",
              "hash_kind", "hash_of", "mods", "resizes", "set_tracing",
              "last_lines", "trace_overflowed")

    def __init__(self, ffi: Any, lib: Any, prefix: str) -> None:
        self.ffi = ffi
        self.lib = lib
        for name in self.OWN:
            setattr(self, name, getattr(lib, prefix + name))
        for name in self.SHARED:
            setattr(self, name, getattr(lib, "dsa_ht_" + name))


_APIS: Dict[Tuple[str, bool], _Api] = {}


def _api(prefix: str, traced: bool) -> _Api:
    key = (prefix, traced)
    if key not in _APIS:
        ffi, lib = _load_build(traced)
        _APIS[key] = _Api(ffi, lib, prefix)
    return _APIS[key]


# ---- iterators and views that fetch items in batches ------------------------------

_KEY, _VALUE, _ITEM = 0, 1, 2          # what a walk yields of each pair


class _TableWalk:
    """A walk over a C table's pairs, fetched in batches, as dict's
    iterators walk a dict: keys, values or items (``pick``);
    ``operator.length_hint`` says how many are left, and pickling stores
    what is left as a list iterator (read from the table without moving
    this walk).  RuntimeError if the table changes size meanwhile."""

    __slots__ = ("_owner", "_mods", "_cursor", "_batch", "_at", "_pick",
                 "_taken")

    def __init__(self, owner: "_NativeHashTable", mods: int, pick: int,
                 cursor: Tuple[int, int] = (0, 0), batch: tuple = (),
                 taken: int = 0) -> None:
        self._owner: Optional[_NativeHashTable] = owner
        self._mods, self._pick, self._taken = mods, pick, taken
        self._cursor = owner._c.ffi.new("size_t[2]", list(cursor))
        self._batch, self._at = list(batch), 0

    def __iter__(self) -> "_TableWalk":
        return self

    def __next__(self) -> Any:
        owner = self._owner
        if owner is None:
            raise StopIteration
        c = owner._c
        with owner._lock:
            if c.mods(owner._h) != self._mods:
                self._owner = None
                raise RuntimeError(DICT_CHANGED_SIZE)  # dict's words
            if self._at == len(self._batch):
                keys = c.ffi.new("int64_t[]", _BATCH)
                values = c.ffi.new("int64_t[]", _BATCH)
                count = c.ffi.new("size_t *")
                owner._fetch(self._cursor, keys, values, count)
                n = count[0]
                self._batch = list(zip(c.ffi.unpack(keys, n),
                                       c.ffi.unpack(values, n)))
                self._at = 0
                if not self._batch:
                    self._owner = None
                    raise StopIteration
        item = self._batch[self._at]
        self._at += 1
        self._taken += 1
        return item if self._pick == _ITEM else item[self._pick]

    def __length_hint__(self) -> int:
        owner = self._owner
        if owner is None:
            return 0
        with owner._lock:
            if owner._c.mods(owner._h) != self._mods:
                return 0
            return max(int(owner._c.len(owner._h)) - self._taken, 0)

    def __reduce__(self) -> tuple:
        owner = self._owner
        if owner is None:
            return iter, ([],)
        with owner._lock:
            if owner._c.mods(owner._h) != self._mods:
                return iter, ([],)
        rest = _TableWalk(owner, self._mods, self._pick,
                          (self._cursor[0], self._cursor[1]),
                          self._batch[self._at:], self._taken)
        return iter, (list(rest),)


class _ItemsView(ItemsView):
    __slots__ = ()

    def __iter__(self) -> Iterator[Tuple[int, int]]:
        return self._mapping._iter_items()


class _ValuesView(ValuesView):
    __slots__ = ()

    def __iter__(self) -> Iterator[int]:
        return self._mapping._iter_items(_VALUE)


# ---- what both tables share -----------------------------------------------------

class _NativeHashTable(MutableMapping):
    """The Python face shared by both C tables (not for direct use)."""

    __slots__ = ("_c", "_t", "_h", "_lock", "_out", "_traced", "_seed",
                 "on_resize", "__weakref__")

    _PREFIX = ""
    _CTYPE = ""
    _OPEN = False
    _SLOT_WORD = "slot"

    # ---- plumbing ---------------------------------------------------------

    def __new__(cls, *args: Any, **kwargs: Any) -> "_NativeHashTable":
        # Like dict, a table is a valid empty table as soon as it exists, so
        # cls.__new__(cls) and a subclass whose __init__ skips ours still work.
        self = super().__new__(cls)
        cls._own_init(self)
        return self

    def _reinitialised(self, pairs: List[Tuple[int, int]],
                       defaults: bool) -> bool:
        """Calling ``__init__`` on a table already built adds to it, as for
        dict; new options (any not left at its default) rebuild it with
        them, keeping its items.  True if the table was kept."""
        if getattr(self, "_t", None) is None:
            return False
        if defaults:
            self._store_all(pairs)
            return True
        pairs[:0] = list(self._iter_items())
        return False

    def _adopt(self, c: _Api, raw: Any, traced: bool, seed: int) -> None:
        self._c = c
        self._t = c.ffi.gc(raw, c.free)          # freed with this object
        self._h = c.common(self._t)              # its part both kinds share
        self._lock = threading.RLock()
        self._out = c.ffi.new("int64_t[2]")      # used only under the lock
        self._traced = bool(traced)
        self._seed = seed
        self.on_resize = None
        if traced:
            check(c.lib, c.set_tracing(self._h, 1),
                  "this build of the C twins cannot trace")

    def _resize_record(self) -> Any:
        out = self._c.ffi.new("struct dsa_ht_resize *")
        with self._lock:
            self._c.resizes(self._h, out)
        return out

    def _watch(self) -> Optional[int]:
        """The resize count, if someone listens for resizes (else None)."""
        return None if self.on_resize is None else self.resize_count

    def _announce(self, before: Optional[int]) -> None:
        """Call on_resize if a resize happened since _watch() said `before`."""
        if before is not None and self.on_resize is not None:
            event = self.last_resize
            if event is not None and self.resize_count != before:
                self.on_resize(event)

    def _store_all(self, pairs: List[Tuple[int, int]]) -> None:
        c, h = self._c, self._h
        for key, value in pairs:
            before = self._watch()
            with self._lock:
                status = c.put(h, key, value, c.ffi.NULL)
            check(c.lib, status)
            self._announce(before)

    # ---- the mapping --------------------------------------------------------

    def __getitem__(self, key: Any) -> int:
        k = _lookup_key(key)
        if k is None:
            raise KeyError(key)
        with self._lock:
            status = self._c.get(self._h, k, self._out)
            value = self._out[0]
        if status != self._c.lib.DSA_OK:
            raise KeyError(key)
        return value

    def __setitem__(self, key: Any, value: Any) -> None:
        k = as_int64(key, "key")
        v = as_int64(value, "value")
        before = self._watch()
        with self._lock:
            status = self._c.put(self._h, k, v, self._c.ffi.NULL)
        check(self._c.lib, status)
        self._announce(before)

    def __delitem__(self, key: Any) -> None:
        k = _lookup_key(key)
        if k is None:
            raise KeyError(key)
        with self._lock:
            status = self._c.delete(self._h, k, self._c.ffi.NULL)
        if status != self._c.lib.DSA_OK:
            raise KeyError(key)

    def __contains__(self, key: Any) -> bool:
        k = _lookup_key(key)
        if k is None:
            return False
        with self._lock:
            return self._c.get(self._h, k, self._c.ffi.NULL) == self._c.lib.DSA_OK

    def __len__(self) -> int:
        with self._lock:
            return int(self._c.len(self._h))

    def __iter__(self) -> Iterator[int]:
        return self._iter_items(_KEY)

    def _iter_items(self, pick: int = 2) -> "_TableWalk":
        with self._lock:
            mods = self._c.mods(self._h)
        return _TableWalk(self, mods, pick)

    def _check_mods(self, mods: int) -> None:
        if self._c.mods(self._h) != mods:
            raise RuntimeError(DICT_CHANGED_SIZE)    # dict's words, as the pure twin

    def _fetch(self, cursor: Any, keys: Any, values: Any, count: Any) -> None:
        raise NotImplementedError

    def keys(self) -> KeysView:
        return KeysView(self)

    def items(self) -> ItemsView:
        return _ItemsView(self)

    def values(self) -> ValuesView:
        return _ValuesView(self)

    def get(self, key: Any, default: Any = None, /) -> Any:
        """``self[key]`` if ``key`` is present, else ``default``."""
        k = _lookup_key(key)
        if k is None:
            return default
        with self._lock:
            status = self._c.get(self._h, k, self._out)
            value = self._out[0]
        return value if status == self._c.lib.DSA_OK else default

    def pop(self, key: Any, default: Any = _MISSING, /) -> Any:
        """Remove ``key`` and return its value, or ``default`` if absent."""
        k = _lookup_key(key)
        status = None
        if k is not None:
            with self._lock:
                status = self._c.delete(self._h, k, self._out)
                value = self._out[0]
        if status == self._c.lib.DSA_OK:
            return value
        if default is _MISSING:
            raise KeyError(key)
        return default

    def popitem(self) -> Tuple[int, int]:
        """Remove and return the first ``(key, value)`` in slot order (the C
        twins keep no insertion order, so this is not LIFO)."""
        with self._lock:
            status = self._c.popitem(self._h, self._out, self._out + 1)
            item = (self._out[0], self._out[1])
        if status == self._c.lib.DSA_EEMPTY:
            raise KeyError(DICT_EMPTY)
        check(self._c.lib, status)
        return item

    def setdefault(self, key: Any, default: Any = None, /) -> Any:
        """Return ``self[key]``, storing ``default`` first if absent (so
        ``default`` must then be an int64: None is a TypeError)."""
        k = _lookup_key(key)
        if k is not None:
            with self._lock:
                status = self._c.get(self._h, k, self._out)
                value = self._out[0]
            if status == self._c.lib.DSA_OK:
                return value
        k = as_int64(key, "key")
        v = as_int64(default, "value")
        before = self._watch()
        with self._lock:
            status = self._c.setdefault(self._h, k, v, self._out)
            value = self._out[0]
        check(self._c.lib, status)
        self._announce(before)
        return value

    def update(self, other: Any = (), /, **kwargs: Any) -> None:
        """Store every item of a mapping or an iterable of pairs; all are
        checked first, so a bad one stores none.  Keyword items are refused:
        their keys would be strings."""
        if kwargs:
            raise TypeError(
                f"keys must be integers, not str (got keyword items "
                f"{', '.join(map(repr, kwargs))})")
        self._store_all(_pairs(other))

    def clear(self) -> None:
        """Remove every key and go back to the minimum capacity (8)."""
        with self._lock:
            self._c.clear(self._h)

    def copy(self) -> "_NativeHashTable":
        """An independent table with the same capacity, slots, seed and
        counters (so the same iteration order)."""
        out = self._c.ffi.new(self._CTYPE)
        with self._lock:
            status = self._c.clone(self._t, out)
        check(self._c.lib, status)
        new = object.__new__(type(self))
        new._adopt(self._c, out[0], self._traced, self._seed)
        return new

    def __copy__(self) -> "_NativeHashTable":
        return self.copy()

    def __deepcopy__(self, memo: dict) -> "_NativeHashTable":
        return self.copy()    # keys and values are ints: nothing deeper

    @classmethod
    def fromkeys(cls, iterable: Iterable[Any], value: Any = None, /,
                 **options: Any) -> "_NativeHashTable":
        """A new table (made with ``options``) mapping every key to
        ``value``, which must be an int64 (so the dict default, None, is a
        TypeError)."""
        v = as_int64(value, "value")
        pairs = [(as_int64(key, "key"), v) for key in iterable]
        table = cls(**options)
        table._store_all(pairs)
        return table

    def __repr__(self) -> str:
        name = repr_name(self, ChainedHashTable, OpenAddressingHashTable)
        return f"{name}({dict(self._iter_items())!r})"

    # ---- the teaching surface -------------------------------------------------

    @property
    def capacity(self) -> int:
        """Buckets / slots in the table (a power of two, at least 8)."""
        with self._lock:
            return int(self._c.capacity(self._h))

    @property
    def load_factor(self) -> float:
        """Live keys per slot: ``len(self) / capacity``."""
        with self._lock:
            return self._c.len(self._h) / self._c.capacity(self._h)

    @property
    def max_load_factor(self) -> float:
        """The load the table may not pass.  Setting it validates the number
        and resizes at once if the table is then too full."""
        with self._lock:
            return float(self._c.max_load(self._h))

    @max_load_factor.setter
    def max_load_factor(self, value: Any) -> None:
        x = as_max_load(value, self._OPEN)
        before = self._watch()
        with self._lock:
            status = self._c.set_max_load(self._h, x)
        check(self._c.lib, status)
        self._announce(before)

    def resize(self, capacity: int) -> None:
        """Rebuild with ``capacity`` slots (rounded up to a power of two,
        at least 8), even at the current capacity (which clears tombstones).
        A capacity too small for the keys at ``max_load_factor`` raises
        ValueError."""
        cap = as_size(capacity, "capacity")
        before = self._watch()
        with self._lock:
            status = self._c.resize(self._h, cap)
            n = self._c.len(self._h)
        if status == self._c.lib.DSA_EVALUE:
            raise ValueError(
                f"capacity {capacity} cannot hold {n} keys at "
                f"max_load_factor {self.max_load_factor}")
        check(self._c.lib, status)
        self._announce(before)

    @property
    def hash_function(self) -> str:
        """The name of the hash function: keyed, identity or constant."""
        with self._lock:
            return _HASH_NAMES[self._c.hash_kind(self._h)]

    @property
    def traced(self) -> bool:
        return self._traced

    def hash_of(self, key: Any) -> int:
        """The 64-bit hash this table gives ``key``, as an unsigned int."""
        k = as_int64(key, "key")
        with self._lock:
            return int(self._c.hash_of(self._h, k))

    def slot_of(self, key: Any) -> int:
        """The home slot of ``key`` under the current capacity:
        ``hash_of(key) & (capacity - 1)`` (``key`` need not be present)."""
        k = as_int64(key, "key")
        with self._lock:
            return int(self._c.hash_of(self._h, k)
                       & (self._c.capacity(self._h) - 1))

    @property
    def resize_count(self) -> int:
        """Resizes since the table was made."""
        return int(self._resize_record().count)

    @property
    def last_resize(self) -> Optional[Any]:
        """What the last resize did, as a ResizeEvent (``moves`` empty), or
        None before the first."""
        r = self._resize_record()
        if r.count == 0:
            return None
        return ResizeEvent(
            old_capacity=int(r.old_capacity), new_capacity=int(r.new_capacity),
            keys_moved=int(r.keys_moved), keys_total=int(r.keys_total),
            moves=(), tombstones_cleared=int(r.tombstones_cleared))

    def _recount(self) -> Tuple[Any, Dict[int, int]]:
        """The C recount and its histogram as a dict of the non-zero rows."""
        c = self._c
        summary = c.ffi.new("struct dsa_ht_stats *")
        with self._lock:
            check(c.lib, c.stats(self._t, summary, c.ffi.NULL, 0))
            size = summary.longest + 1
            rows = c.ffi.new("uint64_t[]", size)
            check(c.lib, c.stats(self._t, summary, rows, size))
        return summary, {i: int(n) for i, n in enumerate(rows) if n}

    def memory_layout(self) -> MemoryLayout:
        """The addresses and sizes the cache-line model needs."""
        out = self._c.ffi.new("struct dsa_ht_layout *")
        with self._lock:
            self._c.layout(self._t, out)
        return MemoryLayout(
            slots_address=int(out.slots), slot_size=int(out.slot_size),
            states_address=int(out.states), state_size=int(out.state_size),
            node_size=int(out.node_size))

    @property
    def last_lines(self) -> int:
        """Distinct 64-byte lines the last operation touched (see the module
        docstring for exactly which).  Needs ``traced=True``."""
        return read_last_lines(self._lock, self._c.last_lines,
                               self._c.trace_overflowed, self._h,
                               self._traced, "table")

    def check_invariants(self) -> None:
        """Raise AssertionError, saying what and where, unless every key sits
        where its hash and the probe rule put it, the load is within its
        maximum, len() and the tombstone count are exact and the chains (and
        pool) are whole."""
        where = self._c.ffi.new("size_t *")
        with self._lock:
            problem = self._c.check(self._t, where)
        if problem != self._c.lib.DSA_HT_CHECK_OK:
            message = _CHECK_MESSAGES.get(problem, f"check code {problem}")
            raise AssertionError(
                f"{type(self).__name__}: {message} "
                f"({self._SLOT_WORD} {where[0]})")

    # ---- pickling ---------------------------------------------------------------

    def _options(self) -> Dict[str, Any]:
        return {"max_load_factor": self.max_load_factor,
                "hash_function": self.hash_function, "seed": self._seed,
                "capacity": self.capacity, "traced": self._traced}

    def __reduce__(self) -> Any:
        return (_rebuild, (type(self), self._options(),
                           list(self._iter_items())))


def _rebuild(cls: type, options: Dict[str, Any],
             items: List[Tuple[int, int]]) -> _NativeHashTable:
    return cls(items, **options)


# ---- separate chaining ---------------------------------------------------------

class ChainedHashTable(Pictured, _NativeHashTable, picture="chained"):
    """The C twin of :class:`dsa.hashtable.ChainedHashTable` for int64 keys
    and values: an array of bucket heads, one linked list per bucket (a new
    key goes to the front of its chain).

    ``ChainedHashTable(mapping_or_iterable=(), /, *, max_load_factor=0.75,
    hash_function="keyed", seed=None, capacity=8, nodes="malloc",
    traced=False)``.  ``nodes="malloc"`` mallocs each node (scattered);
    ``nodes="pool"`` hands them out in order from contiguous chunks.

    Unlike ``dict`` and the Python twin, it does not keep insertion order:
    iteration walks the buckets, so the order follows the slots and changes
    when the table resizes.
    Safe to share between threads: every call into C holds the table's lock.
    """

    __slots__ = ()

    _PREFIX = "dsa_ch_"
    _CTYPE = "dsa_ch **"
    _OPEN = False
    _SLOT_WORD = "bucket"

    def __init__(self, mapping_or_iterable: Any = (), /, *,
                 max_load_factor: float = 0.75, hash_function: str = "keyed",
                 seed: Optional[int] = None, capacity: int = 8,
                 nodes: str = "malloc", traced: bool = False) -> None:
        load_ = as_max_load(max_load_factor, False)
        kind = _check_hash(hash_function)
        source = _check_choice(nodes, _NODE_SOURCES, "nodes")
        seed_ = _check_seed(seed)
        cap = as_size(capacity, "capacity")
        pairs = _pairs(mapping_or_iterable)
        if self._reinitialised(pairs, (max_load_factor, hash_function, seed,
                                       capacity, nodes, traced)
                               == (0.75, "keyed", None, 8, "malloc", False)):
            return
        c = _api(self._PREFIX, bool(traced))
        out = c.ffi.new("dsa_ch **")
        check(c.lib, c.new(cap, load_, kind, seed_, source, out))
        self._adopt(c, out[0], bool(traced), seed_)
        self._store_all(pairs)

    def _fetch(self, cursor: Any, keys: Any, values: Any, count: Any) -> None:
        self._c.items(self._t, cursor, cursor + 1, keys, values, _BATCH, count)

    @property
    def nodes(self) -> str:
        """Where the nodes come from: "malloc" or "pool"."""
        with self._lock:
            source = self._c.lib.dsa_ch_node_source(self._t)
        return "pool" if source == self._c.lib.DSA_CH_NODES_POOL else "malloc"

    def slot_holding(self, key: Any) -> int:
        """The bucket holding ``key`` (its home slot); KeyError if absent."""
        k = _lookup_key(key)
        bucket = self._c.ffi.new("size_t *")
        with self._lock:
            status = (self._c.lib.DSA_EKEY if k is None else
                      self._c.lib.dsa_ch_slot_of(self._t, k, bucket,
                                                 self._c.ffi.NULL))
        if status != self._c.lib.DSA_OK:
            raise KeyError(key)
        return int(bucket[0])

    def _entries(self) -> Tuple[int, List[Tuple[int, int, int, int, int]]]:
        """(capacity, [(bucket, depth, key, value, address), ...])."""
        c = self._c
        with self._lock:
            n = c.len(self._h)
            entries = c.ffi.new("struct dsa_ch_entry[]", max(n, 1))
            check(c.lib, c.lib.dsa_ch_nodes(self._t, entries, n))
            capacity = int(c.capacity(self._h))
        return capacity, [(int(e.bucket), int(e.depth), int(e.key),
                           int(e.value), int(e.address))
                          for e in (entries[i] for i in range(n))]

    def slots(self) -> List[List[int]]:
        """A snapshot of the bucket array: for each bucket, its chain's keys
        in order."""
        capacity, entries = self._entries()
        buckets: List[List[int]] = [[] for _ in range(capacity)]
        for bucket, _, key, _, _ in entries:
            buckets[bucket].append(key)
        return buckets

    def node_addresses(self) -> Dict[int, int]:
        """key -> address of its 24-byte node (for the cache-line model)."""
        return {key: address for _, _, key, _, address in self._entries()[1]}

    def pool_info(self) -> PoolInfo:
        counts = self._c.ffi.new("size_t[3]")
        with self._lock:
            self._c.lib.dsa_ch_pool_info(self._t, counts, counts + 1,
                                         counts + 2)
        return PoolInfo(chunks=int(counts[0]), nodes=int(counts[1]),
                        free=int(counts[2]))

    def stats(self) -> Any:
        """Chain-length statistics of the table as it is now (ChainStats)."""
        s, histogram = self._recount()
        used = s.capacity - s.empty
        return ChainStats(
            capacity=int(s.capacity), size=int(s.len),
            load_factor=s.len / s.capacity, histogram=histogram,
            longest_chain=int(s.longest),
            average_chain_length=s.len / used if used else 0.0,
            expected_probes_hit=float(s.avg_successful),
            expected_probes_miss=float(s.avg_unsuccessful))

    def _options(self) -> Dict[str, Any]:
        return {**super()._options(), "nodes": self.nodes}


# ---- open addressing ------------------------------------------------------------

class OpenAddressingHashTable(Pictured, _NativeHashTable, picture="open"):
    """The C twin of :class:`dsa.hashtable.OpenAddressingHashTable` for int64
    keys and values: one flat array of slots, linear probing, tombstones.

    ``OpenAddressingHashTable(mapping_or_iterable=(), /, *,
    max_load_factor=2/3, hash_function="keyed", seed=None, capacity=8,
    probing="linear", traced=False)``.  Only linear probing exists in C.
    Unlike ``dict`` and the Python twin, it does not keep insertion order:
    iteration walks the slot array, so the order follows the slots and
    changes when the table resizes.
    Safe to share between threads: every call into C holds the table's lock.
    """

    __slots__ = ()

    _PREFIX = "dsa_oa_"
    _CTYPE = "dsa_oa **"
    _OPEN = True
    _SLOT_WORD = "slot"

    def __init__(self, mapping_or_iterable: Any = (), /, *,
                 max_load_factor: float = 2 / 3, hash_function: str = "keyed",
                 seed: Optional[int] = None, capacity: int = 8,
                 probing: str = "linear", traced: bool = False) -> None:
        load_ = as_max_load(max_load_factor, True)
        kind = _check_hash(hash_function)
        _check_choice(probing, {"linear": 0}, "probing")
        seed_ = _check_seed(seed)
        cap = as_size(capacity, "capacity")
        pairs = _pairs(mapping_or_iterable)
        if self._reinitialised(pairs, (max_load_factor, hash_function, seed,
                                       capacity, probing, traced)
                               == (2 / 3, "keyed", None, 8, "linear", False)):
            return
        c = _api(self._PREFIX, bool(traced))
        out = c.ffi.new("dsa_oa **")
        check(c.lib, c.new(cap, load_, kind, seed_, out))
        self._adopt(c, out[0], bool(traced), seed_)
        self._store_all(pairs)

    def _fetch(self, cursor: Any, keys: Any, values: Any, count: Any) -> None:
        self._c.items(self._t, cursor, keys, values, _BATCH, count)

    @property
    def probing(self) -> str:
        """Always ``"linear"``: home, home + 1, home + 2, ..."""
        return "linear"

    @property
    def tombstones(self) -> int:
        """Slots whose key was deleted; they count toward the fill until the
        next rebuild clears them."""
        with self._lock:
            return int(self._c.lib.dsa_oa_tombstones(self._t))

    @property
    def fill_factor(self) -> float:
        """Occupied slots, tombstones included, per slot."""
        with self._lock:
            used = self._c.len(self._h) + self._c.lib.dsa_oa_tombstones(self._t)
            return used / self._c.capacity(self._h)

    def slot_holding(self, key: Any) -> int:
        """The slot holding ``key``: its home slot, or further along its
        probe sequence after collisions; KeyError if absent."""
        k = _lookup_key(key)
        slot = self._c.ffi.new("size_t *")
        with self._lock:
            status = (self._c.lib.DSA_EKEY if k is None else
                      self._c.lib.dsa_oa_slot_of(self._t, k, slot))
        if status != self._c.lib.DSA_OK:
            raise KeyError(key)
        return int(slot[0])

    def slots(self) -> List[Any]:
        """A snapshot of the slot array: a key, None (empty) or
        :data:`TOMBSTONE` for each slot."""
        c = self._c
        with self._lock:
            n = c.capacity(self._h)
            states = c.ffi.new("uint8_t[]", n)
            keys = c.ffi.new("int64_t[]", n)
            values = c.ffi.new("int64_t[]", n)
            check(c.lib, c.lib.dsa_oa_slots(self._t, states, keys, values, n))
        full, tomb = c.lib.DSA_OA_FULL, c.lib.DSA_OA_TOMBSTONE
        out: List[Any] = []
        for i in range(n):
            if states[i] == full:
                out.append(keys[i])
            else:
                out.append(TOMBSTONE if states[i] == tomb else None)
        return out

    def stats(self) -> Any:
        """Probe-length statistics of the table as it is now (ProbeStats)."""
        s, histogram = self._recount()
        return ProbeStats(
            capacity=int(s.capacity), size=int(s.len),
            load_factor=s.len / s.capacity,
            fill_factor=(s.len + s.tombstones) / s.capacity,
            tombstones=int(s.tombstones), histogram=histogram,
            longest_probe=int(s.longest),
            expected_probes_hit=float(s.avg_successful),
            expected_probes_miss=float(s.avg_unsuccessful))


# The __init__ each table's __new__ runs, whatever a subclass overrides.
ChainedHashTable._own_init = ChainedHashTable.__init__
OpenAddressingHashTable._own_init = OpenAddressingHashTable.__init__


# ---- kernels timed inside C -------------------------------------------------------


@dataclass(frozen=True)
class OpsResult:
    """Insert ``n`` random keys into an empty table (capacity 8, default
    maximum load, growing as it goes), look each up once in shuffled order,
    look up ``n`` absent keys, delete every key in another shuffled order.

    Times are nanoseconds per operation, measured inside C.  ``ok``: every
    lookup and deletion gave what it should.
    """

    table: str
    n: int
    hash_function: str
    nodes: str
    insert_ns: float     # per insertion, resizes included
    hit_ns: float        # per successful lookup
    miss_ns: float       # per failed lookup
    delete_ns: float     # per deletion
    resizes: int
    capacity: int        # after the insertions
    ok: bool


@dataclass(frozen=True)
class LoadResult:
    """Lookups in a table of fixed ``capacity`` filled to ``load``.

    ``hit_ns`` / ``miss_ns``: nanoseconds per successful / failed lookup
    (inside C).  ``hit_lines`` / ``miss_lines``: average distinct 64-byte
    lines per lookup, from the traced build (None when ``lines=False``).
    The probe figures are those of ``stats()`` (ChainStats / ProbeStats).
    """

    table: str
    load: float
    capacity: int
    keys: int            # floor(load * capacity)
    lookups: int
    hit_ns: float
    miss_ns: float
    hit_lines: Optional[float]
    miss_lines: Optional[float]
    longest: int                 # longest chain / most probes for a key
    expected_probes_hit: float   # as in stats()
    expected_probes_miss: float
    ok: bool


@dataclass(frozen=True)
class FloodResult:
    """``n`` keys inserted with one hash function, then each looked up
    ``rounds`` times in shuffled order.

    ``insert_ns`` / ``lookup_ns``: nanoseconds per insertion / lookup
    (inside C).  ``longest``: the longest chain (chained) or the most probes
    a key needs (open addressing).
    """

    table: str
    n: int
    hash_function: str
    keys: str
    insert_ns: float
    lookup_ns: float
    longest: int
    expected_probes_hit: float
    capacity: int
    ok: bool


_KEY_PATTERNS = {"random": _lib.DSA_HT_KEYS_RANDOM,
                 "stride": _lib.DSA_HT_KEYS_STRIDE}


def ops(n: int, *, table: str = "open", hash_function: str = "keyed",
        nodes: str = "malloc", seed: int = 1) -> OpsResult:
    """Time inserting, finding, missing and deleting ``n`` random keys."""
    n = as_size(n, "n")
    kind = _check_choice(table, _TABLES, "table")
    out = _ffi.new("struct dsa_ht_ops_result *")
    check(_lib, _lib.dsa_ht_kernel_ops(
        kind, n, _check_hash(hash_function),
        _check_choice(nodes, _NODE_SOURCES, "nodes"), as_seed(seed), out))
    per = max(n, 1)
    return OpsResult(
        table=table, n=n, hash_function=hash_function, nodes=nodes,
        insert_ns=out.insert_ns / per, hit_ns=out.hit_ns / per,
        miss_ns=out.miss_ns / per, delete_ns=out.delete_ns / per,
        resizes=int(out.resizes), capacity=int(out.capacity), ok=bool(out.ok))


def load_cost(load: float, *, table: str = "open", capacity: int = 1 << 16,
              lookups: int = 100_000, hash_function: str = "keyed",
              nodes: str = "malloc", seed: int = 1, lines: bool = True,
              line_lookups: int = 10_000) -> LoadResult:
    """Nanoseconds (and lines) per successful and failed lookup in a table
    of ``capacity`` (a power of two) filled to ``load`` (0.25 ... 0.95 for
    open addressing; any value > 0 for chaining).  The lines come from a
    second run in the traced build with ``min(lookups, line_lookups)``
    lookups on the same keys."""
    kind = _check_choice(table, _TABLES, "table")
    x = as_max_load(load, kind == _lib.DSA_HT_OPEN, "load")
    cap = as_size(capacity, "capacity")
    if cap < 8 or cap & (cap - 1):
        raise ValueError(f"capacity must be a power of two >= 8, got {cap}")
    lookups = as_size(lookups, "lookups")
    hk = _check_hash(hash_function)
    source = _check_choice(nodes, _NODE_SOURCES, "nodes")
    s = as_seed(seed)
    if int(x * cap) == 0 and lookups:
        raise ValueError(f"load {x} of capacity {cap} leaves no keys to find")
    out = _ffi.new("struct dsa_ht_load_result *")
    check(_lib, _lib.dsa_ht_kernel_load(kind, cap, x, lookups, hk, source, s,
                                        out))
    ok = bool(out.ok)
    hit_lines = miss_lines = None
    if lines and lookups:
        tffi, tlib = _load_build(True)
        count = min(lookups, as_size(line_lookups, "line_lookups")) or 1
        traced = tffi.new("struct dsa_ht_load_result *")
        check(tlib, tlib.dsa_ht_kernel_load(kind, cap, x, count, hk, source,
                                            s, traced))
        ok = ok and bool(traced.ok) and bool(traced.traced)
        hit_lines = traced.hit_lines / count
        miss_lines = traced.miss_lines / count
    per = max(lookups, 1)
    return LoadResult(
        table=table, load=x, capacity=cap, keys=int(out.keys),
        lookups=lookups, hit_ns=out.hit_ns / per, miss_ns=out.miss_ns / per,
        hit_lines=hit_lines, miss_lines=miss_lines, longest=int(out.longest),
        expected_probes_hit=float(out.avg_successful),
        expected_probes_miss=float(out.avg_unsuccessful), ok=ok)


def flood(n: int = 4000, *, table: str = "chained",
          hash_function: str = "constant", keys: str = "random",
          stride: int = 1, rounds: int = 1, nodes: str = "malloc",
          seed: int = 1) -> FloodResult:
    """Insert ``n`` keys (``keys="random"``, or ``"stride"``: 0, stride,
    2*stride, ...) with ``hash_function``, then look each up ``rounds``
    times.  With "constant" every key shares one home: the cost of a lookup
    grows with n.  Mind the size: a constant hash makes n insertions cost
    n*n/2 comparisons."""
    n = as_size(n, "n")
    kind = _check_choice(table, _TABLES, "table")
    pattern = _check_choice(keys, _KEY_PATTERNS, "keys")
    step = operator.index(stride)
    if not 0 <= step < 2**64:
        raise ValueError(f"stride must be in [0, 2**64), got {step}")
    rounds = as_size(rounds, "rounds")
    out = _ffi.new("struct dsa_ht_flood_result *")
    check(_lib, _lib.dsa_ht_kernel_flood(
        kind, n, _check_hash(hash_function), pattern, step, rounds,
        _check_choice(nodes, _NODE_SOURCES, "nodes"), as_seed(seed), out),
        "stride keys must be distinct: n is too large for this stride"
        if pattern == _lib.DSA_HT_KEYS_STRIDE else "")
    return FloodResult(
        table=table, n=n, hash_function=hash_function, keys=keys,
        insert_ns=out.insert_ns / max(n, 1),
        lookup_ns=out.lookup_ns / max(n * rounds, 1),
        longest=int(out.longest),
        expected_probes_hit=float(out.avg_successful),
        capacity=int(out.capacity), ok=bool(out.ok))
