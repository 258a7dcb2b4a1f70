"""The C twins of :mod:`dsa.hashtable`: hash tables from int64 keys to int64
values, laid out by C (``native/hashtable_chained.c`` and
``native/hashtable_open.c``, over the base they share in
``native/hashtable.c``).

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
    tombstones on delete -- or, with ``robin_hood=True``, Robin Hood
    placement and backward-shift deletion.

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
    * keyword arguments named as the options below configure the table;
      any other keyword argument is an item, as for ``dict(**kwargs)``, and
      so a TypeError (``ChainedHashTable(a=1)``), for its key is a string;
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
    ``fill_factor``, ``probing`` (always ``"linear"``) and ``robin_hood``.
    The C twins add
    ``hash_of(key)``, ``slot_holding(key)``, ``last_resize``,
    ``memory_layout()`` and ``last_lines``.

Options (keyword-only): ``max_load_factor`` (chained: any finite value
> 0, default 0.75; open addressing: strictly between 0 and 1, default 2/3),
``on_resize`` (None, or a callable given a
:class:`~dsa.hashtable.ResizeEvent` after each resize, as the attribute of
that name), ``hash_function`` (``"keyed"``, the default: a folded multiply of the key
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
* open addressing with ``robin_hood=True``: the state byte and the 16-byte
  slot of every full slot examined (its distance comes from its key), and
  the state byte of an empty one; the walk also ends at the first resident
  nearer to its home than the walk has come.  A new key adds every state
  and slot from its home to the empty slot its placement ends in; a
  deletion adds the states and slots it shifts back and the one that stops
  the shift.

A byte range ``[a, a + n)`` covers the lines ``a // 64 .. (a + n - 1) // 64``;
:meth:`memory_layout` gives the addresses (both arrays start on a line) and
:meth:`ChainedHashTable.node_addresses` the nodes'.  Storing a new key adds
the state and slot (node and bucket head) it writes; deleting adds nothing
to the lookup; a resize adds both arrays whole and every key moved.

The kernels timed inside C (:func:`ops`, :func:`load_cost`, :func:`flood`)
live in :mod:`dsa.native.hashtable_kernels` and are re-exported here; what
both tables share is in :mod:`dsa.native._hash_core`.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple

from dsa._compat import as_max_load
from dsa._robin_hood import valid_option as robin_hood_option
from dsa.hashtable import TOMBSTONE, ChainStats, ProbeStats, ResizeEvent
from dsa.pictures import Pictured

from ._common import as_size, check
from ._hash_core import (_BATCH, _NODE_SOURCES, HASH_FUNCTIONS, MemoryLayout,
                         PoolInfo, _api, _check_choice, _check_hash,
                         _lookup_key, _NativeHashTable, _pairs)
from .hashtable_kernels import (FloodResult, LoadResult, OpsResult, flood,
                                load_cost, ops)
# Pickles made before the shared face moved to _hash_core name their
# rebuilder here.
from ._hash_core import _rebuild  # noqa: F401

__all__ = [
    "ChainedHashTable", "OpenAddressingHashTable", "ChainStats", "ProbeStats",
    "ResizeEvent", "MemoryLayout", "PoolInfo", "TOMBSTONE", "HASH_FUNCTIONS",
    "OpsResult", "LoadResult", "FloodResult", "ops", "load_cost", "flood",
]



# ---- separate chaining ---------------------------------------------------------

class ChainedHashTable(Pictured, _NativeHashTable, picture="chained",
                       walks="the buckets"):
    """The C twin of :class:`dsa.hashtable.ChainedHashTable` for int64 keys
    and values: an array of bucket heads, one linked list per bucket (a new
    key goes to the front of its chain).

    ``ChainedHashTable(mapping_or_iterable=(), /, *, max_load_factor=0.75,
    hash_function="keyed", seed=None, capacity=8, nodes="malloc",
    traced=False, on_resize=None)``.  ``nodes="malloc"`` mallocs each node
    (scattered); ``nodes="pool"`` hands them out in order from contiguous
    chunks.
    """

    __slots__ = ()

    _PREFIX = "dsa_ch_"
    _OPEN = False
    _SLOT_WORD = "bucket"

    def __init__(self, mapping_or_iterable: Any = (), /, *,
                 max_load_factor: float = 0.75, hash_function: str = "keyed",
                 seed: Optional[int] = None, capacity: int = 8,
                 nodes: str = "malloc", traced: bool = False,
                 on_resize: Optional[Callable[[ResizeEvent], Any]] = None,
                 **kwargs: Any) -> None:
        load_ = as_max_load(max_load_factor, False)
        kind = _check_hash(hash_function)
        source = _check_choice(nodes, _NODE_SOURCES, "nodes")
        seed_, cap, hook, pairs = self._checked_rest(
            seed, capacity, on_resize, kwargs, mapping_or_iterable)
        if self._reinitialised(pairs, (max_load_factor, hash_function, seed,
                                       capacity, nodes, traced, on_resize)
                               == (0.75, "keyed", None, 8, "malloc", False,
                                   None)):
            return
        c = _api(self._PREFIX, bool(traced))
        out = c.ffi.new(self._out_ctype())
        check(c.lib, c.new(cap, load_, kind, seed_, source, out))
        self._start(c, out[0], bool(traced), seed_, hook, pairs)

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

class OpenAddressingHashTable(Pictured, _NativeHashTable, picture="open",
                              walks="the slot array"):
    """The C twin of :class:`dsa.hashtable.OpenAddressingHashTable` for int64
    keys and values: one flat array of slots, linear probing, tombstones.

    ``OpenAddressingHashTable(mapping_or_iterable=(), /, *,
    max_load_factor=2/3, hash_function="keyed", seed=None, capacity=8,
    probing="linear", robin_hood=False, traced=False, on_resize=None)``.
    Only linear probing exists in C.  ``robin_hood=True``: Robin Hood
    placement, lookups that stop early and backward-shift deletion (no
    tombstones), as in the Python twin (``dsa/_robin_hood.py``).
    """

    __slots__ = ()

    _PREFIX = "dsa_oa_"
    _OPEN = True
    _SLOT_WORD = "slot"

    def __init__(self, mapping_or_iterable: Any = (), /, *,
                 max_load_factor: float = 2 / 3, hash_function: str = "keyed",
                 seed: Optional[int] = None, capacity: int = 8,
                 probing: str = "linear", robin_hood: Optional[bool] = False,
                 traced: bool = False,
                 on_resize: Optional[Callable[[ResizeEvent], Any]] = None,
                 **kwargs: Any) -> None:
        load_ = as_max_load(max_load_factor, True)
        kind = _check_hash(hash_function)
        # None is the default, as for the Python twin, and so are its errors.
        robin_hood = robin_hood_option(bool(robin_hood) if robin_hood is None
                                       else robin_hood, probing)
        _check_choice(probing, {"linear": 0}, "probing")
        seed_, cap, hook, pairs = self._checked_rest(
            seed, capacity, on_resize, kwargs, mapping_or_iterable)
        if self._reinitialised(pairs, (max_load_factor, hash_function, seed,
                                       capacity, probing, robin_hood, traced,
                                       on_resize)
                               == (2 / 3, "keyed", None, 8, "linear", False,
                                   False, None)):
            return
        c = _api(self._PREFIX, bool(traced))
        out = c.ffi.new(self._out_ctype())
        check(c.lib, c.new(cap, load_, kind, seed_, out))
        status = c.lib.dsa_oa_set_robin_hood(out[0], int(robin_hood))
        if status != c.lib.DSA_OK:                      # cannot fail: empty
            c.free(out[0])
            check(c.lib, status)
        self._start(c, out[0], bool(traced), seed_, hook, pairs)

    def _fetch(self, cursor: Any, keys: Any, values: Any, count: Any) -> None:
        self._c.items(self._t, cursor, keys, values, _BATCH, count)

    @property
    def probing(self) -> str:
        """Always ``"linear"``: home, home + 1, home + 2, ..."""
        return "linear"

    @property
    def robin_hood(self) -> bool:
        """Robin Hood placement and backward-shift deletion (no tombstones)?"""
        with self._lock:
            return bool(self._c.lib.dsa_oa_robin_hood(self._t))

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

    def _snapshot(self) -> Tuple[List[int], List[int], List[int]]:
        """Every slot's state (DSA_OA_*), key and value, as C copies them."""
        c = self._c
        with self._lock:
            n = c.capacity(self._h)
            states = c.ffi.new("uint8_t[]", n)
            keys = c.ffi.new("int64_t[]", n)
            values = c.ffi.new("int64_t[]", n)
            check(c.lib, c.lib.dsa_oa_slots(self._t, states, keys, values, n))
        return list(states), list(keys), list(values)

    def slots(self) -> List[Any]:
        """A snapshot of the slot array: a key, None (empty) or
        :data:`TOMBSTONE` for each slot."""
        states, keys, _ = self._snapshot()
        lib = self._c.lib
        return [key if state == lib.DSA_OA_FULL
                else TOMBSTONE if state == lib.DSA_OA_TOMBSTONE else None
                for state, key in zip(states, keys)]

    def _layout(self) -> tuple:
        # Every key at its slot and every tombstone: the probe runs, and so
        # the slot order, come back as they were.
        states, keys, values = self._snapshot()
        lib = self._c.lib
        full = [i for i, state in enumerate(states) if state == lib.DSA_OA_FULL]
        return ([(keys[i], values[i]) for i in full], full,
                [i for i, state in enumerate(states)
                 if state == lib.DSA_OA_TOMBSTONE])

    def _restore(self, items: List[Tuple[int, int]], slots: List[int],
                 tombstones: List[int]) -> None:
        c = self._c
        pairs = _pairs(items)
        with self._lock:
            n = c.capacity(self._h)
            where = [as_size(i, "slot") for i in (*slots, *tombstones)]
            if (len(slots) != len(pairs) or len(set(where)) != len(where)
                    or any(i >= n for i in where)):
                raise ValueError("pickled slots do not fit this table")
            states = c.ffi.new("uint8_t[]", n)
            keys = c.ffi.new("int64_t[]", n)
            values = c.ffi.new("int64_t[]", n)
            for i in where[len(slots):]:
                states[i] = c.lib.DSA_OA_TOMBSTONE
            for i, (key, value) in zip(where, pairs):
                states[i], keys[i], values[i] = c.lib.DSA_OA_FULL, key, value
            status = c.lib.dsa_oa_restore(self._t, states, keys, values, n)
        if status == c.lib.DSA_EVALUE:
            raise ValueError("pickled slots are not a valid table")
        check(c.lib, status)

    def _options(self) -> Dict[str, Any]:
        return {**super()._options(), "robin_hood": self.robin_hood}

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

_NativeHashTable._PUBLIC = (ChainedHashTable, OpenAddressingHashTable)
