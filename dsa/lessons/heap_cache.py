"""The heap lesson underneath: binary against 4-ary heaps in C, timed
inside C, counted in cache lines by the traced build and in simulated
misses by valgrind."""

from __future__ import annotations

import statistics
from typing import Any
from types import ModuleType

from rich import box
from rich.table import Table
from rich.text import Text

from dsa.machine import format_bytes
from dsa.timing import format_ratio

from .context import Context
from .figures import Figure, count, ratio_pair
from .heap_canon import levels
from .heap_common import claim_on, hooks
from .verdicts import Verdict, threshold


# ===========================================================================
# Experiment 5: binary vs 4-ary in C, cache line by cache line


#: The largest cache the heap sizes follow.  A virtual machine may report the
#: host's whole last-level cache (hundreds of MiB, shared with every guest);
#: sizing heaps from it would take minutes and prove nothing about a core's
#: share, so a larger report is read as this much, and the lesson says so.
MAX_CACHE_BYTES = 32 << 20


def _sizes_for(ctx: Context) -> list[tuple[int, str]]:
    """Heap sizes (items) from L1 to main memory, each with where it fits."""
    machine = ctx.machine if ctx.machine.caches else ctx.published
    caches = [(cache.label, min(cache.size_bytes, MAX_CACHE_BYTES))
              for cache in machine.caches]
    if not caches:
        caches = [("L1d", 32 << 10), ("L2", 256 << 10), ("L3", 9 << 20)]
    sizes: list[tuple[int, str]] = []
    for label, size_bytes in caches:
        items = 1 << ((size_bytes // 2 // 8).bit_length() - 1)  # half the cache
        sizes.append((items, label))
    last_label, last = caches[-1]
    dram_items = 1 << ((last * 4 // 8).bit_length() - 1)
    if ctx.quick:
        dram_items = max(sizes[-1][0] * 2, 1 << ((last * 2 // 8).bit_length() - 1))
    sizes.append((dram_items, f"RAM, {(dram_items * 8) // last}x {last_label}"))
    return sizes


@hooks.native_experiment("cache_lines", "heap",
                        "binary vs 4-ary heaps in C (times and cache lines)")
def cache_lines(ctx: Context, nh: ModuleType) -> None:
    c = ctx.console

    sizes = _sizes_for(ctx)
    ops = 20_000 if ctx.quick else 100_000
    seeds = (1, 2, 3)
    line_ops = 2_000 if ctx.quick else 10_000
    ctx.quick_note(f"{count(ops)} timed operations per size (full: 100,000), up to "
                   f"{count(line_ops)} traced (full: 10,000), and the largest heap is "
                   f"{format_bytes(sizes[-1][0] * 8)} instead of 4x the last cache.")
    clipped = [cache for cache in ctx.machine.caches if cache.size_bytes > MAX_CACHE_BYTES]
    if clipped:
        c.print(Text.assemble(("smaller: ", "bold yellow"),
                f"this machine reports {', '.join(f'{x.label} {format_bytes(x.size_bytes)}' for x in clipped)}"
                f", more than one core's share on any current CPU (a virtual machine "
                f"often reports the host's whole cache); the heap sizes treat it as "
                f"{format_bytes(MAX_CACHE_BYTES)}."))
    probe = nh.DaryHeap(range(16), arity=4)
    offset = probe.array_offset
    if offset is not None:
        c.print(f"The C twin's array starts {offset} bytes into a 64-byte line, so "
                f"item 1 starts the next line: the 4 children of item i "
                f"(4i+1..4i+4) start {8 * 4} × i bytes after it, always filling the "
                "first or the second half of one line; a binary family (2i+1, 2i+2) "
                "fills a quarter.")
    table = Table(box=box.SIMPLE, title="C twins, int64 items: ns per operation and "
                  "distinct 64-byte lines per operation, binary (d=2) vs 4-ary (d=4)",
                  title_justify="left")
    for col in ("items", "array", "fits in", "push ns\nd=2 / d=4", "pop ns\nd=2 / d=4",
                "lines/push\nd=2 / d=4", "lines/pop\nd=2 / d=4"):
        table.add_column(col, justify="right", overflow="fold")
    results: dict[int, dict[int, tuple[float, float, float, float]]] = {}
    with ctx.working("timing the C heaps"):
        for size, where in sizes:
            per = {}
            # Alternate the two arities run by run, so that a burst of noise
            # from elsewhere on the machine hits both alike; take medians.
            runs: dict[int, list] = {2: [], 4: []}
            for seed in seeds:
                for arity in (2, 4):
                    result = nh.op_cost(size, arity=arity, ops=min(ops, 4 * size),
                                        seed=seed)
                    if not result.ok:
                        raise AssertionError("the C op_cost kernel reported a broken heap")
                    runs[arity].append(result)
            for arity in (2, 4):
                push_ns = statistics.median(r.push_ns for r in runs[arity])
                pop_ns = statistics.median(r.pop_ns for r in runs[arity])
                # Few enough operations that the heap stays a random heap (a
                # long run of pop-then-push drifts towards large items, and a
                # fresh item then climbs further than it would).
                lines = nh.lines_per_op(size, arity=arity,
                                        ops=min(line_ops, max(256, size // 8)))
                if not lines.ok:
                    raise AssertionError("the C lines kernel reported a problem")
                per[arity] = (push_ns, pop_ns, lines.push_lines, lines.pop_lines)
            results[size] = per
            b, q = per[2], per[4]
            table.add_row(count(size), format_bytes(size * 8), where,
                          f"{b[0]:.1f} / {q[0]:.1f}", f"{b[1]:.1f} / {q[1]:.1f}",
                          f"{b[2]:.2f} / {q[2]:.2f}", f"{b[3]:.2f} / {q[3]:.2f}")
    c.print(table)
    c.print("This machine's caches: "
            + ", ".join(f"{cache.label} {format_bytes(cache.size_bytes)}"
                        for cache in ctx.machine.caches)
            + f"; {ctx.machine.line_bytes}-byte lines. Levels below the root: "
            + ", ".join(f"{count(size)} items: {levels(size, 2)} binary, "
                        f"{levels(size, 4)} 4-ary" for size, _ in (sizes[0], sizes[-1]))
            + ".")
    rows = []
    for size, where in (sizes[0], sizes[-1]):
        b, q = results[size][2], results[size][4]
        rows.append(Figure(f"pop, {count(size)} items (fits in {where})", "not published",
                           f"{b[1]:.1f} ns binary · {q[1]:.1f} ns 4-ary",
                           ratio_pair("binary / 4-ary time", None, b[1] / q[1])))
        rows.append(Figure(f"lines per pop, {count(size)} items", "not published",
                           f"{b[3]:.2f} binary · {q[3]:.2f} 4-ary",
                           ratio_pair("binary / 4-ary lines", None, b[3] / q[3])))
    ctx.shared["cache_lines"] = (results[sizes[-1][0]], sizes[-1])
    simulated_heap_misses(ctx, results)
    small_pop, big_pop = results[sizes[0][0]][2][1], results[sizes[-1][0]][2][1]
    rows.append(Figure("binary pop: main memory vs L1-sized heap", "not published",
                       f"{big_pop:.0f} ns vs {small_pop:.0f} ns",
                       ratio_pair("", None, big_pop / small_pop)))
    ctx.table("Experiment 5: binary vs 4-ary heap in C", rows,
              caption="Times are medians measured inside C (no cffi call per "
                      "operation); line counts come from the traced build of the "
                      "same source and include the heap's one-line header. The "
                      "nanoseconds move with whatever else the machine is doing "
                      "(main-memory times most of all); the line counts do not.")


#: The heap the cache simulation runs (2 MiB of items, past its simulated
#: 1 MiB last level), and the two amounts of work whose difference it reads.
CG_SIZE = 1 << 18
CG_OPS = 20_000


def simulated_heap_misses(ctx: Context, results: dict) -> None:
    """Simulated L1 and last-level misses per pop-and-push, binary and
    4-ary, beside the traced lines: the same kernel run twice with CG_OPS
    and 2 x CG_OPS operations, so that building the heap cancels out."""
    from . import cachegrind as cg

    call = "m.op_cost({size}, arity={d}, ops={ops}, seed=1)"
    pairs = [(call.format(size=CG_SIZE, d=d, ops=CG_OPS),
              call.format(size=CG_SIZE, d=d, ops=2 * CG_OPS)) for d in (2, 4)]
    # each op of the kernel is two pops and two pushes (a phase of each, then
    # pairs): CG_OPS more ops are 2 x CG_OPS pop-and-pushes
    found = cg.lesson_differences(ctx, "the heaps", "dsa.native.heap",
                                  "dsa_heap_kernel_op_cost", pairs, [2 * CG_OPS] * 2)
    if found is None:
        return
    per_pair = dict(zip((2, 4), found))
    ctx.shared["heap_cachegrind"] = per_pair
    ctx.console.print(Text.assemble(
        ("Simulated misses (valgrind, 32 KiB L1, 1 MiB last level, no prefetcher), ", "bold"),
        f"a heap of {count(CG_SIZE)} items ({format_bytes(CG_SIZE * 8)}), per pop-and-push: "
        f"binary {per_pair[2][0]:.2f} L1 / {per_pair[2][1]:.2f} last-level, 4-ary "
        f"{per_pair[4][0]:.2f} / {per_pair[4][1]:.2f}; the difference of two runs of "
        f"the kernel ({count(CG_OPS)} and {count(2 * CG_OPS)} operations), so building "
        "the heap is not counted; the fresh values' array adds its own 1/8 of a line "
        "an operation."), highlight=False)
    ctx.closing.append(
        f"simulated misses (valgrind), heap of {count(CG_SIZE)} items, per pop-and-push "
        f"(L1 / last level): binary {per_pair[2][0]:.2f} / {per_pair[2][1]:.2f}, "
        f"4-ary {per_pair[4][0]:.2f} / {per_pair[4][1]:.2f}")


@claim_on("four_ary_wins_past_cache", "cache_lines", "the C heaps")
def four_ary_wins_past_cache(found: Any) -> Verdict:
    per, (size, where) = found
    time_ratio = per[2][1] / per[4][1]
    line_ratio = per[2][3] / per[4][3]
    return Verdict(threshold(time_ratio, 1.15, 1.0), f"{count(size)} items ({where}): binary / 4-ary pop time "
                   f"{format_ratio(time_ratio)}, lines {format_ratio(line_ratio)}",
                   {"time": format_ratio(time_ratio), "lines": format_ratio(line_ratio)})
