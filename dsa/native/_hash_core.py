"""What the two C hash-table twins share (:mod:`dsa.native.hashtable`):
the argument checks, the C functions of each kind looked up once, the
iterators and views that fetch items from C in batches, and the Python face
both tables have (:class:`_NativeHashTable`).  Not for direct use.
"""

from __future__ import annotations

import numbers
import operator
import os
import threading
from collections.abc import (ItemsView, Iterable, Iterator, KeysView, Mapping,
                             MutableMapping, ValuesView)
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

from dsa._compat import (DICT_CHANGED_SIZE, DICT_EMPTY, UnionOperators, as_max_load,
                         as_resize_hook, mapping_keys, update_pairs)
from dsa.hashtable import ResizeEvent

from ._common import (INT64_MAX, INT64_MIN, as_int64, as_seed, as_size,
                      check, repr_name)
from ._face import NativeFace
from ._loader import load as _load_build

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
    _lib.DSA_HT_CHECK_ROBIN_HOOD:
        "a tombstone, or a probe distance that rises by more than one along "
        "a run, in a Robin Hood table",
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


def _no_keyword_items(kwargs: Dict[str, Any]) -> None:
    """Keyword arguments that are not options are items, as for dict; their
    keys are strings, and a C table's keys are ints."""
    if kwargs:
        raise TypeError(
            f"keys must be integers, not str (got keyword items "
            f"{', '.join(map(repr, kwargs))})")


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


class _TableWalk(Iterator[Any]):
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

    # __iter__, returning the walk itself, comes from Iterator.

    def __next__(self) -> Any:
        owner = self._owner
        if owner is None:
            raise StopIteration
        with owner._lock:
            c = owner._c
            if c.mods(owner._h) != self._mods:
                # dict's words, and as with dict the error is sticky: the
                # count can never match -1, so every later call raises too.
                self._mods = -1
                raise RuntimeError(DICT_CHANGED_SIZE)
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


class _KeysView(KeysView):
    __slots__ = ()

    def __iter__(self) -> Iterator[int]:
        return self._mapping._iter_items(_KEY)


class _ItemsView(ItemsView):
    __slots__ = ()

    def __iter__(self) -> Iterator[Tuple[int, int]]:
        return self._mapping._iter_items()


class _ValuesView(ValuesView):
    __slots__ = ()

    def __iter__(self) -> Iterator[int]:
        return self._mapping._iter_items(_VALUE)


# ---- what both tables share -----------------------------------------------------

_SLOT_ORDER_NOTE = """

    Unlike ``dict`` and the Python twin, it does not keep insertion order:
    iteration walks {walks}, so the order follows the slots and changes
    when the table resizes.  Its repr says so:
    ``<dsa.native.{name} in slot order: {{...}}>``.
    Safe to share between threads: every call into C holds the table's lock."""


