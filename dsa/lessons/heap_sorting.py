"""The heap lesson's sorting canon: heapsort in place (animated, then
counted and timed against ``sorted``) and heapq's leaf-first pop, whose
saved comparisons are counted.  The algorithms are in
:mod:`dsa.lessons.heap_canon`; this module runs and prints them."""

from __future__ import annotations

import heapq
import math
import random
from typing import Any

from rich.console import Group
from rich.text import Text

from dsa.pictures.draw import array_table
from dsa.timing import format_ratio, measure

from . import heap_canon as hc
from .context import Context
from .figures import Figure, Ratio, count, seconds
from .heap_common import EXAMPLE, claim_on, hooks, surely_faster
from .heap_pictures import frame
from .verdicts import Verdict


# ===========================================================================
# Heapsort, animated


@hooks.animation("heapsort")
def heapsort_animation(ctx: Context) -> None:
    a = ctx.values(EXAMPLE)
    given = list(a)
    n = len(a)
    frame(ctx, a, f"before: {a}; first make it a max-heap, largest at the root")
    ctx.pause("Enter to build the max-heap, q to quit")
    # "paused": a pause has just been made, so the next swap needs none
    state = {"placing": -1, "sorted_from": n, "swaps": 0, "built": False, "paused": True}

    def row(caption: str, marked: tuple[int, int]) -> None:
        faded = range(state["sorted_from"], n)
        ctx.console.print(Group(Text(caption), array_table(a, marked, faded)))

    def on_place(end: int) -> None:
        if not state["built"]:
            state["built"] = True
            frame(ctx, a, f"a max-heap after {state['swaps']} swaps: the largest, "
                  f"{a[0]}, is at the root")
            ctx.pause("Enter to start sorting, q to quit")
            state["paused"] = True
        state["placing"] = end

    def on_swap(i: int, j: int) -> None:
        state["swaps"] += 1
        if not state["paused"]:
            ctx.pause("Enter for the next swap, q to quit")
        state["paused"] = False
        if (i, j) == (0, state["placing"]):
            state["sorted_from"], state["placing"] = j, -1
            row(f"swap {state['swaps']}: the root, {a[j]}, goes to index {j}, its "
                f"place; {a[0]} takes the root and sinks", (i, j))
        else:
            top, low = sorted((i, j))
            row(f"swap {state['swaps']}: {a[top]} moves up above {a[low]}", (i, j))

    hc.heapsort(a, on_swap=on_swap, on_place=on_place)
    assert a == sorted(given)
    frame(ctx, a, f"sorted in place after {state['swaps']} swaps: {a}; no second list "
          "was used")


# ===========================================================================
# Heapsort against sorted(), counted and timed


def heapq_sort_comparisons(values: list) -> int:
    """Comparisons of heapq's heapsort (heapify, then pop everything)."""
    counter = [0]
    heap = [hc.Counted(v, counter) for v in values]
    heapq.heapify(heap)
    pop = heapq.heappop
    for _ in range(len(heap)):
        pop(heap)
    return counter[0]


def heapq_sort(values: list) -> list:
    """Sort by heapify and n pops (heapq's C sifts; a second list fills up)."""
    heap = list(values)
    heapq.heapify(heap)
    pop = heapq.heappop
    return [pop(heap) for _ in range(len(heap))]


