"""The kernels that time what following pointers costs, inside C
(``native/linkedlist_kernels.c``).

Module-level functions, each returning a frozen dataclass.  Inputs are made
from ``seed`` before the clock starts: value ``k`` is draw ``k`` of
splitmix64 started at ``seed``, shifted right by 32 (so ``0 <= v < 2**32``
and sums are exact); shuffles (Fisher-Yates: for ``i = n-1`` down to 1,
swap ``i`` with ``draw % (i+1)``) and random positions come from a second
splitmix64 stream started at ``~seed``.  Each kernel checks its own result
(``ok``: sums, lengths, links).  No kernel allocates more than
:data:`MAX_KERNEL_BYTES` (1.5 GiB): bigger requests raise MemoryError before
anything is allocated.

:func:`walk`, :func:`walks`
    walk and sum ``n`` values: ``"array"``, ``"array_shuffled"`` (the same
    array visited in a shuffled index order: the cache without pointers),
    ``"nodes_malloc"``, ``"nodes_pool"`` (in order) and ``"nodes_shuffled"``.
:func:`insert_cost`, :func:`remove_cost`
    front and middle insert (array: ``memmove``; linked: walk to the middle
    and splice), and deleting a node already held vs shifting an array.
:func:`pointer_chase`, :func:`latency_ladder`
    nanoseconds per dependent load over a random cyclic chain (Sattolo's
    algorithm), one pointer per 64-byte line, at working sets from 16 KiB up.
:func:`read_bandwidth`
    sequential read bandwidth: the sum of a large array, in bytes per second.
:func:`lines_per_element`
    distinct lines (and line fetches) per element of each walk, from the
    traced build; :func:`model_lines` gives the exact count for the arrays
    and the pools.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any, Dict, Iterable, Optional, Sequence, Tuple

from dsa.timing import per_unit_of

from ._common import as_choice, as_positive, as_seed, as_size, check
from ._linked_core import LAYOUTS, LINE_BYTES, NODE_BYTES
from ._loader import load

__all__ = [
    "MAX_KERNEL_BYTES", "WALK_KINDS", "LADDER_SIZES", "DEFAULT_LADDER_SIZES",
    "WalkResult", "OpsResult", "ChaseResult", "LadderResult",
    "BandwidthResult", "LinesResult",
    "walk", "walks", "insert_cost", "remove_cost", "pointer_chase",
    "latency_ladder", "read_bandwidth", "lines_per_element", "model_lines",
]

_ffi, _lib = load(False)

MAX_KERNEL_BYTES = int(_lib.DSA_MEM_MAX_BYTES_MIB) << 20

WALK_KINDS = ("array", "array_shuffled", "nodes_malloc", "nodes_pool",
              "nodes_shuffled")
_KINDS = {"array": _lib.DSA_MEM_ARRAY,
          "array_shuffled": _lib.DSA_MEM_ARRAY_SHUFFLED,
          "nodes_malloc": _lib.DSA_MEM_NODES_MALLOC,
          "nodes_pool": _lib.DSA_MEM_NODES_POOL,
          "nodes_shuffled": _lib.DSA_MEM_NODES_SHUFFLED}
_STRUCTURES = {"array": _lib.DSA_MEM_STRUCT_ARRAY,
               "linked": _lib.DSA_MEM_STRUCT_LINKED}
_WHERE = {"front": _lib.DSA_MEM_FRONT, "middle": _lib.DSA_MEM_MIDDLE}

KIB, MIB, GIB = 1 << 10, 1 << 20, 1 << 30
#: Working sets of the latency ladder, 16 KiB to 1 GiB in powers of two.
LADDER_SIZES = tuple(16 * KIB << k for k in range(17))
#: The default ladder stops at 256 MiB; pass LADDER_SIZES to go to 1 GiB.
DEFAULT_LADDER_SIZES = tuple(s for s in LADDER_SIZES if s <= 256 * MIB)


def _element_bytes(kind: str) -> int:
    return 8 if kind.startswith("array") else NODE_BYTES


@dataclass(frozen=True)
class WalkResult:
    """Walk and sum ``n`` values laid out as ``kind`` says.

    ``pass_ns``: nanoseconds of each timed pass (after one untimed warm-up
    pass), measured inside C.  ``bytes``: where the values live, ``8 * n``
    for the arrays and ``NODE_BYTES * n`` for nodes (the visiting order of
    ``array_shuffled``, 4 bytes an element, and malloc's headers are not
    counted); ``span_bytes``: lowest to highest byte of that home (for
    malloc'd nodes it shows the allocator's spacing).  ``ok``: every pass
    summed to ``expected_sum``.
    """

    kind: str
    n: int
    pass_ns: Tuple[int, ...]
    sum: int
    expected_sum: int
    bytes: int
    span_bytes: int
    ok: bool

    @property
    def median_ns(self) -> float:
        return float(statistics.median(self.pass_ns))

    @property
    def best_ns(self) -> int:
        return min(self.pass_ns)

    ns_per_element = per_unit_of("median_ns", "n", "Median pass, nanoseconds per element.")
    best_ns_per_element = per_unit_of("best_ns", "n")

    @property
    def bytes_per_s(self) -> float:
        """``bytes`` over the median pass, in bytes per second."""
        return self.bytes / (self.median_ns * 1e-9) if self.median_ns else 0.0


def walk(n: int, kind: str = "array", *, repeats: int = 3,
         seed: int = 1) -> WalkResult:
    """Time summing ``n`` values: ``kind`` is one of :data:`WALK_KINDS`."""
    n = as_size(n, "n")
    code = as_choice(kind, _KINDS, "kind")
    repeats = as_positive(repeats, "repeats")
    passes = _ffi.new("int64_t[]", repeats)
    out = _ffi.new("struct dsa_mem_walk_result *")
    check(_lib, _lib.dsa_mem_walk(n, code, repeats, as_seed(seed), passes, out))
    return WalkResult(kind=kind, n=n, pass_ns=tuple(passes), sum=int(out.sum),
                      expected_sum=int(out.expected_sum),
                      bytes=n * _element_bytes(kind),
                      span_bytes=int(out.span_bytes), ok=bool(out.ok))


def walks(n: int, kinds: Sequence[str] = WALK_KINDS, *, repeats: int = 3,
          seed: int = 1) -> Dict[str, WalkResult]:
    """:func:`walk` for each kind, one after the other (each frees its
    memory before the next is built); the same values in every kind."""
    return {kind: walk(n, kind, repeats=repeats, seed=seed) for kind in kinds}


@dataclass(frozen=True)
class OpsResult:
    """``ops`` inserts or removals on a structure of ``n`` values.

    ``ns``: all ``ops`` operations, nanoseconds inside C.  ``where``:
    "front" or "middle" for inserts, "random" for removals.  ``layout``:
    where the linked nodes live (None for the array).  ``len`` and ``sum``
    describe the structure afterwards; ``ok``: they match what was put in
    and taken out, and (linked) the links are symmetric.
    """

    operation: str
    structure: str
    where: str
    layout: Optional[str]
    n: int
    ops: int
    ns: int
    len: int
    sum: int
    expected_sum: int
    ok: bool

    ns_per_op = per_unit_of("ns", "ops")


def insert_cost(n: int, *, structure: str = "array", where: str = "front",
                ops: int = 100, layout: str = "malloc",
                seed: int = 1) -> OpsResult:
    """Time ``ops`` inserts into ``n`` values, at the front or the middle
    (position len/2, before the value there).

    ``structure="array"``: room for all ``ops`` is reserved beforehand, each
    insert is a ``memmove`` of the tail.  ``"linked"``: ``layout`` places the
    ``n`` nodes; each insert mallocs its node inside the clock, walks from
    the head to the middle (when ``where="middle"``) and splices.
    """
    n = as_size(n, "n")
    s = as_choice(structure, _STRUCTURES, "structure")
    w = as_choice(where, _WHERE, "where")
    lay = as_choice(layout, LAYOUTS, "layout")
    ops = as_positive(ops, "ops")
    out = _ffi.new("struct dsa_mem_ops_result *")
    check(_lib, _lib.dsa_mem_insert(n, s, w, lay, ops, as_seed(seed), out))
    return _ops_result("insert", structure, where, layout, n, ops, out)


def remove_cost(n: int, *, structure: str = "array", ops: int = 100,
                layout: str = "malloc", seed: int = 1) -> OpsResult:
    """Time ``ops`` removals (``ops <= n``) from ``n`` values.

    ``"array"``: delete at a random position with ``memmove``.  ``"linked"``:
    unlink a node already held (distinct random nodes, their pointers
    gathered before the clock); malloc'd nodes are freed inside the clock.
    """
    n = as_size(n, "n")
    s = as_choice(structure, _STRUCTURES, "structure")
    lay = as_choice(layout, LAYOUTS, "layout")
    ops = as_positive(ops, "ops")
    if ops > n:
        raise ValueError(f"cannot remove {ops} values from {n}")
    out = _ffi.new("struct dsa_mem_ops_result *")
    check(_lib, _lib.dsa_mem_remove(n, s, lay, ops, as_seed(seed), out))
    return _ops_result("remove", structure, "random", layout, n, ops, out)


def _ops_result(operation: str, structure: str, where: str, layout: str,
                n: int, ops: int, out: Any) -> OpsResult:
    return OpsResult(operation=operation, structure=structure, where=where,
                     layout=layout if structure == "linked" else None,
                     n=n, ops=ops, ns=int(out.ns), len=int(out.len),
                     sum=int(out.sum), expected_sum=int(out.expected_sum),
                     ok=bool(out.ok))


@dataclass(frozen=True)
class ChaseResult:
    """A pointer chase over ``bytes`` bytes: ``lines`` 64-byte lines in one
    random cycle, ``loads`` dependent loads in ``ns`` nanoseconds (after one
    untimed lap of the cycle).  ``ok``: the cycle visits every line."""

    bytes: int
    lines: int
    loads: int
    ns: int
    end: int
    ok: bool

    ns_per_load = per_unit_of("ns", "loads")


def pointer_chase(nbytes: int, *, loads: Optional[int] = None,
                  seed: int = 1) -> ChaseResult:
    """Nanoseconds per dependent load over a working set of ``nbytes`` (a
    multiple of 64, at least 128).  ``loads`` defaults to the larger of
    2**21 and the number of lines, enough to amortise the clock and to
    leave the untimed lap's warm-up behind."""
    nbytes = as_size(nbytes, "nbytes")
    if loads is None:
        loads = max(1 << 21, nbytes // LINE_BYTES)
    loads = as_positive(loads, "loads")
    out = _ffi.new("struct dsa_mem_chase_result *")
    status = _lib.dsa_mem_chase(nbytes, loads, as_seed(seed), out)
    if status == _lib.DSA_EVALUE:
        raise ValueError(f"working set must be a multiple of 64 bytes, at "
                         f"least 128, got {nbytes}")
    check(_lib, status)
    return ChaseResult(bytes=nbytes, lines=int(out.lines), loads=int(out.loads),
                       ns=int(out.ns), end=int(out.end), ok=bool(out.ok))


@dataclass(frozen=True)
class LadderResult:
    """The latency ladder: one :class:`ChaseResult` per working set, in the
    order asked for."""

    points: Tuple[ChaseResult, ...]

    @property
    def sizes(self) -> Tuple[int, ...]:
        return tuple(p.bytes for p in self.points)

    @property
    def ns_per_load(self) -> Tuple[float, ...]:
        return tuple(p.ns_per_load for p in self.points)

    @property
    def dram_ns_per_load(self) -> float:
        """The largest working set's latency: main memory when that set is
        well past the last-level cache."""
        return max(self.points, key=lambda p: p.bytes).ns_per_load

    @property
    def l1_ns_per_load(self) -> float:
        return min(self.points, key=lambda p: p.bytes).ns_per_load


def latency_ladder(sizes: Iterable[int] = DEFAULT_LADDER_SIZES, *,
                   loads: Optional[int] = None, seed: int = 1) -> LadderResult:
    """:func:`pointer_chase` at each working set in ``sizes`` (default 16 KiB
    to 256 MiB; :data:`LADDER_SIZES` goes on to 1 GiB).  Each size is
    allocated, measured and freed before the next."""
    sizes = [as_size(s, "size") for s in sizes]
    return LadderResult(points=tuple(
        pointer_chase(s, loads=loads, seed=seed) for s in sizes))


@dataclass(frozen=True)
class BandwidthResult:
    """Sequential read of ``bytes`` bytes (an int64 array summed with four
    independent accumulators), ``pass_ns`` per timed pass after one untimed
    pass.  ``ok``: every pass summed to ``expected_sum``."""

    bytes: int
    pass_ns: Tuple[int, ...]
    sum: int
    expected_sum: int
    ok: bool

    @property
    def best_ns(self) -> int:
        return min(self.pass_ns)

    @property
    def bytes_per_s(self) -> float:
        """From the best pass, as STREAM-style benchmarks report."""
        return self.bytes / (self.best_ns * 1e-9) if self.best_ns else 0.0

    @property
    def median_bytes_per_s(self) -> float:
        median = statistics.median(self.pass_ns)
        return self.bytes / (median * 1e-9) if median else 0.0

    @property
    def gib_per_s(self) -> float:
        return self.bytes_per_s / GIB


def read_bandwidth(nbytes: int = 256 * MIB, *, repeats: int = 5,
                   seed: int = 1) -> BandwidthResult:
    """Sequential read bandwidth over ``nbytes`` (a multiple of 64; pick one
    well past the last-level cache for main memory)."""
    nbytes = as_size(nbytes, "nbytes")
    repeats = as_positive(repeats, "repeats")
    passes = _ffi.new("int64_t[]", repeats)
    out = _ffi.new("struct dsa_mem_bandwidth_result *")
    status = _lib.dsa_mem_read_bandwidth(nbytes, repeats, as_seed(seed),
                                         passes, out)
    if status == _lib.DSA_EVALUE:
        raise ValueError(f"nbytes must be a positive multiple of 64, got "
                         f"{nbytes}")
    check(_lib, status)
    return BandwidthResult(bytes=nbytes, pass_ns=tuple(passes),
                           sum=int(out.sum), expected_sum=int(out.expected_sum),
                           ok=bool(out.ok))


@dataclass(frozen=True)
class LinesResult:
    """Cache lines behind one walk of ``n`` values, from the traced build.

    ``lines``: distinct 64-byte lines holding the values visited (the array
    slots, or whole 24-byte nodes).  ``fetches``: how many times the walk
    moved to a line other than the one it touched last, i.e. the misses of a
    cache holding a single line; for an in-order walk it equals ``lines``,
    for a shuffled one it approaches one (or two, for a node straddling a
    boundary) per element.  ``ok``: the traced walk's sum was right.
    """

    kind: str
    n: int
    lines: int
    fetches: int
    sum: int
    expected_sum: int
    ok: bool

    lines_per_element = per_unit_of("lines", "n")
    fetches_per_element = per_unit_of("fetches", "n")


def lines_per_element(n: int, kind: str = "array", *,
                      seed: int = 1) -> LinesResult:
    """Lines and line fetches of one walk of ``n`` values of ``kind``."""
    n = as_size(n, "n")
    code = as_choice(kind, _KINDS, "kind")
    ffi, lib = load(True)
    out = ffi.new("struct dsa_mem_lines_result *")
    check(lib, lib.dsa_mem_lines(n, code, as_seed(seed), out))
    return LinesResult(kind=kind, n=n, lines=int(out.lines),
                       fetches=int(out.fetches), sum=int(out.sum),
                       expected_sum=int(out.expected_sum), ok=bool(out.ok))


def model_lines(n: int, kind: str) -> Optional[int]:
    """The distinct lines a walk of ``n`` values must touch, where the model
    is exact: the arrays and pools start on a line, so ``ceil(8n / 64)``
    for both array walks and ``ceil(24n / 64)`` for both pool walks (a
    shuffled order visits the same lines, only not in order).  None for
    malloc'd nodes, whose placement is the allocator's."""
    as_choice(kind, _KINDS, "kind")
    if kind == "nodes_malloc":
        return None
    return -(-n * _element_bytes(kind) // LINE_BYTES)
