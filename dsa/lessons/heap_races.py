"""The heap lesson's races: draining 100,000 jobs (plain list, insort,
heaps) and building a heap of 1,000,000 (heapify against a push loop),
with the claims that read their figures."""

from __future__ import annotations

import bisect
import heapq
import operator
import random
import statistics
from typing import Any, Callable

from rich.text import Text

import dsa.heap as dh
from dsa.machine import format_bytes
from dsa.timing import format_ratio, format_seconds, measure

from .context import Context
from .figures import Figure, Ratio, count, ratio_pair, seconds
from .heap_common import (PUB_BUILD_HEAPIFY_S, PUB_BUILD_HEAPIFY_SWAPS, PUB_BUILD_N,
                          PUB_BUILD_PUSH_S, PUB_BUILD_PUSH_SWAPS, PUB_DRAIN_HEAP,
                          PUB_DRAIN_INSORT, PUB_DRAIN_N, PUB_DRAIN_PLAIN, claim_on, hooks)
from .verdicts import Verdict, threshold


# ===========================================================================
# Experiment 1: the drain race


def _jobs(n: int, seed: int = 1) -> list[float]:
    rng = random.Random(seed)
    return [rng.random() for _ in range(n)]


def drain_plain(jobs: list[float]) -> list[float]:
    queue, out = [], []
    for job in jobs:
        queue.append(job)
    while queue:
        most_urgent = min(queue)
        queue.remove(most_urgent)
        out.append(most_urgent)
    return out


def drain_insort(jobs: list[float]) -> list[float]:
    # Sorted with the most urgent (smallest) at the end: store negated keys.
    queue, out = [], []
    for job in jobs:
        bisect.insort(queue, -job)
    while queue:
        out.append(-queue.pop())
    return out


def drain_with(push: Callable, pop: Callable) -> Callable[[list[float]], list[float]]:
    def drain(jobs: list[float]) -> list[float]:
        queue: list = []
        out = []
        for job in jobs:
            push(queue, job)
        while queue:
            out.append(pop(queue))
        return out
    return drain


def drain_binaryheap(jobs: list[float]) -> list[float]:
    queue = dh.BinaryHeap()
    out = []
    for job in jobs:
        queue.push(job)
    while queue:
        out.append(queue.pop())
    return out


def _time_drain(fn: Callable, jobs: list[float], repeat: int) -> float:
    expected = sorted(jobs)
    result: list = []

    def run() -> None:
        result[:] = [fn(jobs)]

    t = measure(run, repeat=repeat, warmup=0)
    if result[0] != expected:
        raise AssertionError(f"{fn.__name__} drained in the wrong order")
    return t.median


