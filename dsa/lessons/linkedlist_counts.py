"""Steps 6 and 7 of the linked-list lesson: lines and bytes, counted.

Times are noisy; counts are not.  The traced build of the C walks counts
the distinct 64-byte lines each walk touches and how often it moves to a
new one; in full mode valgrind's cache simulation runs the same walks and
counts misses; and tracemalloc counts the bytes each layout of a million
integers holds.
"""

from __future__ import annotations

import gc
import subprocess
import sys
import threading
import tracemalloc
from array import array
from typing import Any, Callable

from rich.text import Text

from dsa.machine import format_bytes

from .figures import Figure, count
from .linkedlist_common import build_nodes, hooks, linked_classes, smaller
from .runner import Context

#: The published memory figures are for a million elements.
MEMORY_N = 1_000_000



LINE_KINDS = ("array", "array_shuffled", "nodes_pool", "nodes_shuffled", "nodes_malloc")
LINES_N = 100_000


@hooks.show("lines")
def lines(ctx: Context) -> None:
    mod = ctx.require_native("the traced walks (cache lines per element)", "linkedlist")
    if mod is None:
        return
    n = LINES_N
    rows = []
    exact: list[str] = []
    counted: dict[str, float] = {}
    for kind in LINE_KINDS:
        try:
            r = mod.lines_per_element(n, kind)
        except Exception as exc:   # the traced build alone may be missing
            ctx.console.print(Text(f"The traced build did not load: {exc}", style="yellow"))
            return
        model = mod.model_lines(n, kind)
        counted[kind] = r.lines_per_element
        exact.append(f"  {kind:<15} {r.lines:>8,} lines {r.fetches:>8,} fetches"
                     + ("" if model is None else f"   (model: {model:,} lines)"))
        rows.append(Figure(
            f"{kind}: {count(n)} values",
            "—" if model is None else f"model {count(model)} lines",
            f"{count(r.lines)} lines, {count(r.fetches)} fetches",
            f"{r.lines_per_element:.3f} lines/el, {r.fetches_per_element:.3f} fetches/el"))
    ctx.table(f"Cache lines behind one walk of {count(n)} values (traced build)", rows,
              caption="Exact counts from the instrumented build, the same on every run "
                      "and machine (malloc's placement aside). Model: ceil(8n/64) lines "
                      "for the arrays, ceil(24n/64) for pool nodes. The published "
                      "article argued this but did not count it.")
    ctx.console.print(Text("The same counts, one walk per line:", style="bold"))
    for line in exact:
        ctx.console.print(Text(line), highlight=False)
    simulated_misses(ctx, counted)


#: The walks run under the cache simulation, and their size (past its
#: simulated 1 MiB last-level cache, small enough to simulate in seconds).
CG_KINDS = ("array", "nodes_pool", "nodes_shuffled")
CG_N = 200_000
CG_KERNEL = "dsa_mem_walk"              # one count per call of the kernel
CG_FUNCTION = "walkable_sum"            # the C function that walks; not the build


#: Where the memory step leaves the simulation it started.
SIMULATION = "cachegrind_job"


class Simulation(threading.Thread):
    """The walks under valgrind's cache simulation, in a separate process
    waited on by a thread; ``found`` holds one count (or error) per walk."""

    def __init__(self) -> None:
        super().__init__(name="cache simulation")
        self.found: list = []

    def run(self) -> None:
        from . import cachegrind as cg

        code = (f"import dsa.native.linkedlist_kernels as m\n"     # the walks alone
                f"for kind in {CG_KINDS!r}: m.walk({CG_N}, kind, repeats=1)")
        try:
            self.found = cg.simulate_calls(code, dump_after=CG_KERNEL,
                                           function=CG_FUNCTION, calls=len(CG_KINDS))
        except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
            self.found = [str(exc)] * len(CG_KINDS)


def start_simulation(ctx: Context) -> Simulation:
    """Start the cache simulation of the walks (some 10 s of CPU) and return
    it.  The memory step starts it early: it runs while the bytes are counted
    and the lines traced, which time nothing, and the lines step waits for it."""
    job = Simulation()
    job.start()
    return job


