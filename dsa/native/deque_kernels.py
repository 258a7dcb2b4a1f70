"""Kernels of the C deque timed inside C, so that the cost of calling C
from Python does not hide the cost of the memory: :func:`ends`,
:func:`access` and :func:`lines` (and :func:`sweep`, which runs all three
over :data:`LAYOUTS`).

Each takes a ``layout``: a block size (the blocked deque of
:mod:`dsa.native.deque`), or ``"ring"`` for the contiguous alternative, a
growable power-of-two circular array.  Each makes its own input from a seed
with splitmix64 before the clock starts and checks its own result (``ok``).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any, Iterable, List, Tuple, Union

from dsa.deque import DEFAULT_BLOCK_SIZE, check_block_size
from dsa.timing import per_unit, per_unit_of

from ._common import as_positive, as_seed, as_size, check
from ._loader import load

__all__ = [
    "BLOCK_SIZES", "LAYOUTS", "EndsResult", "AccessResult", "LinesResult",
    "SweepRow", "ends", "access", "lines", "sweep",
]

_ffi, _lib = load(False)

BLOCK_SIZES = (1, 8, 64, 512, 4096)
LAYOUTS: Tuple[Union[int, str], ...] = BLOCK_SIZES + ("ring",)

Layout = Union[int, str]


def _layout(layout: Any) -> Tuple[Layout, int, int]:
    """(the layout as given back, the C layout code, the block size)."""
    if isinstance(layout, str):
        if layout != "ring":
            raise ValueError(
                f"layout must be a block size or 'ring', got {layout!r}")
        return "ring", _lib.DSA_DQ_RING, 0
    b = check_block_size(layout)
    return b, _lib.DSA_DQ_BLOCKED, b


@dataclass(frozen=True)
class EndsResult:
    """Both ends of a deque (or ring) of ``n`` items, timed inside C.

    A fresh structure takes ``n`` push_back then ``n`` pop_front (a FIFO
    queue: the speed target); another fresh one ``n`` push_front then ``n``
    pop_back.  Times are nanoseconds for all ``n`` operations of one kind;
    the pushes include allocating the blocks (or growing the ring) and the
    first touch of that memory, the pops freeing it.  ``bytes``: held with
    all ``n`` items in.  ``ok``: every pop returned the item pushed, in order.
    """

    n: int
    layout: Layout
    push_back_ns: int
    pop_front_ns: int
    push_front_ns: int
    pop_back_ns: int
    bytes: int
    ok: bool

    @property
    def fifo_ns(self) -> int:
        """push_back_ns + pop_front_ns: the queue, in nanoseconds."""
        return self.push_back_ns + self.pop_front_ns

    @property
    def fifo_ns_per_op(self) -> float:
        """Nanoseconds per push_back or pop_front, on average."""
        return per_unit(self.fifo_ns, 2 * self.n)

    @property
    def front_ns_per_op(self) -> float:
        """Nanoseconds per push_front or pop_back, on average."""
        total = self.push_front_ns + self.pop_back_ns
        return per_unit(total, 2 * self.n)

    bytes_per_element = per_unit_of("bytes", "n")


@dataclass(frozen=True)
class AccessResult:
    """Reading a deque (or ring) of ``n`` items built by push_back.

    ``iterate_ns``: nanoseconds for ``passes`` walks summing every item
    front to back; ``index_ns``: nanoseconds for ``ops`` reads at random
    positions in the middle half (the deque walks from the nearer end, one
    block per hop).  ``bytes``: what the structure holds for the items;
    ``blocks``: blocks holding items (ring: slots of its array).
    """

    n: int
    layout: Layout
    passes: int
    ops: int
    iterate_ns: int
    index_ns: int
    bytes: int
    blocks: int
    ok: bool

    @property
    def iterate_ns_per_element(self) -> float:
        return self.iterate_ns / (self.n * self.passes) if self.n else 0.0

    index_ns_per_access = per_unit_of("index_ns", "ops")
    bytes_per_element = per_unit_of(
        "bytes", "n", """bytes / n: 8 for the items, the rest is links, headers
        and, for the ring, the empty part of its power-of-two array.""")


@dataclass(frozen=True)
class LinesResult:
    """Distinct 64-byte lines touched, in the traced build, on a deque (or
    ring) of ``n`` items built by push_back: ``iterate_lines`` by one walk
    over all items (:meth:`BlockedDeque.sum`), ``index_lines`` by one read
    of position n // 2.  Both include the header's line."""

    n: int
    layout: Layout
    iterate_lines: int
    index_lines: int
    bytes: int
    ok: bool

    lines_per_element = per_unit_of("iterate_lines", "n")