@hooks.experiment("drain_race")
def drain_race(ctx: Context) -> None:
    c = ctx.console
    n = PUB_DRAIN_N
    small = (1_000, 2_000) if ctx.quick else (5_000, 10_000)
    fast_repeat = 1 if ctx.quick else 3
    ctx.quick_note(f"the plain list runs at {count(small[0])} and {count(small[1])} "
                   f"jobs (full mode: 5,000 and 10,000); everything else at "
                   f"{count(n)}, timed once instead of the median of 3; the textbook "
                   "BinaryHeap is left to full mode.")
    c.print(f"Draining {count(n)} jobs with random urgencies (the same jobs for every "
            f"contestant; each result is checked against sorted()).")

    with ctx.working("timing the plain list"):
        t_small = [_time_drain(drain_plain, _jobs(m), fast_repeat) for m in small]
    growth = t_small[1] / t_small[0]
    plain_est = t_small[1] * (n / small[1]) ** 2
    c.print(f"plain list: {count(small[0])} jobs {format_seconds(t_small[0])}, "
            f"{count(small[1])} jobs {format_seconds(t_small[1])}: doubling the "
            f"jobs took {growth:.1f}x the time (quadratic predicts 4x). "
            f"Extrapolated to {count(n)}: {format_seconds(t_small[1])} × "
            f"({count(n)}/{count(small[1])})² ≈ {format_seconds(plain_est)}.")

    jobs = _jobs(n)
    with ctx.working("timing bisect.insort"):
        t_insort = _time_drain(drain_insort, jobs, fast_repeat)
    with ctx.working("timing the heaps"):
        t_heapq = _time_drain(drain_with(heapq.heappush, heapq.heappop), jobs,
                              1 if ctx.quick else 5)
        t_funcs = _time_drain(drain_with(dh.heappush, dh.heappop), jobs, fast_repeat)
        t_class = None if ctx.quick else _time_drain(drain_binaryheap, jobs, fast_repeat)

    native = None
    nh = ctx.native_module("heap")
    if nh is not None:
        runs = [nh.drain(n, arity=2, seed=seed) for seed in (1, 2, 3)]
        if not all(r.ok for r in runs):
            raise AssertionError("the C drain kernel reported a wrong order")
        native = statistics.median(r.total_ns for r in runs) * 1e-9

    pub_vs_plain = PUB_DRAIN_PLAIN / PUB_DRAIN_HEAP
    pub_vs_insort = PUB_DRAIN_INSORT / PUB_DRAIN_HEAP
    rows = [
        Figure(f"plain list + min() + remove(), {count(n)} jobs",
               "72.0 s",
               f"{seconds(plain_est, estimated=True)} from {count(small[1])} jobs × "
               f"({n // small[1]})²",
               f"{count(small[0])}→{count(small[1])} jobs: {growth:.1f}x time "
               f"(quadratic: 4x)"),
        Figure("list kept sorted, bisect.insort, take from the end",
               "1.39 s", seconds(t_insort),
               ratio_pair("vs plain list", PUB_DRAIN_PLAIN / PUB_DRAIN_INSORT,
                          plain_est / t_insort)),
        Figure("binary heap: stdlib heapq (C)", "54.8 ms", seconds(t_heapq),
               ratio_pair("heap vs plain list", pub_vs_plain, plain_est / t_heapq)
               + "\n" + ratio_pair("heap vs insort", pub_vs_insort, t_insort / t_heapq)),
        Figure("binary heap: dsa.heap functions (pure Python)", "—", seconds(t_funcs),
               ratio_pair("vs plain list", None, plain_est / t_funcs)
               + "\n" + ratio_pair("vs insort", None, t_insort / t_funcs)),
    ]
    if t_class is not None:
        rows.append(Figure("binary heap: dsa.heap.BinaryHeap (textbook swaps)", "—",
                           seconds(t_class),
                           ratio_pair("vs plain list", None, plain_est / t_class)))
    if native is not None:
        rows.append(Figure("binary heap: C twin, loop inside C (its own int64 jobs)", "—",
                           seconds(native),
                           ratio_pair("vs heapq", None, t_heapq / native)))
    versus_insort = (f" and {t_insort / t_funcs:.1f}x faster than insort"
                     if t_insort > t_funcs else
                     ", though not faster than insort at this size (insort's "
                     "shifting is a tight pointer-by-pointer loop in C)")
    ctx.shared["drain_race"] = {"growth": growth, "insort": t_insort,
                                "heapq": t_heapq, "n": n,
                                "plain_n": small[1], "plain": t_small[1]}
    ctx.table(f"Experiment 1: drain {count(n)} jobs, most urgent first", rows,
              caption="The published 54.8 ms is the speed of a heap written in C, "
                      "which is what CPython's heapq is, so it sits beside heapq. "
                      "dsa.heap's functions run the same algorithm in Python: "
                      f"{t_funcs / t_heapq:.1f}x slower than heapq here, still "
                      f"{plain_est / t_funcs:,.0f}x faster than the plain list"
                      f"{versus_insort}.")
    c.print(drain_parts(n, t_insort, t_heapq, ctx))
    if native is None:
        ctx.explain_missing_native("the C heap in the drain race")


def drain_parts(n: int, t_insort: float, t_heapq: float, ctx: Context) -> Text:
    """Why 'heap vs insort' moves between machines: it is a ratio of two
    unrelated costs.  insort's drain moves about n²/4 pointers (each insert
    shifts half of a list that grows to n); heapq's costs about 2n calls
    from the interpreter, each a short C sift."""
    moved = n * n / 4
    l2 = ctx.machine.cache(2)
    pub_l2 = ctx.published.cache(2)
    list_bytes = 8 * n
    def fits(cache) -> str:
        if cache is None:
            return "?"
        return ("inside" if list_bytes <= cache.size_bytes else "past") + \
            f" its {format_bytes(cache.size_bytes)} L2"
    return Text.assemble(
        ("Why heap vs insort moved: ", "bold"),
        f"insort's drain moves about n²/4 = {moved:,.0f} pointers: "
        f"{PUB_DRAIN_INSORT / moved * 1e9:.2f} ns each published, "
        f"{t_insort / moved * 1e9:.2f} ns each now. The heap's drain is 2n = "
        f"{count(2 * n)} heapq calls: {PUB_DRAIN_HEAP / (2 * n) * 1e9:.0f} ns each "
        f"published, {t_heapq / (2 * n) * 1e9:.0f} ns each now. The ratio is the "
        "first cost over the second, and they depend on different things: "
        "insort on how fast memory moves pointers (a list of "
        f"{format_bytes(list_bytes)}, {fits(pub_l2)} on the published machine and "
        f"{fits(l2)} on this one), heapq on how fast the interpreter makes a "
        "call and compares two floats.")


