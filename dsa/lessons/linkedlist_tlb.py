"""The TLB step of the linked-list lesson: 4 KiB pages against huge pages.

The same random chase as the ladder (one pointer per 64-byte line, each
load's address from the previous load) runs over one buffer on ordinary
4 KiB pages and over another that the kernel was asked to back with 2 MiB
pages (:func:`dsa.native.pages.page_chase`).  Past the reach of the TLB,
every load on 4 KiB pages first waits for a page walk; on huge pages the
TLB covers gigabytes and the walk is gone.  The difference is the page
walk's cost, set beside what the ladder says a walk of 4 (bare metal) or
24 (nested paging) dependent reads from the caches would cost.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from types import ModuleType

from rich.text import Text

from dsa.machine import format_bytes

from .figures import Figure, Ratio, spread
from .linkedlist_common import hooks, nanos
from .linkedlist_ladder import latency_at
from .runner import Context, Verdict, not_measured

MIB = 1 << 20
#: Working sets of the step (multiples of 2 MiB), and of quick mode.
TLB_SIZES = (4 * MIB, 16 * MIB, 64 * MIB)
QUICK_TLB_SIZES = (4 * MIB, 16 * MIB)
#: Hops per round, and rounds per chase (a chase reports its median round).
HOPS, ROUNDS = 100_000, 3
#: Chases of each page size at the largest working set, taken in turn.
TOP_REPEATS = 3
#: Dependent page-table reads behind one TLB miss: four levels on bare
#: metal; under nested paging each of the guest's four reads, and the final
#: guest-physical address, needs its own four-level walk of the host's
#: tables: (4 + 1) * (4 + 1) - 1.
BARE_WALK, NESTED_WALK = 4, 24
THP_SETTING = Path("/sys/kernel/mm/transparent_hugepage/enabled")


@dataclass(frozen=True)
class TlbFigures:
    """ns per hop at each working set on each page size, the share of the
    huge buffers the kernel backed with huge pages, and the repeated runs at
    the largest working set."""

    sizes: tuple
    small: tuple
    huge: tuple
    huge_share: float
    small_runs: tuple
    huge_runs: tuple
    thp: str

    @property
    def ratio(self) -> Ratio:
        """4 KiB pages over huge pages at the largest working set."""
        return Ratio.of(self.small_runs, self.huge_runs)

    @property
    def walk_ns(self) -> float:
        """What huge pages took off each load at the largest working set."""
        return statistics.median(self.small_runs) - statistics.median(self.huge_runs)


def thp_setting() -> str:
    """The kernel's transparent huge page mode ('madvise', ...), or ''."""
    try:
        text = THP_SETTING.read_text()
    except OSError:
        return ""
    start, end = text.find("["), text.find("]")
    return text[start + 1:end] if 0 <= start < end else text.strip()


def page_bars(figures: TlbFigures, width: int) -> list[str]:
    """Two bars per working set (4 KiB and 2 MiB pages), linear in ns."""
    high = max(figures.small + figures.huge) or 1.0
    lines = []
    for size, small, huge in zip(figures.sizes, figures.small, figures.huge):
        for label, value in (("4 KiB pages", small), ("2 MiB pages", huge)):
            bar = max(1, round(width * value / high))
            first = format_bytes(size) if label.startswith("4") else ""
            lines.append(f"{first:>8} {label} │{'█' * bar:<{width}} {value:7.1f} ns")
    return lines


@hooks.native_experiment("tlb", "pages", "the page-size chase (huge pages)")
def tlb(ctx: Context, pages: ModuleType) -> None:
    if not pages.huge_pages_supported():
        ctx.console.print(Text("This build cannot ask the kernel for huge pages (no "
                               "madvise), so the step has nothing to compare.",
                               style="yellow"))
        return
    sizes = QUICK_TLB_SIZES if ctx.quick else TLB_SIZES
    repeats = 2 if ctx.quick else TOP_REPEATS
    ctx.quick_note("working sets of 4 and 16 MiB, the larger chased twice on each page "
                   "size (full: 4, 16 and 64 MiB, the largest three times).")

    def chase(size: int, huge: bool) -> Any:
        return pages.page_chase(size, huge=huge, hops=HOPS, rounds=ROUNDS)
    with ctx.working("chasing pointers on 4 KiB and on 2 MiB pages"):
        small, huge = [], []
        for size in sizes[:-1]:
            small.append(chase(size, False).ns_per_hop)
            huge.append(chase(size, True).ns_per_hop)
        top_small, top_huge = [], []
        for _ in range(repeats):                 # in turn, so load falls on both
            top_small.append(chase(sizes[-1], False))
            top_huge.append(chase(sizes[-1], True))
    small_runs = tuple(r.ns_per_hop for r in top_small)
    huge_runs = tuple(r.ns_per_hop for r in top_huge)
    figures = TlbFigures(tuple(sizes), tuple(small) + (statistics.median(small_runs),),
                         tuple(huge) + (statistics.median(huge_runs),),
                         min(r.huge_share for r in top_huge), small_runs, huge_runs,
                         thp_setting())
    ctx.shared["tlb"] = figures
    ctx.console.print(Text("ns per dependent load, the same chase on two page sizes:",
                           style="bold"))
    for line in page_bars(figures, max(10, min(40, ctx.console.width - 40))):
        ctx.console.print(Text(line), highlight=False)
    top = format_bytes(sizes[-1])
    rows = [
        Figure(f"chase over {top}, 4 KiB pages", "—", spread(small_runs, nanos),
               "the baseline"),
        Figure(f"the same on 2 MiB pages ({figures.huge_share:.0%} of it granted)", "—",
               spread(huge_runs, nanos),
               f"4 KiB / 2 MiB pages: {figures.ratio.text()} now"),
    ]
    ctx.table(f"The TLB: one chase over {top} on two page sizes", rows,
              caption=f"Each chase: {HOPS:,} hops, the median of {ROUNDS} rounds; the "
                      f"largest working set is chased {repeats} times on each page size, "
                      "in turn: median (fastest–slowest). The published article did not "
                      "measure pages. Transparent huge pages on this kernel: "
                      f"{figures.thp or 'not reported'}.")
    ctx.console.print(walk_model(ctx, figures))
    ctx.closing.append(
        f"TLB: a chase over {top}, 4 KiB pages {spread(small_runs, nanos)}, 2 MiB pages "
        f"{spread(huge_runs, nanos)} ({figures.huge_share:.0%} granted): "
        f"{figures.ratio.text()}, a page walk of about {nanos(figures.walk_ns)} per load")


