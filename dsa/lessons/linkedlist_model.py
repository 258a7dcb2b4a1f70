"""The linked-list lesson's cost model step: why its two ratios moved.

A random chase over a sequential walk is one far load against one
streamed element; shuffled over in-order Python visits is the interpreter
plus a chain of far loads, over the interpreter alone.  The prices are
read off the published figures for the articles' machine and, for this
one, off what the ladder, the TLB and the shuffled-array steps measured,
plus two short timings here: the C walk over an array that sits in L1 (the
loop's price) and a sequential read (the bus's).  The model functions are
in :mod:`dsa.lessons.cost_model`.
"""

from __future__ import annotations

import statistics
from typing import Any

from rich.markup import escape
from rich.text import Text

from dsa.machine import format_bytes
from dsa.timing import format_ratio

from . import cost_model as cm
from .figures import Figure, Ratio, count
from .linkedlist_common import hooks, nanos
from .linkedlist_ladder import latency_at
from .per_op import REPEATS
from .runner import Context, Verdict, not_measured

#: The loop's price: a C array walk of 32 KiB, which sits in L1.
LOOP_N = 4096
#: The bus's price: a sequential read of this many bytes, in quick mode too
#: (a smaller read, repeated, is partly served by a large shared L3).
READ_BYTES = 128 << 20


def this_machine_walk_costs(ladder: Any, visits: tuple, visits_n: int, loop: float,
                            bandwidth: float, tlb: Any = None) -> cm.WalkCosts:
    """The walk prices on this machine: the far load from the ladder's
    largest working set, the visit's far load from the ladder at the visits'
    working set, the interpreter from the in-order visits (seconds; the
    ladder's figures are in ns)."""
    r_in, _ = visits
    ws = visits_n * cm.VISIT_BYTES
    return cm.WalkCosts(
        far=statistics.median(ladder.dram_runs) * 1e-9, loop=loop, bandwidth=bandwidth,
        visit=statistics.median(r_in),
        # no smaller working set can cost more than the largest: where a busy
        # machine's ladder says so, its noise does
        visit_far=min(latency_at(ladder.sizes, ladder.ns, ws),
                      statistics.median(ladder.dram_runs)) * 1e-9,
        page_walk=(tlb.walk_ns * 1e-9 if tlb is not None and tlb.huge_share >= 0.9
                   and tlb.walk_ns > 0 else None),       # only a walk huge pages showed
        sources={"far": f"the ladder at {format_bytes(ladder.sizes[-1])}",
                 "stream": f"the larger of a C walk of {count(LOOP_N)} int64 (in L1) "
                           "and 8 bytes at the read bandwidth",
                 "visit": f"values[i] for {count(visits_n)} indices in order",
                 "visit far": f"the ladder at the visits' {format_bytes(ws)}"})


def measured_ratios(shared: dict) -> tuple[Ratio | None, Ratio | None]:
    """The two ratios as their steps measured them (None where not run)."""
    ladder, visits = shared.get("ladder"), shared.get("python_shuffled")
    chase = Ratio.of(ladder.dram_runs, ladder.seq_runs) if ladder is not None else None
    shuffled = Ratio.of(visits[1], visits[0]) if visits is not None else None
    return chase, shuffled


def _median(ratio: Ratio | None) -> float | None:
    return ratio.median if ratio is not None else None


@hooks.experiment("ratio_model")
def ratio_model(ctx: Context) -> None:
    pub = cm.published_walk_costs()
    ladder, visits = ctx.shared.get("ladder"), ctx.shared.get("python_shuffled")
    visits_n = ctx.shared.get("python_shuffled_n")      # the size those visits used
    mod = ctx.native_module("linkedlist")
    now = None
    if mod is not None and ladder is not None and visits is not None and visits_n:
        read_bytes = READ_BYTES
        with ctx.working("pricing a looped and a streamed element"):
            walk = mod.walk(LOOP_N, "array", repeats=REPEATS)
            read = mod.read_bandwidth(read_bytes, repeats=REPEATS)
        loop = statistics.median(walk.pass_ns) / LOOP_N * 1e-9
        bandwidth = read_bytes / (statistics.median(read.pass_ns) * 1e-9)
        now = this_machine_walk_costs(ladder, visits, visits_n,
                                      loop, bandwidth, ctx.shared.get("tlb"))
    chase, shuffled = measured_ratios(ctx.shared)
    predictions = cm.walk_predictions(pub, now, chase_now=_median(chase),
                                      shuffled_now=_median(shuffled))
    ctx.shared["ratio_model"] = {
        "pub": pub, "now": now, "predictions": predictions, "chase": chase,
        "shuffled": shuffled,
        "seq": statistics.median(ladder.seq_runs) * 1e-9 if ladder is not None else None}
    cm.show_model(
        ctx, prices_title="The walks' unit prices, on the articles' machine (read off "
                          "published figures) and on this one (measured)",
        prices=price_rows(pub, now), pub=pub, now=now,
        predictions_title="The two ratios: the model's prediction beside the "
                          "measurement, on each machine",
        predictions=predictions,
        predictions_caption="chase / sequential = far load / streamed element; "
                            f"shuffled / in order = (visit + {cm.VISIT_CHAIN} far "
                            "loads) / visit. measured / model near 1.00x: the prices "
                            "explain the ratio.",
        needs="the C twin, the ladder and the shuffled visits, which did not all run "
              "in this session (run the whole lesson)",
        explain=lambda now: why_they_moved(pub, now, predictions))