@claim_on("plain_list_quadratic", "drain_race", "the drain race")
def plain_list_quadratic(race: Any) -> Verdict:
    growth = race["growth"]
    holds = True if 3.0 <= growth <= 5.5 else None if 2.4 <= growth <= 7 else False
    return Verdict(holds, f"doubling the plain list's jobs took {growth:.1f}x the time",
                   {"growth": f"{growth:.1f}x"})


@claim_on("heap_beats_insort", "drain_race", "the drain race")
def heap_beats_insort(race: Any) -> Verdict:
    ratio = race["insort"] / race["heapq"]
    return Verdict(threshold(ratio, 1.5, 1.0), f"insort / heapq {format_ratio(ratio)} "
                   f"(published {format_ratio(PUB_DRAIN_INSORT / PUB_DRAIN_HEAP)})",
                   {"ratio": format_ratio(ratio),
                    "published": format_ratio(PUB_DRAIN_INSORT / PUB_DRAIN_HEAP)})


# ===========================================================================
# Experiment 2: building a heap


def _same(a: int, b: int) -> str:
    return "the same count" if a == b else f"DIFFERENT ({count(a)} vs {count(b)})"


def push_swaps_descending(n: int) -> int:
    """Swaps to push n strictly descending items one at a time.

    Every new item is the smallest so far, so the item at index i climbs all
    the way to the root: floor(log2(i + 1)) levels, its depth.  Add the
    depths up a level at a time: depth d holds the indices 2**d - 1 to
    2**(d+1) - 2, all of them full except perhaps the last level.
    """
    total = 0
    for depth in range(n.bit_length()):
        first, last = 2 ** depth - 1, min(n, 2 ** (depth + 1) - 1)
        total += depth * max(0, last - first)
    return total