@hooks.experiment("heapsort")
def heapsort_race(ctx: Context) -> None:
    n = 5_000 if ctx.quick else 20_000
    repeat = 1 if ctx.quick else 3
    ctx.quick_note(f"{count(n)} values (full mode: 20,000), each time a single run "
                   "(full: median of 3).")
    rng = random.Random(5)
    values = [rng.random() for _ in range(n)]
    expected = sorted(values)
    work: list = []

    def fresh() -> None:
        work[:] = [list(values)]

    with ctx.working("counting and timing the sorts"):
        textbook = hc.heapsort_comparisons(values)
        sorted_cmp = hc.sorted_comparisons(values)
        heapq_cmp = heapq_sort_comparisons(values)
        t_textbook = measure(lambda: hc.heapsort(work[0]), repeat=repeat, setup=fresh,
                             warmup=0)
        by_textbook = work[0]
        t_sorted = measure(lambda: sorted(values), repeat=repeat)
        t_heapq = measure(lambda: work.__setitem__(0, heapq_sort(values)), repeat=repeat,
                          warmup=0)
        if by_textbook != expected or work[0] != expected:
            raise AssertionError("a heapsort sorted wrongly")
        nh = ctx.native_module("heap")
        native = nh.drain(n, arity=2, seed=1) if nh is not None else None
        if native is not None and not native.ok:
            raise AssertionError("the C drain kernel reported a wrong order")
    nlogn = n * math.log2(n)
    ctx.shared["heapsort"] = {"n": n, "textbook": textbook.comparisons,
                              "sorted": sorted_cmp, "heapq": heapq_cmp,
                              "t_sorted": t_sorted.runs, "t_heapq": t_heapq.runs,
                              "t_textbook": t_textbook.runs}
    rows = [
        Figure("sorted() (Timsort, in C): comparisons", "not published",
               f"{count(sorted_cmp)} ({sorted_cmp / nlogn:.2f} n·log2 n)",
               seconds(t_sorted.median)),
        Figure("heapsort in place, textbook (dsa, Python): comparisons",
               "not published",
               f"{count(textbook.comparisons)} ({textbook.comparisons / nlogn:.2f} "
               f"n·log2 n), {count(textbook.swaps)} swaps",
               f"{seconds(t_textbook.median)}; "
               f"{format_ratio(textbook.comparisons / sorted_cmp)} sorted()'s comparisons"),
        Figure("heapq: heapify, then n heappops (C sifts, a second list)",
               "not published",
               f"{count(heapq_cmp)} ({heapq_cmp / nlogn:.2f} n·log2 n)",
               f"{seconds(t_heapq.median)}; heapq / sorted() time "
               f"{Ratio.of(t_heapq.runs, t_sorted.runs).text()}"),
    ]
    if native is not None:
        rows.append(Figure("C twin: push n, pop n (int64, inside C)", "not published",
                           "not counted", seconds(native.total_ns * 1e-9)))
    ctx.table(f"Heapsort against sorted(), {count(n)} random floats", rows,
              caption="Counts are exact for this input (the comparisons are counted "
                      "one by one); times are medians. The heap's comparisons grow as "
                      "n·log2 n at every size; at 10 times the values, expect a little "
                      "over 10 times the time.")


@claim_on("heapsort_compares_twice", "heapsort", "the heapsort counts")
def heapsort_compares_twice(found: Any) -> Verdict:
    ratio = found["textbook"] / found["sorted"]
    values = {"ratio": format_ratio(ratio), "heapsort": count(found["textbook"]),
              "sorted": count(found["sorted"]), "heapq": count(found["heapq"]),
              "heapq_ratio": format_ratio(found["heapq"] / found["sorted"])}
    return Verdict(1.5 <= ratio <= 2.6, f"heapsort / sorted() comparisons "
                   f"{values['ratio']} ({values['heapsort']} against {values['sorted']})",
                   values)


@claim_on("sorted_beats_heapsort", "heapsort", "the heapsort times")
def sorted_beats_heapsort(found: Any) -> Verdict:
    ratio = Ratio.of(found["t_heapq"], found["t_sorted"])
    holds = surely_faster(ratio, 1.5)
    return Verdict(holds, f"heapq heapsort / sorted() time {ratio.text()}",
                   {"ratio": ratio.text()})


# ===========================================================================
# heapq's pop: sink to a leaf, then climb


@hooks.experiment("leaf_first_pop")
def leaf_first_pop(ctx: Context) -> None:
    sizes = (1_000, 10_000) if ctx.quick else (1_000, 10_000, 100_000)
    pops = 500 if ctx.quick else 2_000
    ctx.quick_note(f"{count(pops)} pops per size (full: 2,000) and no heap of 100,000; "
                   "the counts per pop barely move with the number of pops.")
    found = []
    with ctx.working("counting comparisons"):
        for size in sizes:
            # at most half the heap, so that the pops see a heap of about its size
            found.append(hc.pop_comparisons(size, min(pops, size // 2), seed=size))
    ctx.shared["leaf_first_pop"] = found
    rows = [Figure(f"heap of {count(c.size)} ({hc.levels(c.size, 2)} levels below "
                   "the root)", "not published",
                   f"textbook {c.textbook:.1f} · heapq {c.leaf_first:.1f} per pop",
                   f"heapq saves {c.saved:.0%}; 2 × levels = "
                   f"{2 * hc.levels(c.size, 2)}")
            for c in found]
    ctx.table(f"Comparisons per pop, counted over {count(pops)} pops of random floats "
              "(at most half of the heap)",
              rows, caption="Textbook: the swap-based sift_down of dsa.heap (children "
                            "against each other, then the item against the smaller). "
                            "heapq: its own heappop, every < counted.")


@claim_on("leaf_first_saves", "leaf_first_pop", "the pop comparisons")
def leaf_first_saves(found: Any) -> Verdict:
    largest = found[-1]
    values = {"size": count(largest.size), "saved": f"{largest.saved:.0%}",
              "textbook": f"{largest.textbook:.1f}", "heapq": f"{largest.leaf_first:.1f}",
              "levels": str(hc.levels(largest.size, 2))}
    holds = 0.3 <= largest.saved <= 0.6
    return Verdict(holds, f"{values['size']} items: textbook {values['textbook']}, "
                   f"heapq {values['heapq']} comparisons per pop ({values['saved']} "
                   "saved)", values)