class _NativeHashTable(NativeFace, UnionOperators, MutableMapping):
    """The Python face shared by both C tables (not for direct use)."""

    __slots__ = ("_c", "_t", "_h", "_lock", "_out", "_traced", "_seed",
                 "on_resize", "__weakref__")
    _WHAT, _HANDLE = "table", "_h"

    def _c_fn(self, name: str) -> Callable[..., Any]:
        # Both kinds' len and tracing calls are the shared dsa_ht_ ones,
        # looked up once in self._c.
        return getattr(self._c, name)  # type: ignore[no-any-return]

    _PUBLIC: Tuple[type, ...] = ()   # the public classes, set where they are made
    _PREFIX = ""
    _OPEN = False
    _SLOT_WORD = "slot"

    @staticmethod
    def _checked_rest(seed: Any, capacity: Any, on_resize: Any,
                      kwargs: Dict[str, Any], mapping_or_iterable: Any
                      ) -> Tuple[int, int, Any, List[Tuple[int, int]]]:
        """The arguments both constructors check alike, after their own and
        in this order: the seed, the capacity, the resize hook, no keyword
        items, then the items themselves."""
        seed_ = _check_seed(seed)
        cap = as_size(capacity, "capacity")
        hook = as_resize_hook(on_resize)
        _no_keyword_items(kwargs)
        return seed_, cap, hook, _pairs(mapping_or_iterable)

    @classmethod
    def _out_ctype(cls) -> str:
        """The C type a constructor writes the new table into: dsa_ch **
        for the prefix dsa_ch_."""
        return cls._PREFIX.rstrip("_") + " **"

    def __init_subclass__(cls, /, walks: Optional[str] = None,
                          **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # What both public tables say alike, written once: appended to each
        # one's own docstring (indented as it is, for help()).  ``walks``,
        # given in the class statement, says what iteration walks.
        if cls.__doc__ and walks is not None:
            cls.__doc__ = cls.__doc__.rstrip() + _SLOT_ORDER_NOTE.format(
                walks=walks, name=cls.__name__) + "\n    "

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

    def _start(self, c: _Api, raw: Any, traced: bool, seed: int,
               on_resize: Any, pairs: List[Tuple[int, int]]) -> None:
        """Take a new C table, then store the first items (the hook hears
        the resizes they cause)."""
        self._adopt(c, raw, traced, seed)
        self.on_resize = on_resize
        self._store_all(pairs)

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
        for key, value in pairs:
            self._put(key, value)

    def _put(self, k: int, v: int) -> None:
        """Store checked int64s ``k`` -> ``v``, then report any resize."""
        before = self._watch()
        with self._lock:
            status = self._c.put(self._h, k, v, self._c.ffi.NULL)
        check(self._c.lib, status)
        self._announce(before)

    # ---- the mapping --------------------------------------------------------

    def _value_of(self, key: Any) -> Optional[int]:
        """The value stored under ``key``, or None if it is absent (a key
        that is no int64 cannot be present)."""
        k = _lookup_key(key)
        if k is None:
            return None
        with self._lock:
            status = self._c.get(self._h, k, self._out)
            value = self._out[0]
        return value if status == self._c.lib.DSA_OK else None

    def __getitem__(self, key: Any) -> int:
        value = self._value_of(key)
        if value is None:
            raise KeyError(key)
        return value

    def __setitem__(self, key: Any, value: Any) -> None:
        self._put(as_int64(key, "key"), as_int64(value, "value"))

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
        return _KeysView(self)

    def items(self) -> ItemsView:
        return _ItemsView(self)

    def values(self) -> ValuesView:
        return _ValuesView(self)

    def get(self, key: Any, default: Any = None, /) -> Any:
        """``self[key]`` if ``key`` is present, else ``default``."""
        value = self._value_of(key)
        return default if value is None else value

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
        value = self._value_of(key)
        if value is not None:
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
        _no_keyword_items(kwargs)
        self._update(other)

    def clear(self) -> None:
        """Remove every key and go back to the minimum capacity (8)."""
        with self._lock:
            self._c.clear(self._h)

    def _update(self, other: Any) -> None:
        """``update(other)``, for ``|`` and ``|=``."""
        self._store_all(_pairs(other))

    def _empty_like(self) -> "_NativeHashTable":
        """A new empty table of this class with this one's options (seed,
        hash function, load factor...) at the smallest capacity, for
        ``other | table``."""
        options = self._options()
        del options["capacity"]
        return type(self)(**options)

    def copy(self) -> "_NativeHashTable":
        """An independent table with the same capacity, slots, seed and
        counters (so the same iteration order)."""
        out = self._c.ffi.new(self._out_ctype())
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
        # Not ``Name({...})``: the order shown is the slots', which no
        # insertion order given to the constructor would reproduce.
        name = repr_name(self, *self._PUBLIC)
        return f"<{name} in slot order: {dict(self._iter_items())!r}>"

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
        return (_rebuild, (type(self), self._options(), *self._layout()))

    def _layout(self) -> tuple:
        """What a pickle keeps besides the options, so that the table comes
        back in the same slot order (as :meth:`copy` does)."""
        # A new key goes to the front of its chain: storing the items back
        # to front rebuilds every chain in its order.
        return (list(self._iter_items())[::-1],)

    def _restore(self, items: List[Tuple[int, int]], slots: List[int],
                 tombstones: List[int]) -> None:
        raise ValueError(f"a {type(self).__name__} pickle holds no slots")


def _rebuild(cls: type, options: Dict[str, Any], items: List[Tuple[int, int]],
             slots: Optional[List[int]] = None,
             tombstones: List[int] = ()) -> _NativeHashTable:
    """Unpickle: the options, then the items (at their slots, if given)."""
    if slots is None:
        return cls(items, **options)
    table = cls(**options)
    table._restore(items, slots, list(tombstones))
    return table