@hooks.experiment("build")
def build(ctx: Context) -> None:
    n = PUB_BUILD_N
    descending = list(range(n, 0, -1))
    rows: list[Figure] = []
    nh = ctx.native_module("heap")

    # --- exact counts ------------------------------------------------------
    py_push_n = 10_000 if ctx.quick else 100_000
    # The Python twin counts bottom-up heapify at full size when there is no C
    # twin (it is then the source) and, in full mode, as a cross-check.
    py_bottom_up = nh is None or not ctx.quick
    ctx.quick_note("the heapq times are single runs (full mode: median of 5), the Python "
                   f"push cross-check uses {count(py_push_n)} items (full: 100,000)"
                   + ("" if py_bottom_up else
                      " and the Python twin's 1,000,000-item heapify cross-check "
                      "is left to full mode")
                   + "; the counts at 1,000,000 are exact either way.")
    formula = push_swaps_descending(n)
    with ctx.working("counting swaps"):
        py_stats = None
        if py_bottom_up:
            py_stats = dh.HeapStats()
            dh.heapify_bottom_up(list(descending), stats=py_stats)
        c_heapify = c_push = None
        c_heapify_ns = c_push_ns = 0.0
        if nh is not None:
            # Three runs each, interleaved; counts are identical run to run,
            # times take the median.
            heapify_runs, push_runs = [], []
            for _ in range(3):
                heapify_runs.append(nh.build(n, method="heapify", order="descending"))
                push_runs.append(nh.build(n, method="push", order="descending"))
            if not all(r.ok for r in heapify_runs + push_runs):
                raise AssertionError("the C build kernel reported a broken heap")
            c_heapify, c_push = heapify_runs[0], push_runs[0]
            c_heapify_ns = statistics.median(r.ns for r in heapify_runs)
            c_push_ns = statistics.median(r.ns for r in push_runs)
            ctx.shared["c_build"] = ([r.ns for r in heapify_runs],
                                     [r.ns for r in push_runs])
        py_push_stats = dh.HeapStats()
        dh.heapify_by_pushing(list(range(py_push_n, 0, -1)), stats=py_push_stats)

    heapify_swaps = c_heapify.swaps if c_heapify else py_stats.swaps  # type: ignore[union-attr]
    push_swaps = c_push.swaps if c_push else formula
    source_h = "C twin" if c_heapify else "Python twin"
    rows.append(Figure(
        f"bottom-up heapify, {count(n)} descending items: swaps",
        f"{count(PUB_BUILD_HEAPIFY_SWAPS)} (1.00 per item)",
        f"{count(heapify_swaps)} ({heapify_swaps / n:.2f} per item), {source_h}",
        "exact, the same as published" if heapify_swaps == PUB_BUILD_HEAPIFY_SWAPS
        else "differs from the published count"))
    if c_heapify and py_stats is not None:
        rows.append(Figure(
            "  cross-check: Python twin, heapify_bottom_up(stats=)", "",
            f"{count(py_stats.swaps)} swaps, {count(py_stats.comparisons)} comparisons",
            _same(py_stats.swaps, c_heapify.swaps)))
    rows.append(Figure(
        f"one push at a time, {count(n)} descending items: swaps",
        f"{count(PUB_BUILD_PUSH_SWAPS)} (17.95 per item)",
        (f"{count(push_swaps)} ({push_swaps / n:.2f} per item), C twin"
         if c_push else f"{count(formula)} ({formula / n:.2f} per item), formula"),
        f"push / heapify swaps: {PUB_BUILD_PUSH_SWAPS / PUB_BUILD_HEAPIFY_SWAPS:.2f}x "
        f"published · {push_swaps / heapify_swaps:.2f}x now"))
    rows.append(Figure(
        "  cross-check: Σ floor(log2(i+1)), i < n (each new minimum climbs to the root)",
        "", count(formula),
        _same(formula, push_swaps)))
    py_formula = push_swaps_descending(py_push_n)
    rows.append(Figure(
        f"  cross-check: Python twin, heapify_by_pushing on {count(py_push_n)} items",
        "", f"{count(py_push_stats.swaps)} swaps (formula at {count(py_push_n)}: "
            f"{count(py_formula)})",
        _same(py_push_stats.swaps, py_formula)))

    # --- times ------------------------------------------------------------
    repeat = 1 if ctx.quick else 5
    work: list = []
    t_heapify = measure(lambda: heapq.heapify(work[0]), repeat=repeat,
                        setup=lambda: work.__setitem__(slice(None), [list(descending)]))

    def push_all() -> None:
        h: list = []
        push = heapq.heappush
        for x in descending:
            push(h, x)

    t_push = measure(push_all, repeat=max(1, repeat - 2), warmup=0 if ctx.quick else 1)

    def call_only() -> None:             # the same loop and call, no sift
        h: list = []
        call = operator.is_
        for x in descending:
            call(h, x)
    t_call = measure(call_only, repeat=max(1, repeat - 2), warmup=0)
    ctx.shared["heapq_build"] = (t_heapify.runs, t_push.runs, t_call.median)
    rows.append(Figure(f"time: heapq.heapify, {count(n)} descending",
                       "21.0 ms", seconds(t_heapify.median), ""))
    rows.append(Figure(f"time: heapq.heappush one at a time, {count(n)} descending",
                       "322.7 ms", seconds(t_push.median),
                       ratio_pair("push / heapify time", PUB_BUILD_PUSH_S / PUB_BUILD_HEAPIFY_S,
                                  t_push.median / t_heapify.median)
                       + f"; the loop and call alone: {seconds(t_call.median)}"))
    if c_heapify and c_push:
        c_ratio = Ratio.of(ctx.shared["c_build"][1], ctx.shared["c_build"][0])
        rows.append(Figure("time: C twin, heapify vs push loop (int64, inside C)", "—",
                           f"{seconds(c_heapify_ns * 1e-9)} vs {seconds(c_push_ns * 1e-9)}",
                           f"push / heapify time: {c_ratio.text()} now (median, "
                           "range of 3 runs)"))
    ctx.table(f"Experiment 2: build a heap from {count(n)} items in descending order "
              "(the worst case)", rows,
              caption="Swap counts are for the textbook sift (dsa.heap's textbook "
                      "functions and the C twin). heapq sifts differently (it sinks "
                      "to a leaf, then climbs back), so it is timed but not counted; "
                      "it does the same O(n) against O(n log n) work.")
    if nh is None:
        ctx.explain_missing_native("the C build kernel, so the counts above came from "
                                   "the Python twin and the formula")


@claim_on("heapify_faster_in_time", "heapq_build", "the heapq build times")
def heapify_faster_in_time(found: Any) -> Verdict:
    heapify_runs, push_runs, t_call = found
    ratio = Ratio.of(push_runs, heapify_runs)
    share = t_call / statistics.median(push_runs)
    values = {"ratio": ratio.text(), "share": f"{share:.0%}",
              "published": format_ratio(PUB_BUILD_PUSH_S / PUB_BUILD_HEAPIFY_S)}
    holds = ratio.at_least(2.0)
    return Verdict(holds, f"heapq push loop / heapify {ratio.text()}; the loop and "
                   f"call alone are {share:.0%} of the push loop", values)


@claim_on("c_heapify_vs_push", "c_build", "the C build kernel")
def c_heapify_vs_push(found: Any) -> Verdict:
    heapify_ns, push_ns = found
    ratio = Ratio.of(push_ns, heapify_ns)
    holds = ratio.at_least(1.5)
    if holds is None and not ratio.steady():
        evidence = f"C push / heapify {ratio.text()}: too noisy to tell"
    else:
        evidence = f"C push / heapify {ratio.text()}"
    return Verdict(holds, evidence, {"ratio": ratio.text()})