def simulated_misses(ctx: Context, counted: dict[str, float]) -> None:
    """Cause, model and effect side by side: lines counted, misses simulated
    by cachegrind, nanoseconds measured."""
    from rich.table import Table

    from . import cachegrind as cg

    if ctx.quick:
        ctx.quick_note("the cache simulation of the walks under valgrind (some 10 s of CPU) is "
                       "left to full mode.")
        ctx.console.print(Text(cg.perf_counters(), style="dim"))
        return
    if cg.valgrind() is None:
        ctx.console.print(Text(cg.HOW_TO_GET, style="yellow"))
        ctx.console.print(Text(cg.perf_counters(), style="dim"))
        return
    job = ctx.shared.pop(SIMULATION, None) or start_simulation(ctx)
    with ctx.working("simulating the caches with valgrind"):
        job.join()
    found = job.found
    passes = 2                               # the warm-up pass and one timed pass
    walks = ctx.shared.get("c_walks")
    table = Table(title=f"The same walks in valgrind's cache simulation ({count(CG_N)} values; a "
                        f"simulated {format_bytes(cg.D1[0])} L1 and "
                        f"{format_bytes(cg.LL[0])} last level, no prefetcher)",
                  title_justify="left", title_style="bold", show_edge=False)
    for column in ("walk", "lines/el\ncounted", "L1 misses/el\nsimulated",
                   "last-level\nmisses/el", "ns/el\nmeasured"):
        table.add_column(column, justify="right" if "/el" in column else "left")
    simulated: dict[str, tuple[float, float]] = {}
    for kind, result in zip(CG_KINDS, found):
        measured = (f"{walks[1][kind].ns_per_element:.2f}"
                    if walks and kind in walks[1] else "—")
        if isinstance(result, str):
            table.add_row(kind, f"{counted.get(kind, 0):.3f}", "failed", "", measured)
            ctx.console.print(Text(f"cache simulation, {kind}: {result}", style="yellow"))
            continue
        d1, ll = result.per(CG_N * passes)
        simulated[kind] = (d1, ll)
        table.add_row(kind, f"{counted.get(kind, 0):.3f}", f"{d1:.3f}", f"{ll:.3f}",
                      measured)
    ctx.console.print(table)
    ctx.console.print(Text(
        "Counted in the C function that walks (the build is not counted), averaged over "
        "its two passes. Without a prefetcher the simulated cache misses once per new "
        "line, in order or not, so its misses follow the counted lines; the measured "
        "nanoseconds do not, because the real prefetcher hides the in-order misses and "
        "cannot hide the shuffled ones. " + cg.perf_counters(), style="dim"))
    ctx.shared["cachegrind"] = simulated
    ctx.closing.append(
        "simulated misses (valgrind), walks of " + count(CG_N) + " values (L1 / last-level "
        "misses per element): " + "; ".join(
            f"{kind} {d1:.3f} / {ll:.3f}" for kind, (d1, ll) in simulated.items()))


# ===========================================================================
# Step 7: memory


def traced_bytes(build: Callable[[], Any]) -> tuple[int, Any]:
    """Bytes allocated (and still held) by ``build()``, by tracemalloc."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        obj = build()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return after - before, obj


@hooks.experiment("memory")
def memory(ctx: Context) -> None:
    from . import cachegrind as cg

    if not ctx.quick and cg.valgrind() is not None and ctx.native_available():
        ctx.shared[SIMULATION] = start_simulation(ctx)   # for the lines step
    n = ctx.size(MEMORY_N // 10, 50_000)
    smaller(ctx, f"{count(n)} elements, scaled to 1,000,000 (tracemalloc slows "
            "allocation down; bytes per element do not depend on the size).")
    base = 1 << 20    # values past the small-int cache, so every int is its own object
    with ctx.working("measuring memory with tracemalloc"):
        a_bytes, a = traced_bytes(lambda: array("q", range(base, base + n)))
        l_bytes, lst = traced_bytes(lambda: list(range(base, base + n)))
        n_bytes, head = traced_bytes(lambda: build_nodes(range(base, base + n)))
        classes = linked_classes()
        d_bytes = None
        if classes is not None:
            d_bytes, dl = traced_bytes(lambda: classes[1](range(base, base + n)))
            del dl
    getsize_list = sys.getsizeof(lst) + sum(map(sys.getsizeof, lst))
    scale = MEMORY_N / n

    def mb(b: float) -> str:
        return f"{b * scale / 1e6:.1f} MB" + ("" if scale == 1 else " (scaled)")

    rows = [
        Figure(f"array.array('q'), {count(n)} ints", "8.2 MB", mb(a_bytes),
               f"{a_bytes / n:.1f} bytes/el (getsizeof {sys.getsizeof(a):,} B)"),
        Figure("Python list of int objects", "about 40 MB", mb(l_bytes),
               f"{l_bytes / n:.1f} bytes/el; {l_bytes / a_bytes:.1f}x the array "
               f"(getsizeof list + ints: {getsize_list / n:.1f} B/el)"),
        Figure("linked __slots__ Nodes (value, next) + ints", "80 MB", mb(n_bytes),
               f"{n_bytes / n:.1f} bytes/el; {n_bytes / a_bytes:.1f}x the array"),
    ]
    if d_bytes is not None:
        rows.append(Figure("dsa.linkedlist.DoublyLinkedList + ints", "—", mb(d_bytes),
                           f"{d_bytes / n:.1f} bytes/el; {d_bytes / a_bytes:.1f}x the array"))
    mod = ctx.native_module("linkedlist")
    if mod is not None:
        rows.append(Figure("C twin: 24-byte nodes {prev, next, value}", "—",
                           mb(n * mod.NODE_BYTES),
                           f"{mod.NODE_BYTES} bytes/el (+ malloc's header if malloc'd)"))
    ctx.table(f"Experiment 6: memory for {count(n)} integers", rows,
              caption="Allocated bytes still held, measured by tracemalloc (which counts "
                      "what Python asks its allocator for). Values start at 2**20 so "
                      "each int is a separate object, as in real data.")
    del a, lst, head
    gc.collect()
