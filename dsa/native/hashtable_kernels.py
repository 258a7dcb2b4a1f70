"""The C hash tables timed inside C (``native/hashtable_kernels.c``), re-exported
by :mod:`dsa.native.hashtable`.

The kernels (:func:`ops`, :func:`load_cost`, :func:`flood`) make
their keys with splitmix64 from ``seed`` before the clock starts, time only
the table work, and check their own result (``ok``).  Times are nanoseconds
per operation of CLOCK_MONOTONIC; lines are distinct 64-byte lines per
lookup, counted as :attr:`last_lines` counts them.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Optional

from dsa._compat import as_max_load

from ._common import as_seed, as_size, check
from ._hash_core import (_NODE_SOURCES, _TABLES, _check_choice, _check_hash,
                         _ffi, _lib)
from ._loader import load as _load_build

__all__ = ["OpsResult", "LoadResult", "FloodResult", "ops", "load_cost", "flood"]

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
