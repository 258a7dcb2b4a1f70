"""Step 5 of the linked-list lesson: the latency ladder.

One random cycle of pointers, one per 64-byte line, followed inside C over
working sets from 16 KiB to 128 MiB: the cost of one dependent load at each
level of the memory hierarchy, drawn as bars with the cache sizes marked,
a small model that predicts the C walks (experiment 2) from it, and the checks
of what the ladder shows against what the machine reports.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence
from types import ModuleType

from rich.text import Text

from dsa.machine import Machine, format_bytes
from dsa.timing import format_ratio

from .figures import Figure, Ratio, spread
from .linkedlist_common import (PUB_CHASE_VS_SEQ, PUB_DRAM, PUB_GIB_WALK, PUB_L1,
                                hooks, nanos, smaller)
from .per_op import REPEATS
from .runner import Context, Verdict, not_measured

#: The ladder's chart, saved only with --charts DIR.
SVG_NAME = "latency-ladder.svg"
#: The largest working set of the full ladder.
LADDER_TOP = 128 << 20



def ladder_bars(sizes: Sequence[int], ns: Sequence[float], machine: Machine,
                *, width: int = 40) -> list[str]:
    """One text line per working set, a log-scale bar of ns per load, with a
    marker line where a cache level of ``machine`` ends."""
    low = min(min(ns), 1.0) / 2
    high = max(ns)
    span = math.log(high / low) or 1.0
    lines: list[str] = []
    marks = sorted((c.size_bytes, c.label) for c in machine.caches)
    for size, value in zip(sizes, ns):
        while marks and size > marks[0][0]:
            s, label = marks.pop(0)
            lines.append(f"{'':>9} ┄┄ {label} {format_bytes(s)} ends here ┄┄")
        bar = max(1, round(width * math.log(value / low) / span))
        lines.append(f"{format_bytes(size):>9} │{'█' * bar:<{width}} {value:7.2f} ns")
    return lines


def ladder_svg(sizes: Sequence[int], ns: Sequence[float], machine: Machine) -> str:
    """The ladder as a standalone SVG chart (plain SVG text, no plotting library):
    log-scale ns per load against working-set size, cache sizes as dashed lines."""
    w, h, left, right, top, bottom = 720, 400, 70, 20, 40, 60
    x0, x1 = math.log2(min(sizes)), math.log2(max(sizes))
    y0, y1 = math.log10(min(min(ns), 1.0) / 1.5), math.log10(max(ns) * 1.5)

    def x(size: float) -> float:
        return left + (math.log2(size) - x0) / ((x1 - x0) or 1) * (w - left - right)

    def y(value: float) -> float:
        return h - bottom - (math.log10(value) - y0) / ((y1 - y0) or 1) * (h - top - bottom)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{left}" y="22" font-size="15" font-weight="bold">'
           f'Latency ladder: ns per dependent load (log scale)</text>',
           f'<line x1="{left}" y1="{h - bottom}" x2="{w - right}" y2="{h - bottom}" stroke="black"/>',
           f'<line x1="{left}" y1="{top}" x2="{left}" y2="{h - bottom}" stroke="black"/>']
    for decade in range(math.floor(y0), math.ceil(y1) + 1):
        v = 10.0 ** decade
        if y0 <= decade <= y1:
            out.append(f'<line x1="{left}" y1="{y(v):.1f}" x2="{w - right}" y2="{y(v):.1f}" '
                       f'stroke="#ddd"/><text x="{left - 6}" y="{y(v) + 4:.1f}" '
                       f'text-anchor="end">{v:g} ns</text>')
    for c in machine.caches:
        if min(sizes) <= c.size_bytes <= max(sizes):
            cx = x(c.size_bytes)
            near_right = cx > w - right - 90        # put the label on the left
            tx, anchor = (cx - 3, "end") if near_right else (cx + 3, "start")
            out.append(f'<line x1="{cx:.1f}" y1="{top}" x2="{cx:.1f}" y2="{h - bottom}" '
                       f'stroke="#c33" stroke-dasharray="4 3"/><text x="{tx:.1f}" '
                       f'y="{top + 12}" fill="#c33" text-anchor="{anchor}">'
                       f'{c.label} {format_bytes(c.size_bytes)}</text>')
    points = " ".join(f"{x(s):.1f},{y(v):.1f}" for s, v in zip(sizes, ns))
    out.append(f'<polyline points="{points}" fill="none" stroke="#1f5fa8" stroke-width="2"/>')
    for i, (s, v) in enumerate(zip(sizes, ns)):
        out.append(f'<circle cx="{x(s):.1f}" cy="{y(v):.1f}" r="3" fill="#1f5fa8"/>')
        if i % 2 == 0 or i == len(sizes) - 1:
            out.append(f'<text x="{x(s):.1f}" y="{h - bottom + 16}" text-anchor="middle">'
                       f'{format_bytes(s)}</text>')
    out.append(f'<text x="{w / 2:.0f}" y="{h - 18}" text-anchor="middle">working set '
               f'({_xml(machine.cpu)})</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@hooks.native_experiment("ladder", "linkedlist",
                        "the latency ladder (pointer chase inside C)")
def ladder(ctx: Context, mod: ModuleType) -> None:
    if ctx.quick:
        sizes = tuple(s for s in mod.DEFAULT_LADDER_SIZES
                      if s in (16 << 10, 128 << 10, 1 << 20, 8 << 20, 32 << 20))
        loads = 1 << 18
        ctx.quick_note("5 working sets from 16 KiB to 32 MiB, 262,144 loads each, the "
                       "ends measured twice (full: 16 KiB to 128 MiB in powers of two, "
                       "the ends three times); 32 MiB may not be past the last-level "
                       "cache of every machine.")
    else:
        sizes = tuple(s for s in mod.DEFAULT_LADDER_SIZES if s <= LADDER_TOP)
        loads = 1 << 19                 # a sample of the cycle: latency, not coverage
        smaller(ctx, f"working sets from 16 KiB to {format_bytes(LADDER_TOP)}, to fit the "
                "time budget (building a random cycle over 256 MiB takes longer than "
                "chasing it); python -m dsa.bench linkedlist climbs to 256 MiB, and "
                "latency_ladder(LADDER_SIZES) in dsa.native.linkedlist to 1 GiB.")
    with ctx.working("climbing the latency ladder"):
        result = mod.latency_ladder(sizes, loads=loads)
        # the two ends again, so that the ratio between them has a spread
        ends = (result.sizes[0], result.sizes[-1])
        again = {size: [mod.pointer_chase(size, loads=loads).ns_per_load
                        for _ in range(ctx.size(REPEATS, 2) - 1)] for size in ends}
        seq_n = ctx.size(LADDER_TOP // 8, 1 << 22)  # 128 MiB of int64 / 32 MiB
        seq = mod.walk(seq_n, "array", repeats=REPEATS)
    ctx.console.print(Text("ns per dependent load (log scale), working set from "
                           "L1 to main memory:", style="bold"))
    bar_width = max(10, min(40, ctx.console.width - 32))
    for line in ladder_bars(result.sizes, result.ns_per_load, ctx.machine,
                            width=bar_width):
        ctx.console.print(Text(line), highlight=False)
    l1_runs = [result.l1_ns_per_load] + again[ends[0]]
    dram_runs = [result.dram_ns_per_load] + again[ends[1]]
    seq_runs = [p / seq.n for p in seq.pass_ns]
    l1, dram = statistics.median(l1_runs), statistics.median(dram_runs)
    seq_ns = statistics.median(seq_runs)
    ctx.shared["ladder"] = LadderFigures(result.sizes, result.ns_per_load,
                                         tuple(l1_runs), tuple(dram_runs),
                                         tuple(seq_runs))
    # A fair "random vs sequential" compares per 8-byte element: a chase
    # load per element against a sequential walk per element.
    rows = [
        Figure(f"follow one pointer, {format_bytes(result.sizes[0])} working set (L1)",
               f"{PUB_L1 * 1e9:.2f} ns", spread(l1_runs, nanos), "the baseline"),
        Figure(f"follow one pointer, {format_bytes(result.sizes[-1])} working set",
               f"{PUB_DRAM * 1e9:.1f} ns", spread(dram_runs, nanos),
               f"memory / L1: {format_ratio(PUB_DRAM / PUB_L1)} published · "
               f"{Ratio.of(dram_runs, l1_runs).text()} now"),
        Figure(f"walk a contiguous {format_bytes(seq_n * 8)} int64 array in order",
               "0.62 ns/el (1 GiB)", spread(seq_runs, nanos) + "/el",
               f"random chase / sequential: {format_ratio(PUB_CHASE_VS_SEQ)} published · "
               f"{Ratio.of(dram_runs, seq_runs).text()} now"),
    ]
    ctx.table("Experiment 5: the latency ladder", rows,
              caption="Each chase load's address comes from the previous load (one "
                      "random cycle, one pointer per 64-byte line), as in a scattered "
                      "linked list. The two ends are measured "
                      f"{ctx.size(REPEATS, 2)} times: median (fastest–slowest). "
                      "'Random chase / sequential' divides the largest working set's latency by the "
                      "sequential walk's time per element."
                      + f" The sequential walk covers {format_bytes(seq_n * 8)} instead of "
                        "1 GiB, to fit the time budget (per element it is the same once "
                        "far past the last-level cache)."
                      + ("" if ctx.quick else f" {loads:,} loads per working set."))
    ctx.console.print(ladder_model(ctx, l1, dram, seq_ns, result))
    if ctx.charts is not None:
        path = ctx.charts / SVG_NAME
        try:
            ctx.charts.mkdir(parents=True, exist_ok=True)
            path.write_text(ladder_svg(result.sizes, result.ns_per_load, ctx.machine),
                            encoding="utf-8")
            ctx.console.print(Text.assemble(("chart: ", "bold"),
                                            f"the ladder as an SVG is saved in {path}."))
        except OSError as exc:
            ctx.console.print(Text(f"(could not save the SVG chart: {exc})", style="dim"))


@dataclass(frozen=True)
class LadderFigures:
    """What the ladder step leaves for its claims: every working set's ns per
    load, and the repeated ends (L1, main memory) and sequential walk."""

    sizes: tuple
    ns: tuple
    l1_runs: tuple
    dram_runs: tuple
    seq_runs: tuple


def latency_at(sizes: Sequence[int], ns: Sequence[float], size: int) -> float:
    """The ladder's latency at ``size``, interpolated on log2(size)."""
    points = sorted(zip(sizes, ns))
    if size <= points[0][0]:
        return points[0][1]
    for (s0, v0), (s1, v1) in zip(points, points[1:]):
        if s0 <= size <= s1:
            f = (math.log2(size) - math.log2(s0)) / ((math.log2(s1) - math.log2(s0)) or 1)
            return v0 + f * (v1 - v0)
    return points[-1][1]


