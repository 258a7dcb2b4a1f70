"""The heap lesson's cost model step: why the headline ratios move.

Four unit prices (a call, a comparison, a sift level, a pointer shifted)
are read off the published figures for the articles' machine and measured
here for this one (:mod:`dsa.lessons.cost_model`); the two headline ratios,
heap against insort and the push loop against heapify, follow from the
counts of each algorithm.  The step prints the model's prediction beside
each measured ratio on both machines, and the claims read which unit price
moved the ratio.
"""

from __future__ import annotations

import collections
import statistics

from rich.text import Text

from dsa.timing import format_ratio, format_seconds

from . import cost_model as cm
from .context import Context
from .figures import Figure, Ratio, count
from .heap_common import (PUB_BUILD_HEAPIFY_S, PUB_BUILD_N, PUB_BUILD_PUSH_S, PUB_DRAIN_N,
                          claim_on, hooks)
from .heap_races import push_swaps_descending
from .per_op import per_op
from .verdicts import Verdict, not_measured

#: How far a model may miss and still explain a ratio (the cost model's
#: bounds, shared with the linked-list lesson's model).
FITS, MISSES = cm.FITS, cm.MISSES

#: A measured ratio that moved less than this from the published one has not
#: moved enough to explain.
MOVED = 1.25


def measure_call(calls: int, repeat: int) -> float:
    """The interpreter's price, as published: one ``deque.appendleft`` in a loop."""
    def run() -> None:
        appendleft = collections.deque().appendleft
        for x in range(calls):
            appendleft(x)
    return per_op(run, calls, repeat)


def this_machine_costs(shared: dict, call: float, shift: float) -> cm.UnitCosts | None:
    """The four unit prices on this machine, from the race and the build this
    run measured (None when either was not run)."""
    race, build = shared.get("drain_race"), shared.get("heapq_build")
    if race is None or build is None:
        return None
    _, push_runs, _ = build
    swaps = push_swaps_descending(PUB_BUILD_N)
    return cm.UnitCosts(
        call=call,
        compare=race["plain"] / cm.plain_drain_compares(race["plain_n"]),
        level=cm.level_cost(statistics.median(push_runs), call, PUB_BUILD_N, swaps),
        shift=shift,
        sources={"call": "deque.appendleft in a loop, timed here",
                 "compare": f"the plain-list drain of {count(race['plain_n'])} jobs, "
                            "over 0.75 n² comparisons",
                 "level": f"the push loop of the build, less {count(PUB_BUILD_N)} "
                          f"calls, over {count(swaps)} levels",
                 "shift": f"list.insert(0, x) into {count(PUB_DRAIN_N)} pointers "
                          "(the drain's list at its longest)"})


def drain_shift(insort_seconds: float, u: cm.UnitCosts) -> float:
    """The price of a shifted pointer that the drain race itself implies: its
    insort time less the calls and the binary searches, over the shifts."""
    n = PUB_DRAIN_N
    others = cm.insort_drain(n, u) - cm.insort_drain_shifts(n) * u.shift
    return max(insort_seconds - others, 0.0) / cm.insort_drain_shifts(n)


def _ns(seconds: float) -> str:
    return format_seconds(seconds)


