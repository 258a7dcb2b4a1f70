"""The heap lesson's d-ary trade-off: the C twin swept over arities 2, 3, 4
and 8, with levels, comparisons and lines per push and pop from its
counters and traced build, and nanoseconds from its timed kernel.  The
measuring is :func:`dsa.lessons.heap_canon.arity_sweep`."""

from __future__ import annotations

from typing import Any
from types import ModuleType

from rich import box
from rich.table import Table

from dsa.machine import format_bytes
from dsa.timing import format_ratio

from . import heap_canon as hc
from .context import Context
from .figures import Figure, count, spread
from .heap_common import claim_on, hooks
from .verdicts import Verdict

ARITIES = (2, 3, 4, 8)

#: Items in the swept heap: 4 MiB of int64 in full mode, past a 2 MiB L2
#: (and far past the published machine's 256 KiB); 128 KiB in quick mode.
FULL_SIZE, QUICK_SIZE = 1 << 19, 1 << 14


def _ns(value: float) -> str:
    return f"{value:.1f} ns"


@hooks.native_experiment("arity_sweep", "heap", "the d-ary sweep in C")
def arity_sweep(ctx: Context, nh: ModuleType) -> None:
    size = QUICK_SIZE if ctx.quick else FULL_SIZE
    ops, counted, repeat = (5_000, 500, 1) if ctx.quick else (20_000, 2_000, 3)
    ctx.quick_note(f"a heap of {count(size)} items ({format_bytes(size * 8)}, inside "
                   f"L2 here) instead of {count(FULL_SIZE)} "
                   f"({format_bytes(FULL_SIZE * 8)}), {count(ops)} timed operations "
                   "(full: 20,000), one run each (full: median of 3).")
    with ctx.working("sweeping the arities in C"):
        rows = hc.arity_sweep(nh, size, ARITIES, ops=ops, counted=counted,
                              repeat=repeat)
    ctx.shared["arity_sweep"] = rows
    table = Table(box=box.SIMPLE, title=f"C twin, {count(size)} int64 items "
                  f"({format_bytes(size * 8)}): per push and per pop, by arity d",
                  title_justify="left")
    for col in ("d", "levels", "comparisons\npush / pop", "lines\npush / pop",
                "ns push", "ns pop (median, range)"):
        table.add_column(col, justify="right", overflow="fold")
    for r in rows:
        table.add_row(str(r.arity), str(r.levels),
                      f"{r.push_comparisons:.2f} / {r.pop_comparisons:.1f}",
                      f"{r.push_lines:.2f} / {r.pop_lines:.2f}",
                      _ns(r.push_ns),
                      spread(r.pop_runs, _ns) if len(r.pop_runs) > 1 else _ns(r.pop_ns))
    ctx.console.print(table)
    binary = rows[0]
    best = min(rows, key=lambda r: r.pop_ns)
    figures = [Figure(f"d = {r.arity}: a pop", "not published",
                      f"{r.pop_comparisons:.1f} comparisons, {r.pop_lines:.2f} lines, "
                      f"{_ns(r.pop_ns)}",
                      "the baseline" if r is binary else
                      f"binary / d={r.arity} time {format_ratio(binary.pop_ns / r.pop_ns)}, "
                      f"lines {format_ratio(binary.pop_lines / r.pop_lines)}")
               for r in rows]
    ctx.table(f"The d-ary trade-off: fastest pop here d = {best.arity}", figures,
              caption="Comparisons come from the C twin's counters (random items, the "
                      "heap refilled to its size); lines from its traced build; times "
                      "from its timed kernel, inside C. A larger heap spreads the lines "
                      "further from the cache and widens the time gaps; the counts "
                      "grow only with the levels.")


@claim_on("arity_counts_trade", "arity_sweep", "the d-ary sweep")
def arity_counts_trade(rows: Any) -> Verdict:
    push = [r.push_comparisons for r in rows]
    pop = [r.pop_comparisons for r in rows]
    lines = [r.pop_lines for r in rows]
    holds = (all(a > b for a, b in zip(push, push[1:]))
             and all(a < b for a, b in zip(pop, pop[1:]))
             and all(a > b for a, b in zip(lines, lines[1:])))
    first, last = rows[0], rows[-1]
    values = {"push2": f"{first.push_comparisons:.2f}", "push8": f"{last.push_comparisons:.2f}",
              "pop2": f"{first.pop_comparisons:.1f}", "pop8": f"{last.pop_comparisons:.1f}",
              "lines2": f"{first.pop_lines:.1f}", "lines8": f"{last.pop_lines:.1f}",
              "levels2": str(first.levels), "levels8": str(last.levels)}
    return Verdict(holds, "by arity " + ", ".join(str(r.arity) for r in rows)
                   + ": push comparisons " + " / ".join(f"{v:.2f}" for v in push)
                   + "; pop comparisons " + " / ".join(f"{v:.1f}" for v in pop)
                   + "; pop lines " + " / ".join(f"{v:.1f}" for v in lines), values)


@claim_on("arity_sweep_pop_time", "arity_sweep", "the d-ary sweep")
def arity_sweep_pop_time(rows: Any) -> Verdict:
    binary = rows[0]
    ranked = sorted(rows, key=lambda r: r.pop_ns)
    best, second = ranked[0], ranked[1]
    gain = binary.pop_ns / best.pop_ns
    values = {"best": str(best.arity), "gain": format_ratio(gain),
              "binary": _ns(binary.pop_ns), "best_ns": _ns(best.pop_ns),
              "size": count(binary.size)}
    evidence = "pop ns by arity: " + ", ".join(f"d={r.arity} {r.pop_ns:.1f}" for r in rows)
    if best.arity == 2:
        close = second.pop_ns <= 1.1 * best.pop_ns
        return Verdict(None if close else False, evidence, values)
    return Verdict(True if gain >= 1.15 else None, evidence, values)