def ladder_model(ctx: Context, l1: float, dram: float, seq_ns: float, result: Any) -> Any:
    """A small cost model: each walk's time per element predicted from the
    ladder, beside the time measured in experiment 2, and the chase-vs-sequential
    ratio split into its two factors for both machines."""
    from rich.table import Table

    table = Table(title="A model from the ladder: what each walk should cost",
                  title_justify="left", title_style="bold", show_edge=False)
    table.add_column("walk, per element")
    table.add_column("model", justify="right")
    table.add_column("measured", justify="right", style="cyan")
    walks = ctx.shared.get("c_walks")
    if walks is not None:
        n, results = walks
        table.add_row("in-order pool nodes: one dependent L1 hit",
                      nanos(l1), nanos(results["nodes_pool"].ns_per_element))
        size = n * 24
        table.add_row(f"shuffled nodes: a chase over {format_bytes(size)}",
                      nanos(latency_at(result.sizes, result.ns_per_load, size)),
                      nanos(results["nodes_shuffled"].ns_per_element))
    table.add_row("chase / sequential, published: 81.5 ns / 0.62 ns",
                  format_ratio(PUB_DRAM / PUB_GIB_WALK), format_ratio(PUB_CHASE_VS_SEQ))
    table.add_row(f"chase / sequential, now: {nanos(dram)} / {nanos(seq_ns)}",
                  format_ratio(dram / seq_ns), format_ratio(dram / seq_ns))
    return table