@hooks.experiment("cost_model")
def cost_model(ctx: Context) -> None:
    repeat = 1 if ctx.quick else 3
    calls = 100_000 if ctx.quick else 200_000
    ctx.quick_note("the unit prices are single runs (full mode: median of 3) and the "
                   f"call is timed over {count(calls)} calls (full: 200,000).")
    pub = cm.published_costs()

    def timer(fn, ops: int) -> float:
        return per_op(fn, ops, repeat)
    with ctx.working("pricing a call and a shifted pointer"):
        call = measure_call(calls, repeat)
        shift = cm.measure_shift(PUB_DRAIN_N, timer, call,
                                 ops=300 if ctx.quick else 1_000)
        shift_big = cm.measure_shift(cm.PUB_MIDDLE_INSERT_N, timer, call,
                                     ops=30 if ctx.quick else 100)
    now = this_machine_costs(ctx.shared, call, shift)
    race, build = ctx.shared.get("drain_race"), ctx.shared.get("heapq_build")
    build_now = (Ratio.of(build[1], build[0]) if build is not None else None)
    predictions = cm.heap_predictions(
        pub, now, drain_n=PUB_DRAIN_N,
        drain_now=race["insort"] / race["heapq"] if race else None,
        build_n=PUB_BUILD_N, build_swaps=push_swaps_descending(PUB_BUILD_N),
        build_pub=PUB_BUILD_PUSH_S / PUB_BUILD_HEAPIFY_S,
        build_now=build_now.median if build_now is not None else None)
    ctx.shared["cost_model"] = {"pub": pub, "now": now, "predictions": predictions,
                                "shift_big": shift_big, "build_ratio": build_now,
                                "drain_shift": (drain_shift(race["insort"], now)
                                                if race and now else None)}

    cm.show_model(
        ctx, prices_title="The unit prices, on the articles' machine (read off "
                          "published figures) and on this one (measured)",
        prices=price_rows(pub, now, call, shift, shift_big), pub=pub, now=now,
        predictions_title="The two headline ratios: the model's prediction beside "
                          "the measurement, on each machine",
        predictions=predictions,
        predictions_caption="measured / model is how far off the model is; near "
                            "1.00x, the four prices and the counts explain the ratio.",
        needs="the drain race and the build, which did not run in this session (run "
              "the whole lesson, or their steps first)",
        explain=lambda now: where_time_goes(pub, now, shift_big))


#: The four prices, in the order the text names them.
PRICES = (("call", "one call from a Python loop (deque.appendleft)"),
          ("compare", "one float comparison made from C (min, remove)"),
          ("level", "one level of a heapq sift"),
          ("shift", "one pointer shifted by list.insert"))


def price_rows(pub: cm.UnitCosts, now: cm.UnitCosts | None, call: float,
               shift: float, shift_big: float) -> list[Figure]:
    """Each price on both machines (this machine's call and shift are timed
    even when its other prices could not be read)."""
    timed = {"call": call, "shift": shift}
    rows = []
    for name, what in PRICES:
        mine = getattr(now, name) if now is not None else timed.get(name)
        theirs = getattr(pub, name)
        rows.append(Figure(f"{name}: {what}", _ns(theirs),
                           "—" if mine is None else _ns(mine),
                           "" if mine is None else
                           f"now / published: {format_ratio(mine / theirs)}"))
    bandwidth = (f"; {pub.bandwidth / 1e9:.0f} GB/s published, "
                 f"{8 / shift_big / 1e9:.0f} GB/s now" if shift_big > 0 else "")
    rows.append(Figure(f"shift, list of {count(cm.PUB_MIDDLE_INSERT_N)} pointers "
                       "(8 MB, as published)", _ns(pub.shift), _ns(shift_big),
                       f"now / published: {format_ratio(shift_big / pub.shift)}"
                       + bandwidth))
    return rows


def where_time_goes(pub: cm.UnitCosts, now: cm.UnitCosts, shift_big: float) -> Text:
    """Insort's share of shifting on both machines, and what a pointer costs
    in the drain's list against the 8 MB one."""
    n = PUB_DRAIN_N
    shifting = cm.insort_drain_shifts(n)
    share_now = shifting * now.shift / cm.insort_drain(n, now)
    share_pub = shifting * pub.shift / cm.insort_drain(n, pub)
    longer = (f"the longer list pays {format_ratio(shift_big / now.shift)} as much a "
              "pointer: it lives further from the core" if shift_big > 1.25 * now.shift
              else "about the same a pointer here: the same level of memory serves both")
    return Text.assemble(
        ("Where the time goes, by the model: ", "bold"),
        f"shifting is {share_now:.0%} of insort's drain here ({share_pub:.0%} "
        "published); heapq's drain is calls and sift levels, all of it the "
        f"interpreter's work. A shifted pointer costs {_ns(now.shift)} in a list of "
        f"{count(n)} and {_ns(shift_big)} in a list of "
        f"{count(cm.PUB_MIDDLE_INSERT_N)}: {longer}.")


