"""The hash-table lesson's price of a resize: every insert timed, the
doublings found, and the amortised cost computed from them and measured."""

from __future__ import annotations

import statistics
from typing import Sequence

from rich.text import Text

from dsa.hashtable import ChainedHashTable, OpenAddressingHashTable
from dsa.timing import format_seconds

from . import hashtable_canon as hc
from .figures import Figure, count
from .hashtable_common import columns_table, hooks, quick_count
from .runner import Context, Verdict

AROUND = 100                  # inserts either side of a resize, for their median
TABLES = (("dict", None), ("ChainedHashTable", ChainedHashTable),
          ("OpenAddressingHashTable", OpenAddressingHashTable))


def _ns(value: float) -> str:
    return format_seconds(value * 1e-9)


def around(times: Sequence[int], i: int) -> tuple[float, float]:
    """Median insert time of the ``AROUND`` inserts before and after ``i``."""
    before = times[max(0, i - AROUND):i] or [times[i]]
    after = times[i + 1:i + 1 + AROUND] or [times[i]]
    return float(statistics.median(before)), float(statistics.median(after))


def ordinary_ns(g: hc.GrowthCost) -> float:
    """The mean of the inserts that did not resize."""
    others = g.total_ns - sum(g.resize_ns)
    return others / max(g.n - len(g.resizes), 1)


def computed_amortised(g: hc.GrowthCost) -> float:
    """The amortised insert cost the doubling argument predicts: an ordinary
    insert, plus the moves per insert priced at what the largest resize paid
    per key it placed again."""
    per_move = max(g.resize_ns[-1] - ordinary_ns(g), 0.0) / max(g.resizes[-1], 1)
    return ordinary_ns(g) + g.moves_per_insert * per_move


@hooks.experiment("growth_cost")
def growth_cost(ctx: Context) -> None:
    c = ctx.console
    n = quick_count(ctx, 200_000, 20_000, "inserts", " per table (the resizes come "
                    "at the same key numbers; there are fewer of them).")
    found: dict = {}
    with ctx.working("timing every insert into three growing tables"):
        for name, cls in TABLES:
            found[name] = (hc.dict_growth_cost(n) if cls is None
                           else hc.growth_cost(cls, n))
    ctx.shared["growth_cost"] = found
    g = found["OpenAddressingHashTable"]
    near = columns_table(f"OpenAddressingHashTable, the last resizes of {count(n)} "
                         "inserts of new int keys (every insert timed, clock included)",
                         ("insert #", "keys held, all placed again", f"median of {AROUND} before",
                          "the resizing insert", f"median of {AROUND} after", "x typical"))
    for i, spent in list(zip(g.resizes, g.resize_ns))[-5:]:
        before, after = around(g.times, i)
        near.add_row(count(i + 1), count(i), _ns(before), _ns(spent), _ns(after),
                     f"{spent / g.median_ns:,.0f}x")
    c.print(near)
    whole = columns_table("every insert, all resizes included (Chained, OpenAddressing: "
                          "dsa.hashtable's pure twins)",
                          ("table", "resizes", "moves per insert", "median insert",
                           "mean, no resize", "largest resize", "amortised",
                           "computed"), fold=True)
    whole.columns[0].no_wrap = True                  # the tables' names, whole
    for name, g in found.items():
        whole.add_row(name.replace("HashTable", ""), str(len(g.resizes)), f"{g.moves_per_insert:.2f}",
                      _ns(g.median_ns), _ns(ordinary_ns(g)), _ns(g.resize_ns[-1]),
                      _ns(g.amortised_ns), _ns(computed_amortised(g)))
    c.print(whole)
    c.print(Text("Moves: keys placed again by all the resizes, over n (exact). "
                 "Amortised: the sum of all the insert times over n. Computed: the "
                 "mean insert that did not resize, plus the moves per insert × what "
                 "the largest resize paid per key it moved, which holds if a resize costs in proportion to "
                 "the keys it moves. dict's resizes are "
                 "seen through sys.getsizeof, read between inserts, outside the clock.",
                 style="dim"))
    d = found["dict"]
    ctx.table(f"The price of a resize, {count(n)} inserts", [
        Figure("dict: the largest resize against a typical insert", "—",
               f"{_ns(d.resize_ns[-1])} vs {_ns(d.median_ns)}",
               f"{d.resize_ns[-1] / d.median_ns:,.0f}x"),
        Figure("dict: keys placed again per insert (exact)", "—",
               f"{d.moved:,} for {count(n)} inserts", f"{d.moves_per_insert:.2f} per insert"),
        Figure("dict: amortised insert, measured vs computed", "—",
               f"{_ns(d.amortised_ns)} vs {_ns(computed_amortised(d))}",
               f"{d.amortised_ns / d.median_ns:.2f}x a typical insert"),
    ], caption="A doubling places again every key the table holds, so the one insert "
               "that triggers it costs O(n); the doublings come at n, n/2, n/4, ..., so "
               "all of them together place fewer than 2n keys: O(1) per insert.")


@hooks.claim_on("resize_is_a_spike", "growth_cost", "the growing tables")
def resize_is_a_spike(found: dict) -> Verdict:
    spikes = {name: g.resize_ns[-1] / g.median_ns for name, g in found.items()}
    least = min(spikes, key=spikes.__getitem__)
    values = {"least": f"{spikes[least]:,.0f}x", "which": least,
              "dict": f"{spikes['dict']:,.0f}x"}
    return Verdict(spikes[least] >= 100, "largest resize / typical insert: " + ", ".join(
        f"{name} {v:,.0f}x" for name, v in spikes.items()), values)


@hooks.claim_on("amortised_stays_flat", "growth_cost", "the growing tables")
def amortised_stays_flat(found: dict) -> Verdict:
    moves = max(g.moves_per_insert for g in found.values())
    gaps = {name: g.amortised_ns / computed_amortised(g) for name, g in found.items()}
    worst = max(gaps.values(), key=lambda r: max(r, 1 / r))
    values = {"moves": f"{moves:.2f}", "gap": f"{worst:.2f}x"}
    evidence = (f"at most {values['moves']} keys placed again per insert; measured / "
                "computed amortised: " + ", ".join(f"{k} {v:.2f}x" for k, v in gaps.items()))
    if moves >= 2:
        return Verdict(False, evidence, values)
    spread = max(worst, 1 / worst)
    return Verdict(True if spread <= 1.5 else None if spread <= 2.5 else False,
                   evidence, values)