#: The most a hit in any cache level costs on current hardware (an L3 hit is
#: some 10 to 50 ns); a plateau above it is main memory, whatever the
#: reported cache size says.
LLC_HIT_MAX_NS = 100.0


def cache_steps(sizes: Sequence[int], ns: Sequence[float],
                machine: Machine) -> list[tuple[str, str]]:
    """Each cache level's evidence on the ladder: (level, finding), where the
    finding starts with 'step', or with 'no' when the ladder contradicts the
    level, or with 'beyond' when the ladder does not reach past it."""
    points = sorted(zip(sizes, ns))
    found: list[tuple[str, str]] = []
    previous = 0
    for index, cache in enumerate(sorted(machine.caches, key=lambda c: c.size_bytes)):
        label = f"{cache.label} {format_bytes(cache.size_bytes)}"
        inside = [v for s, v in points if s <= cache.size_bytes // 2]
        outside = [v for s, v in points if s >= cache.size_bytes * 2]
        flat = [v for s, v in points if 2 * previous <= s <= cache.size_bytes // 2]
        previous = cache.size_bytes
        if index > 0 and flat and statistics.median(flat) > LLC_HIT_MAX_NS:
            found.append((label, f"no hits inside it: {min(flat):.1f} to {max(flat):.1f} ns "
                                 "there, main-memory latencies"))
            continue
        if not outside or not inside:
            found.append((label, f"beyond the ladder (it spans "
                                 f"{format_bytes(points[0][0])} to {format_bytes(points[-1][0])})"))
            continue
        step = outside[0] / inside[-1]
        if index > 0 and len(flat) >= 2 and max(flat) / min(flat) > 2.0:
            found.append((label, f"no plateau inside it: {min(flat):.1f} to {max(flat):.1f} ns"))
        elif step >= 1.4:
            found.append((label, f"step: {inside[-1]:.1f} ns inside, {outside[0]:.1f} ns past it"))
        else:
            found.append((label, f"no step: {inside[-1]:.1f} ns inside, {outside[0]:.1f} ns past it"))
    return found


def virtual_machine() -> bool | None:
    """Whether the CPU reports running under a hypervisor (Linux), or None."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("flags"):
                return " hypervisor" in line
    except OSError:
        pass
    return None


@hooks.claim("ladder_steps_at_caches")
def ladder_steps_at_caches(ctx: Context) -> Verdict:
    ladder = ctx.shared.get("ladder")
    if ladder is None:
        return not_measured("the latency ladder")
    found = cache_steps(ladder.sizes, ladder.ns, ctx.machine)
    checked = [f for f in found if not f[1].startswith("beyond")]
    evidence = "; ".join(f"{label}: {finding}" for label, finding in found)
    vm = virtual_machine()
    values = {"findings": evidence,
              "vm": {True: "This machine's CPU says it runs under a hypervisor.",
                     False: "This machine's CPU does not report a hypervisor.",
                     None: ""}[vm]}
    if not checked:
        return Verdict(None, evidence, values)
    return Verdict(all(f.startswith("step") for _, f in checked), evidence, values)


@hooks.claim("memory_vs_l1")
def memory_vs_l1(ctx: Context) -> Verdict:
    ladder = ctx.shared.get("ladder")
    if ladder is None:
        return not_measured("the latency ladder")
    ratio = Ratio.of(ladder.dram_runs, ladder.l1_runs)
    above, below = ratio.at_least(10), ratio.at_most(1000)
    holds = None if None in (above, below) else (above and below)
    return Verdict(holds, f"main memory / L1 {ratio.text()}", {"ratio": ratio.text()})


@hooks.claim("sequential_under_a_nanosecond")
def sequential_under_a_nanosecond(ctx: Context) -> Verdict:
    ladder = ctx.shared.get("ladder")
    if ladder is None:
        return not_measured("the sequential walk")
    runs = ladder.seq_runs
    holds = True if max(runs) < 1 else False if min(runs) >= 1 else None
    return Verdict(holds, f"sequential walk {spread(runs, nanos)} per element",
                   {"seq": spread(runs, nanos)})