def price_rows(pub: cm.WalkCosts, now: cm.WalkCosts | None) -> list[Figure]:
    """Each price on both machines."""
    def row(what: str, theirs: float | None, mine: float | None) -> Figure:
        return Figure(what, "—" if theirs is None else nanos(theirs * 1e9),
                      "—" if mine is None else nanos(mine * 1e9),
                      "" if mine is None or not theirs else
                      f"now / published: {format_ratio(mine / theirs)}")
    got = now is not None
    rows = [row("far: one dependent load past the caches", pub.far,
                now.far if now else None)]
    if got and now.page_walk is not None:
        rows.append(row("  of it, the page walk (4 KiB minus 2 MiB pages)", None,
                        now.page_walk))
    rows += [row("loop: one int64 of a C walk in L1", pub.loop, now.loop if now else None),
             row("bus: 8 bytes at the sequential read bandwidth", pub.stream,
                 cm.INT64_BYTES / now.bandwidth if now else None),
             row("stream: one int64 walked in order (loop or bus)", pub.stream,
                 now.stream if now else None),
             row(escape("visit: values[i] in order, Python"), pub.visit,
                 now.visit if now else None),
             row("visit far: one dependent load at the visits' working set",
                 pub.visit_far, now.visit_far if now else None)]
    return rows


def why_they_moved(pub: cm.WalkCosts, now: cm.WalkCosts,
                   predictions: list[cm.Prediction]) -> Text:
    """Each ratio's move split into its prices' moves, beside the move
    measured."""
    chase, shuffled = predictions

    def moved(p: cm.Prediction) -> str:
        said = f"by the model {format_ratio((p.model_now or 0) / p.model_published)}"
        if p.measured_now is None or not p.published:
            return said
        return said + f", measured {format_ratio(p.measured_now / p.published)}"
    walk = ("" if now.page_walk is None else
            f" ({nanos(now.page_walk * 1e9)} of it the page walk, by the TLB step)")
    return Text.assemble(
        ("Why the ratios moved: ", "bold"),
        f"a far load costs {format_ratio(now.far / pub.far)} what it did on the "
        f"article's machine{walk} and a streamed element "
        f"{format_ratio(now.stream / pub.stream)}, so chase / sequential moves "
        f"{moved(chase)}. A Python visit costs {format_ratio(now.visit / pub.visit)} "
        "and a far load at the visits' working set "
        f"{format_ratio(now.visit_far / pub.visit_far)}, so shuffled / in order moves "
        f"{moved(shuffled)}: slower memory and a faster interpreter both raise it.")


#: What a claim about this machine says when its prices were not measured.
NO_PRICES = "this machine's walk prices (the C twin, the ladder, the shuffled visits)"


@hooks.claim_on("ratio_model_fits_article", "ratio_model", "the cost model")
def ratio_model_fits_article(found: dict) -> Verdict:
    misses, values = cm.article_misses(found["predictions"], ("chase", "shuffled"))
    holds = cm.combine([cm.within(m) for m in misses])
    return Verdict(holds, f"from the published prices: chase / sequential "
                   f"{values['chase_model']} (published {values['chase_pub']}), shuffled "
                   f"/ in order {values['shuffled_model']} (published "
                   f"{values['shuffled_pub']})", values)


def reaches(ratio: Ratio, model: float) -> bool:
    """Whether the range a measured ratio could take comes within a clear
    miss of the model's value (then its median alone cannot say it missed)."""
    return model > 0 and ratio.low / model <= cm.MISSES and ratio.high / model >= 1 / cm.MISSES


@hooks.claim_on("ratio_model_fits_here", "ratio_model", NO_PRICES)
def ratio_model_fits_here(found: dict) -> Verdict:
    if found["now"] is None:
        return not_measured(NO_PRICES)
    now = found["now"]
    chase, shuffled = found["predictions"]
    misses = [chase.miss(), shuffled.miss()]
    verdicts = [cm.within(m) if m else None for m in misses]
    noisy = []
    for i, (p, ratio) in enumerate(zip((chase, shuffled), (found["chase"], found["shuffled"]))):
        if verdicts[i] is False and ratio is not None and reaches(ratio, p.model_now or 0):
            verdicts[i] = None                    # this run's spread is too wide
            noisy.append(f"{p.what} measured {ratio.text()}")
    holds = cm.combine(verdicts)
    values = {"chase_model": format_ratio(chase.model_now or 0),
              "chase_now": format_ratio(chase.measured_now or 0),
              "chase_miss": format_ratio(misses[0] or 0),
              "shuffled_model": format_ratio(shuffled.model_now or 0),
              "shuffled_now": format_ratio(shuffled.measured_now or 0),
              "shuffled_miss": format_ratio(misses[1] or 0),
              "chains": f"{cm.chains_in_flight(now, shuffled.measured_now or 1):.1f}",
              "chains_pub": f"{cm.chains_in_flight(found['pub'], shuffled.published):.1f}",
              "stream": nanos(now.stream * 1e9), "bus": nanos(8 / now.bandwidth * 1e9),
              "loop": nanos((now.loop or 0) * 1e9),
              "far": nanos(now.far * 1e9),
              "seq": ("not measured" if found.get("seq") is None
                      else nanos(found["seq"] * 1e9)),
              "why": ("this run's timings spread too far to tell (" + "; ".join(noisy)
                      + ")" if noisy else "the misses fall between a fit and a clear "
                      f"miss ({misses[0] or 0:.2f}x and {misses[1] or 0:.2f}x of the "
                      "prediction)")}
    return Verdict(holds, f"this machine: chase / sequential model {values['chase_model']}, "
                   f"measured {values['chase_now']}; shuffled / in order model "
                   f"{values['shuffled_model']}, measured {values['shuffled_now']}",
                   values)