def ends(n: int, *, layout: Any = DEFAULT_BLOCK_SIZE,
         seed: int = 1) -> EndsResult:
    """Time n pushes and n pops at each pair of ends (see EndsResult)."""
    n = as_size(n, "n")
    shown, code, b = _layout(layout)
    out = _ffi.new("struct dsa_dq_ends_result *")
    check(_lib, _lib.dsa_dq_kernel_ends(n, code, b, as_seed(seed), out))
    return EndsResult(n=n, layout=shown, push_back_ns=int(out.push_back_ns),
                      pop_front_ns=int(out.pop_front_ns),
                      push_front_ns=int(out.push_front_ns),
                      pop_back_ns=int(out.pop_back_ns), bytes=int(out.bytes),
                      ok=bool(out.ok))


def access(n: int, *, layout: Any = DEFAULT_BLOCK_SIZE, passes: int = 10,
           ops: int = 10_000, seed: int = 1) -> AccessResult:
    """Time walking and indexing a structure of n items (see AccessResult)."""
    n = as_positive(n, "n")
    passes = as_positive(passes, "passes")
    ops = as_positive(ops, "ops")
    shown, code, b = _layout(layout)
    out = _ffi.new("struct dsa_dq_access_result *")
    check(_lib, _lib.dsa_dq_kernel_access(n, code, b, passes, ops,
                                          as_seed(seed), out))
    return AccessResult(n=n, layout=shown, passes=passes, ops=ops,
                        iterate_ns=int(out.iterate_ns),
                        index_ns=int(out.index_ns), bytes=int(out.bytes),
                        blocks=int(out.blocks), ok=bool(out.ok))


def lines(n: int, *, layout: Any = DEFAULT_BLOCK_SIZE,
          seed: int = 1) -> LinesResult:
    """Count the lines one walk and one middle read touch (traced build)."""
    n = as_size(n, "n")
    shown, code, b = _layout(layout)
    ffi, lib = load(True)
    out = ffi.new("struct dsa_dq_lines_result *")
    check(lib, lib.dsa_dq_kernel_lines(n, code, b, as_seed(seed), out))
    return LinesResult(n=n, layout=shown, iterate_lines=int(out.iterate_lines),
                       index_lines=int(out.index_lines), bytes=int(out.bytes),
                       ok=bool(out.ok))


@dataclass(frozen=True)
class SweepRow:
    """One layout of :func:`sweep`: medians over ``repeat`` runs of the
    timings, the exact counts from one run."""

    layout: Layout
    fifo_ns_per_op: float         # push_back + pop_front, per operation
    front_ns_per_op: float        # push_front + pop_back, per operation
    iterate_ns_per_element: float
    index_ns_per_access: float    # random positions in the middle half
    bytes_per_element: float
    lines_per_element: float      # one walk, traced build
    ok: bool


def sweep(n: int = 1_000_000, *, layouts: Iterable[Any] = LAYOUTS,
          repeat: int = 3, ops: int = 2_000, seed: int = 1) -> List[SweepRow]:
    """Every kernel for every layout at size n: the block-size trade-off in
    one table.  Indexing a block-1 list in the middle of 10**6 items walks
    half a million nodes, so ``ops`` is kept small."""
    repeat = as_positive(repeat, "repeat")
    rows = []
    for layout in layouts:
        end_runs = [ends(n, layout=layout, seed=seed) for _ in range(repeat)]
        access_runs = [access(n, layout=layout, passes=3, ops=ops, seed=seed)
                       for _ in range(repeat)]
        counted = lines(n, layout=layout, seed=seed)
        rows.append(SweepRow(
            layout=end_runs[0].layout,
            fifo_ns_per_op=statistics.median(r.fifo_ns_per_op for r in end_runs),
            front_ns_per_op=statistics.median(
                r.front_ns_per_op for r in end_runs),
            iterate_ns_per_element=statistics.median(
                r.iterate_ns_per_element for r in access_runs),
            index_ns_per_access=statistics.median(
                r.index_ns_per_access for r in access_runs),
            bytes_per_element=access_runs[0].bytes_per_element,
            lines_per_element=counted.lines_per_element,
            ok=all(r.ok for r in end_runs + access_runs) and counted.ok))
    return rows