def walk_model(ctx: Context, figures: TlbFigures) -> Text:
    """What the page walk cost, beside what 4 or 24 dependent reads from the
    caches cost by the ladder (when the ladder ran)."""
    said = (f"A page walk cost about {nanos(figures.walk_ns)} per load here "
            f"({format_bytes(figures.sizes[-1])}, 4 KiB minus 2 MiB pages). ")
    ladder = ctx.shared.get("ladder")
    if ladder is None:
        return Text(said + "(The ladder did not run, so there is no model beside it.)")
    l1 = statistics.median(ladder.l1_runs)
    l2 = latency_at(ladder.sizes, ladder.ns, 512 << 10)
    return Text.assemble(
        ("A model from the ladder: ", "bold"), said[0].lower() + said[1:],
        f"One L1 hit costs {nanos(l1)} and one L2 hit about {nanos(l2)}, so a bare-metal "
        f"walk of {BARE_WALK} dependent reads costs {nanos(BARE_WALK * l1)} to "
        f"{nanos(BARE_WALK * l2)}, and a nested walk of {NESTED_WALK} costs "
        f"{nanos(NESTED_WALK * l1)} to {nanos(NESTED_WALK * l2)}, before any of its reads "
        "misses the caches.")


def _tlb_values(figures: TlbFigures) -> dict[str, Any]:
    small, huge = (statistics.median(figures.small_runs),
                   statistics.median(figures.huge_runs))
    return {"ratio": figures.ratio.text(), "small": nanos(small), "huge": nanos(huge),
            "walk": nanos(figures.walk_ns), "share": f"{figures.walk_ns / small:.0%}",
            "granted": f"{figures.huge_share:.0%}", "size": format_bytes(figures.sizes[-1]),
            "why": (f"the kernel backed only {figures.huge_share:.0%} of the buffer with "
                    f"huge pages (transparent huge pages: {figures.thp or 'not reported'})"
                    if figures.huge_share < 0.9 else
                    f"the runs spread too widely on this busy machine ({figures.ratio.text()})")}


def _tlb_verdict(ctx: Context, bound: float) -> Verdict:
    """The verdict on "4 KiB pages cost at least ``bound`` times huge pages";
    it cannot tell when the kernel did not grant the huge pages."""
    figures = ctx.shared.get("tlb")
    if figures is None:
        return not_measured("the page-size chase")
    values = _tlb_values(figures)
    evidence = (f"4 KiB / 2 MiB pages at {values['size']}: {values['ratio']} "
                f"({values['small']} against {values['huge']}); "
                f"{values['granted']} on huge pages")
    if figures.huge_share < 0.9:
        return Verdict(None, evidence, values)
    return Verdict(figures.ratio.at_least(bound), evidence, values)


@hooks.claim("huge_pages_help")
def huge_pages_help(ctx: Context) -> Verdict:
    return _tlb_verdict(ctx, 1.1)


#: Far loads slower than this are "hundreds of nanoseconds".
HUNDREDS_NS = 150.0


@hooks.claim("page_walks_explain_dram")
def page_walks_explain_dram(ctx: Context) -> Verdict:
    """Page walks explain the far-load latency when huge pages cut it by a
    third or more (4 KiB / 2 MiB at least 1.5x) and it was hundreds of ns."""
    verdict = _tlb_verdict(ctx, 1.5)
    figures = ctx.shared.get("tlb")
    if verdict.holds and statistics.median(figures.small_runs) < HUNDREDS_NS:
        return Verdict(False, verdict.evidence, verdict.values)
    return verdict