_within = cm.within


#: What a claim about this machine says when the race or the build did not run.
NO_PRICES = "this machine's unit prices (the race and the build)"


@claim_on("model_fits_article", "cost_model", "the cost model")
def model_fits_article(found: dict) -> Verdict:
    misses, values = cm.article_misses(found["predictions"], ("drain", "build"))
    holds = all(_within(m) for m in misses)
    return Verdict(holds, f"from the published prices: drain {values['drain_model']} "
                   f"(measured {values['drain_pub']}), build {values['build_model']} "
                   f"(measured {values['build_pub']})", values)


@claim_on("model_fits_here", "cost_model", NO_PRICES)
def model_fits_here(found: dict) -> Verdict:
    if found["now"] is None:
        return not_measured(NO_PRICES)
    drain, build = found["predictions"]
    misses = [drain.miss(), build.miss()]
    verdicts = [_within(m) for m in misses]       # type: ignore[arg-type]
    ratio = found.get("build_ratio")
    if verdicts[1] is False and ratio is not None and not ratio.steady():
        verdicts[1] = None                        # the build's runs spread too far
    holds = cm.combine(verdicts)
    values = {"drain_model": format_ratio(drain.model_now or 0),
              "drain_now": format_ratio(drain.measured_now or 0),
              "build_model": format_ratio(build.model_now or 0),
              "build_now": format_ratio(build.measured_now or 0),
              "drain_miss": format_ratio(misses[0] or 0),
              "build_miss": format_ratio(misses[1] or 0),
              "shift_now": _ns(found["now"].shift),
              "shift_drain": ("not measured" if found.get("drain_shift") is None
                              else _ns(found["drain_shift"]))}
    return Verdict(holds, f"this machine: drain model {values['drain_model']}, measured "
                   f"{values['drain_now']}; build model {values['build_model']}, "
                   f"measured {values['build_now']}; a shifted pointer "
                   f"{values['shift_now']} timed here, {values['shift_drain']} in the "
                   "drain race", values)


@claim_on("drain_ratio_moved_by_shift", "cost_model", NO_PRICES)
def drain_ratio_moved_by_shift(found: dict) -> Verdict:
    """The measured drain ratio moved from the published one the way the
    model says it should, from the two prices that moved."""
    if found["now"] is None:
        return not_measured(NO_PRICES)
    pub, now = found["pub"], found["now"]
    drain = found["predictions"][0]
    moved = drain.measured_now / drain.published
    predicted = drain.model_now / drain.model_published
    shift_x = now.shift / pub.shift
    job_x = cm.heap_drain(PUB_DRAIN_N, now) / cm.heap_drain(PUB_DRAIN_N, pub)
    values = {"measured": format_ratio(drain.measured_now),
              "published": format_ratio(drain.published),
              "direction": "fell" if moved < 1 else "rose",
              "shift_now": _ns(now.shift), "shift_pub": _ns(pub.shift),
              "shift_x": format_ratio(shift_x), "job_x": format_ratio(job_x),
              "predicted": format_ratio(predicted), "moved": format_ratio(moved)}
    evidence = (f"insort / heap {values['measured']} now, {values['published']} "
                f"published ({values['moved']}); the model's change {values['predicted']}: "
                f"a shifted pointer {values['shift_x']}, a heapq job {values['job_x']}")
    if max(moved, 1 / moved) < MOVED:
        return Verdict(None, evidence + "; the ratio barely moved", values)
    if (moved < 1) != (predicted < 1):
        return Verdict(False, evidence, values)
    part = predicted / moved
    if max(part, 1 / part) > FITS:
        return Verdict(None, evidence + "; the right way, but only part of the move",
                       values)
    return Verdict(True, evidence, values)
