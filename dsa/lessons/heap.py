"""The live part of the heap lesson (text: lessons/heap.md).

Every function here is called by a marker in the text and gets a
:class:`~dsa.lessons.runner.Context`.  The experiments re-run the published
heap measurements on this machine; where a published figure needs care
(the second-smallest item, the top-10 stream) the experiment measures what
the text says it measures and shows why.
"""

from __future__ import annotations

import bisect
import gc
import heapq
import itertools
import math
import operator
import random
import statistics
import sys
from typing import Callable, Sequence

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

import dsa.heap as dh
from dsa.pictures.draw import array_table, tree_text
from dsa.timing import format_ratio, format_seconds, measure

from .figures import Figure, Ratio, count, ratio_pair, seconds
from .runner import Context, Hooks, Verdict, not_measured, threshold

hooks = Hooks()

EXAMPLE = [3, 5, 7, 9, 12, 8, 14]
PUSHED = 2

# The published figures (seed-figures.md, heap table), as numbers.
PUB_DRAIN_N = 100_000
PUB_DRAIN_PLAIN = 72.0
PUB_DRAIN_INSORT = 1.39
PUB_DRAIN_HEAP = 54.8e-3
PUB_BUILD_N = 1_000_000
PUB_BUILD_HEAPIFY_SWAPS = 999_988
PUB_BUILD_PUSH_SWAPS = 17_951_445
PUB_BUILD_HEAPIFY_S = 21.0e-3
PUB_BUILD_PUSH_S = 322.7e-3
PUB_LEVELS = {1_000_000: 19, 1_000_000_000: 29}
PUB_SECOND_TRIALS = 20_000
PUB_SECOND_AT_2 = 8_074
PUB_TOPK_N = 5_000_000
PUB_TOPK_K = 10
PUB_TOPK_SORTED = 2.018
PUB_TOPK_HEAP = 1.078


# ===========================================================================
# Drawing a heap: the tree and the list, side by side


def frame(ctx: Context, values: Sequence[object], caption: str,
          marked: Sequence[int] = (), faded: Sequence[int] = ()) -> None:
    """Print one frame: caption, then tree and list side by side."""
    tree = tree_text(values, marked, faded=faded)
    arr = Group(Text("the list", style="dim"), array_table(values, marked, faded),
                Text(repr(list(values)), style="cyan"))
    ctx.console.print(Text(caption, style="bold"))
    tree_width = max((len(line) for line in tree.plain.splitlines()), default=0)
    list_width = max(sum(len(str(v)) + 3 for v in values) + 1, len(repr(list(values))))
    if ctx.console.width >= tree_width + 4 + list_width:
        grid = Table.grid(padding=(0, 4))
        grid.add_column(no_wrap=True)
        grid.add_column()
        grid.add_row(Group(Text("the tree", style="dim"), tree), arr)
        ctx.console.print(grid)
    else:
        ctx.console.print(Text("the tree", style="dim"))
        ctx.console.print(tree)
        ctx.console.print(arr)


# ===========================================================================
# Shows: small live illustrations


@hooks.show("heap_rule")
def heap_rule(ctx: Context) -> None:
    heap = list(EXAMPLE)
    frame(ctx, heap, f"{heap}")
    checks = []
    for i in range(len(heap)):
        kids = [c for c in (dh.left(i), dh.right(i)) if c < len(heap)]
        if kids:
            checks.append(f"{heap[i]} ≤ " + " and ".join(str(heap[c]) for c in kids))
    ctx.console.print("every parent against its children: " + "; ".join(checks))
    ctx.console.print(f"is_heap({heap}) → [bold green]{dh.is_heap(heap)}[/]    "
                      f"sorted? → [bold red]{heap == sorted(heap)}[/] "
                      f"(sorted would be {sorted(heap)})")
    ctx.console.print(f"the root, heap[0] = {heap[0]}, is the minimum: "
                      f"min(heap) = {min(heap)}")


@hooks.show("index_arithmetic")
def index_arithmetic(ctx: Context) -> None:
    heap = list(EXAMPLE)
    table = Table(box=box.SIMPLE, title="index arithmetic on " + repr(heap),
                  title_justify="left")
    for col in ("i", "heap[i]", "parent (i-1)//2", "left 2i+1", "right 2i+2"):
        table.add_column(col, justify="right")
    for i, v in enumerate(heap):
        p = dh.parent(i) if i else None
        l, r = dh.left(i), dh.right(i)
        table.add_row(str(i), str(v),
                      "—" if p is None else f"{p} ({heap[p]})",
                      f"{l} ({heap[l]})" if l < len(heap) else "—",
                      f"{r} ({heap[r]})" if r < len(heap) else "—")
    ctx.console.print(table)

    # Levels: walk from the last index up to the root with parent() and
    # count the steps, then check against floor(log2(n)).
    rows = []
    for n in (7, 1_000, 1_000_000, 1_000_000_000):
        i, steps = n - 1, 0
        while i > 0:
            i = dh.parent(i)
            steps += 1
        assert steps == n.bit_length() - 1 == math.floor(math.log2(n))
        pub = PUB_LEVELS.get(n)
        rows.append(Figure(
            f"levels below the root, {count(n)} items",
            str(pub) if pub is not None else "—",
            f"{steps}  ({steps + 1} rows counting the root)",
            f"= most swaps one push or pop can make; log2(n) = {math.log2(n):.2f}"))
    ctx.table("Levels of a complete binary tree (computed: follow parent() "
              "from the last index to the root)", rows)


@hooks.show("indexed")
def indexed(ctx: Context) -> None:
    q = dh.IndexedPriorityQueue()
    table = Table(box=box.SIMPLE, title="dsa.heap.IndexedPriorityQueue: the list and "
                  "its side index, kept in step", title_justify="left")
    table.add_column("operation", no_wrap=True)
    table.add_column("the list (item:priority)")
    table.add_column("side index (item → position)")

    def state(what: str) -> None:
        items = list(q)                          # array order
        # The side index itself is private; show it if it is there to see.
        where = getattr(q, "_where", None)
        if not isinstance(where, dict):
            where = {item: pos for pos, item in enumerate(items)}
        table.add_row(what, ", ".join(f"{item}:{q.priority(item)}" for item in items),
                      ", ".join(f"{item}→{pos}" for item, pos in
                                sorted(where.items(), key=lambda kv: kv[1])))

    for job, priority in {"backup": 5, "email": 3, "deploy": 8, "report": 6,
                          "alert": 9}.items():
        q.push(job, priority)
    state("push five jobs")
    q.change_priority("alert", 1)
    state("change_priority('alert', 1)")
    q.remove("report")
    state("remove('report')")
    ctx.console.print(table)
    q.check_invariants()
    ctx.console.print(
        f"'deploy' in q → {'deploy' in q} (a dictionary lookup, O(1)); "
        f"pop() → {q.pop()!r}, then {q.pop()!r}. check_invariants() passed: the heap "
        "rule holds and every entry of the side index points at its item's real slot.")


@hooks.show("guards")
def guards(ctx: Context) -> None:
    c = ctx.console
    # 1. ties
    c.print("[bold]1. ties[/]")
    h: list = []
    heapq.heappush(h, (1, {"job": "resize images"}))
    try:
        heapq.heappush(h, (1, {"job": "send invoices"}))
        c.print("heapq compared the two dicts without complaint (unexpected)")
    except TypeError as exc:
        c.print(f"heapq.heappush(h, (1, {{'job': ...}})) twice → [red]TypeError: {exc}[/]")
    counter = itertools.count()
    h = []
    for name in ("first", "second", "third"):
        heapq.heappush(h, (1, next(counter), {"job": name}))
    order = [heapq.heappop(h)[2]["job"] for _ in range(3)]
    c.print(f"with a counter, (1, next(counter), job): pops {order}: first in, first out")
    pq = dh.PriorityQueue()
    for name in ("first", "second", "third"):
        pq.push({"job": name}, 1)
    c.print(f"dsa.heap.PriorityQueue does the same: pops "
            f"{[pq.pop()['job'] for _ in range(3)]}")
    # 2. max-heap
    c.print("\n[bold]2. largest first[/]")
    scores = [31, 87, 12, 95, 60]
    h = [-s for s in scores]
    heapq.heapify(h)
    c.print(f"heapq on negated keys {h}: pops "
            f"{[-heapq.heappop(h) for _ in range(len(scores))]}")
    mh = dh.BinaryHeap(scores, max_heap=True)
    c.print(f"BinaryHeap(scores, max_heap=True): pops {[mh.pop() for _ in range(len(scores))]}")
    # 3. top-K of a stream
    c.print("\n[bold]3. top 3 of a stream, holding 3[/]")
    stream = [41, 7, 93, 18, 66, 2, 88, 54, 97, 30]
    top: list = []
    events = []
    for x in stream:
        if len(top) < 3:
            heapq.heappush(top, x)
            events.append(f"{x}: push")
        elif x > top[0]:
            old = heapq.heapreplace(top, x)
            events.append(f"{x}: replaces {old}")
        else:
            events.append(f"[dim]{x}: ≤ {top[0]}, skipped[/]")
    c.print(", ".join(events))
    c.print(f"top 3 = {sorted(top, reverse=True)} (the heap's root, {top[0]}, is "
            f"the bar a newcomer must clear)")


# ===========================================================================
# Animations: sift-up and sift-down one swap at a time


def _swap_caption(heap: Sequence[object], n: int, i: int, j: int, verb: str) -> str:
    top, low = sorted((i, j))
    return (f"swap {n}: {heap[top]} (now index {top}) {verb} {heap[low]} "
            f"(now index {low})")


@hooks.animation("push")
def push_animation(ctx: Context) -> None:
    heap = list(EXAMPLE)
    frame(ctx, heap, f"before: {heap}")
    ctx.pause("Enter to append 2, q to quit")
    heap.append(PUSHED)
    last = len(heap) - 1
    p = dh.parent(last)
    frame(ctx, heap, f"append {PUSHED} at index {last}; its parent is index {p} "
          f"({heap[p]}): {PUSHED} < {heap[p]}, the rule is broken", marked=(last,))
    swaps = 0

    def on_swap(i: int, j: int) -> None:
        nonlocal swaps
        swaps += 1
        ctx.pause("Enter for the next swap, q to quit")
        frame(ctx, heap, _swap_caption(heap, swaps, i, j, "moves above"), marked=(i, j))

    stats = dh.HeapStats()
    dh.sift_up(heap, last, stats=stats, on_swap=on_swap)
    assert stats.swaps == swaps and dh.is_heap(heap)
    ctx.console.print(Text.assemble(
        ("after push(2): ", "bold"), (repr(heap), "bold cyan"),
        f" after {swaps} swaps ({stats.comparisons} comparisons); "
        f"is_heap → {dh.is_heap(heap)}"))
    ctx.shared["push_result"] = heap            # the pop animation starts here


@hooks.animation("pop")
def pop_animation(ctx: Context) -> None:
    heap = list(ctx.shared.get("push_result") or _pushed_example())
    frame(ctx, heap, f"before: {heap}; the minimum, {heap[0]}, is at index 0")
    ctx.pause("Enter to take the root, q to quit")
    top = heap[0]
    last = heap.pop()
    heap[0] = last
    frame(ctx, heap, f"take {top}; move the last item, {last}, into the root",
          marked=(0,))
    swaps = 0

    def on_swap(i: int, j: int) -> None:
        nonlocal swaps
        swaps += 1
        ctx.pause("Enter for the next swap, q to quit")
        frame(ctx, heap, _swap_caption(heap, swaps, i, j, "moves up above"),
              marked=(i, j))

    stats = dh.HeapStats()
    dh.sift_down(heap, 0, stats=stats, on_swap=on_swap)
    assert stats.swaps == swaps and dh.is_heap(heap)
    ctx.console.print(Text.assemble(
        ("pop() → ", "bold"), (str(top), "bold"), ("; the heap is now ", "bold"),
        (repr(heap), "bold cyan"),
        f" after {swaps} swaps ({stats.comparisons} comparisons); "
        f"is_heap → {dh.is_heap(heap)}"))


def _pushed_example() -> list:
    heap = list(EXAMPLE)
    dh.heappush(heap, PUSHED)
    return heap


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
                                "heapq": t_heapq, "n": n}
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
            f" its {_bytes(cache.size_bytes)} L2"
    return Text.assemble(
        ("Why heap vs insort moved: ", "bold"),
        f"insort's drain moves about n²/4 = {moved:,.0f} pointers: "
        f"{PUB_DRAIN_INSORT / moved * 1e9:.2f} ns each published, "
        f"{t_insort / moved * 1e9:.2f} ns each now. The heap's drain is 2n = "
        f"{count(2 * n)} heapq calls: {PUB_DRAIN_HEAP / (2 * n) * 1e9:.0f} ns each "
        f"published, {t_heapq / (2 * n) * 1e9:.0f} ns each now. The ratio is the "
        "first cost over the second, and they depend on different things: "
        "insort on how fast memory moves pointers (a list of "
        f"{_bytes(list_bytes)}, {fits(pub_l2)} on the published machine and "
        f"{fits(l2)} on this one), heapq on how fast the interpreter makes a "
        "call and compares two floats.")


@hooks.claim("plain_list_quadratic")
def plain_list_quadratic(ctx: Context) -> Verdict:
    race = ctx.shared.get("drain_race")
    if race is None:
        return not_measured("the drain race")
    growth = race["growth"]
    holds = True if 3.0 <= growth <= 5.5 else None if 2.4 <= growth <= 7 else False
    return Verdict(holds, f"doubling the plain list's jobs took {growth:.1f}x the time",
                   {"growth": f"{growth:.1f}x"})


@hooks.claim("heap_beats_insort")
def heap_beats_insort(ctx: Context) -> Verdict:
    race = ctx.shared.get("drain_race")
    if race is None:
        return not_measured("the drain race")
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


@hooks.claim("heapify_faster_in_time")
def heapify_faster_in_time(ctx: Context) -> Verdict:
    if "heapq_build" not in ctx.shared:
        return not_measured("the heapq build times")
    heapify_runs, push_runs, t_call = ctx.shared["heapq_build"]
    ratio = Ratio.of(push_runs, heapify_runs)
    share = t_call / statistics.median(push_runs)
    values = {"ratio": ratio.text(), "share": f"{share:.0%}",
              "published": format_ratio(PUB_BUILD_PUSH_S / PUB_BUILD_HEAPIFY_S)}
    holds = ratio.at_least(2.0)
    return Verdict(holds, f"heapq push loop / heapify {ratio.text()}; the loop and "
                   f"call alone are {share:.0%} of the push loop", values)


@hooks.claim("c_heapify_vs_push")
def c_heapify_vs_push(ctx: Context) -> Verdict:
    if "c_build" not in ctx.shared:
        return not_measured("the C build kernel")
    heapify_ns, push_ns = ctx.shared["c_build"]
    ratio = Ratio.of(push_ns, heapify_ns)
    holds = ratio.at_least(1.5)
    if holds is None and not ratio.steady():
        evidence = f"C push / heapify {ratio.text()}: too noisy to tell"
    else:
        evidence = f"C push / heapify {ratio.text()}"
    return Verdict(holds, evidence, {"ratio": ratio.text()})


# ===========================================================================
# Experiment 3: where the second-smallest sits


def subtree_sizes(n: int) -> tuple[int, int]:
    """Sizes of the root's left and right subtrees in a complete tree of n."""
    def size(i: int) -> int:
        total, width = 0, 1
        while i < n:
            total += min(width, n - i)
            i, width = 2 * i + 1, width * 2
        return total
    return size(1), size(2)


def share_at_two(n: int) -> float:
    """Predicted share of heaps with the second-smallest at index 2."""
    _, right = subtree_sizes(n)
    return right / (n - 1)


def count_at_two(size: int, trials: int, seed: int) -> int:
    rng = random.Random(seed)
    rnd = rng.random
    heapify = heapq.heapify
    hits = 0
    for _ in range(trials):
        h = [rnd() for _ in range(size)]
        heapify(h)
        if h[2] < h[1]:
            hits += 1
    return hits


@hooks.experiment("second_smallest")
def second_smallest(ctx: Context) -> None:
    c = ctx.console
    trials = 2_000 if ctx.quick else PUB_SECOND_TRIALS
    chosen = 26
    sizes = [6, 7, 15, 26, 53, 77, 100, 106, 1000]
    ctx.quick_note(f"{count(trials)} random heaps per size instead of 20,000; "
                   "counts are scaled to 20,000 for comparison.")
    detail = Table(box=box.SIMPLE, title=f"second-smallest at index 2, "
                   f"{count(trials)} random heaps per size (heapq.heapify of random floats)",
                   title_justify="left")
    for col in ("heap size", "left / right subtree", "predicted share right/(n-1)",
                "measured: index 2", "measured share", "per 20,000"):
        detail.add_column(col, justify="right", overflow="fold")
    measured_at: dict[int, int] = {}
    with ctx.working("building random heaps"):
        for size in sizes:
            hits = count_at_two(size, trials, seed=size)
            measured_at[size] = hits
            left, right = subtree_sizes(size)
            detail.add_row(str(size), f"{left} / {right}",
                           f"{share_at_two(size):.3f}", count(hits),
                           f"{hits / trials:.3f}",
                           count(round(hits * PUB_SECOND_TRIALS / trials)),
                           style="bold" if size == chosen else None)
    c.print(detail)

    # Which sizes does 8,074 of 20,000 point to?  Within two standard
    # deviations of the predicted count.
    p_pub = PUB_SECOND_AT_2 / PUB_SECOND_TRIALS
    fits = []
    for n in range(3, 130):
        p = share_at_two(n)
        sd = math.sqrt(PUB_SECOND_TRIALS * p * (1 - p))
        if abs(PUB_SECOND_TRIALS * p - PUB_SECOND_AT_2) <= 2 * sd:
            fits.append(n)
    c.print(f"Heap sizes below 130 whose predicted count is within two standard "
            f"deviations of 8,074: {', '.join(map(str, fits))}.")

    hits = measured_at[chosen]
    per = hits * PUB_SECOND_TRIALS / trials
    rows = [Figure(
        f"second-smallest at index 2, {count(PUB_SECOND_TRIALS)} random heaps",
        "8,074 of 20,000 (heap size not published)",
        f"{count(round(per))} of 20,000 at size {chosen} (our choice)"
        + ("" if trials == PUB_SECOND_TRIALS else f", from {count(trials)} heaps"),
        f"share {p_pub:.3f} published · {per / PUB_SECOND_TRIALS:.3f} now; "
        f"predicted {share_at_two(chosen):.3f}"),
        Figure("same, at sizes 7 / 100 / 1000", "—",
               " / ".join(f"{measured_at[s] / trials:.3f}" for s in (7, 100, 1000)),
               "predicted " + " / ".join(f"{share_at_two(s):.3f}" for s in (7, 100, 1000))),
    ]
    ctx.table("Experiment 3: where the second-smallest item sits", rows,
              caption=f"We use size {chosen}: its right subtree holds "
                      f"{subtree_sizes(chosen)[1]} of the {chosen - 1} non-root "
                      "positions. The share is a property of the size, not of heaps.")


# ===========================================================================
# Experiment 4: top 10 of a stream


def top_k_heap(stream, k: int) -> list:
    """The k largest values of ``stream``, holding only k of them."""
    it = iter(stream)
    heap = list(itertools.islice(it, k))
    heapq.heapify(heap)
    replace = heapq.heapreplace
    bar = heap[0]
    for x in it:
        if x > bar:
            replace(heap, x)
            bar = heap[0]
    return sorted(heap, reverse=True)


def top_k_sorted(stream, k: int) -> list:
    return sorted(stream, reverse=True)[:k]


@hooks.experiment("top_k")
def top_k(ctx: Context) -> None:
    n = 500_000 if ctx.quick else PUB_TOPK_N
    k = PUB_TOPK_K
    repeat = 1 if ctx.quick else 3
    ctx.quick_note(f"a stream of {count(n)} values instead of 5,000,000; "
                   "compare the ratios and shares, not the times.")

    # Two ways to produce the stream: random floats (cheap) and random
    # integers with randint (a common choice, and several times dearer).
    def floats(seed: int = 7):
        rnd = random.Random(seed).random
        return (rnd() for _ in range(n))

    def ints(seed: int = 7):
        randint = random.Random(seed).randint
        return (randint(0, 10**9) for _ in range(n))

    def drain(stream) -> None:
        for _ in stream:
            pass

    with ctx.working("timing the stream and the heap separately"):
        t_floats = measure(lambda: drain(floats()), repeat=repeat, warmup=0)
        values = list(floats())                      # untimed: the values in memory
        held_bytes = sys.getsizeof(values) + n * sys.getsizeof(0.5)
        t_heap = measure(lambda: top_k_heap(values, k), repeat=repeat)
        t_sort = measure(lambda: top_k_sorted(values, k), repeat=1, warmup=0)
        assert top_k_heap(values, k) == top_k_sorted(values, k)
        del values
        gc.collect()
        t_heap_floats = measure(lambda: top_k_heap(floats(), k), repeat=repeat, warmup=0)
        t_heap_ints = measure(lambda: top_k_heap(ints(), k), repeat=1, warmup=0)
        t_sort_floats = measure(lambda: top_k_sorted(floats(), k), repeat=1, warmup=0)

    per_value = t_heap.median / n
    rows = [
        Figure(f"the stream alone: {count(n)} × random.random()", "—",
               seconds(t_floats.median), "producing the values, nothing else"),
        Figure(f"bounded heap of {k} alone (values already in a list)", "—",
               seconds(t_heap.median), f"{per_value * 1e9:.0f} ns a value"),
        Figure("sorted() alone (values already in a list)", "—",
               seconds(t_sort.median),
               ratio_pair("sorted / heap", None, t_sort.median / t_heap.median)),
        Figure("sorted() everything, float stream included",
               "2,018 ms holding 5M values",
               f"{seconds(t_sort_floats.median)} holding {count(n)} values "
               f"(≈ {held_bytes / 1e6:,.0f} MB)", ""),
        Figure(f"bounded heap of {k} with replace, float stream included",
               "1,078 ms holding 10",
               f"{seconds(t_heap_floats.median)} holding {k}",
               ratio_pair("sorted / heap", PUB_TOPK_SORTED / PUB_TOPK_HEAP,
                          t_sort_floats.median / t_heap_floats.median)),
        Figure(f"bounded heap of {k}, stream of random.randint(0, 10**9) included",
               "1,078 ms", seconds(t_heap_ints.median),
               f"the heap's own share: {t_heap.median / t_heap_ints.median:.0%}; "
               f"the stream's: {1 - t_heap.median / t_heap_ints.median:.0%}"),
    ]
    published_per_value = PUB_TOPK_HEAP / PUB_TOPK_N
    ctx.shared["top_k"] = {"n": n, "heap": t_heap.median,
                           "floats": t_heap_floats.median, "ints": t_heap_ints.median}
    ctx.table(f"Experiment 4: top {k} of a {count(n)}-value stream", rows,
              caption=f"The heap's own work is one comparison per value against the "
                      f"root plus a rare replace: {per_value * 1e9:.0f} ns a value "
                      f"here. The published 1,078 ms is "
                      f"{published_per_value * 1e9:.0f} ns a value. Time the stream "
                      "and the heap separately.")


@hooks.claim("top_k_published_is_stream")
def top_k_published_is_stream(ctx: Context) -> Verdict:
    """Which of the measured variants the published 1,078 ms fits, once this
    machine's speed is scaled to the published one's (by the heapq drain,
    the same kind of work measured on both)."""
    top, race = ctx.shared.get("top_k"), ctx.shared.get("drain_race")
    if top is None:
        return not_measured("the top-10 timings")
    scale = race["heapq"] / PUB_DRAIN_HEAP if race else 1.0
    n = top["n"]
    published = PUB_TOPK_HEAP / PUB_TOPK_N
    per = {"the heap alone": top["heap"] / n,
           "random.random() values plus the heap": top["floats"] / n,
           "random.randint() values plus the heap": top["ints"] / n}
    scaled = {name: t / scale for name, t in per.items()}
    closest = min(scaled, key=lambda name: abs(math.log(scaled[name] / published)))
    evidence = ("scaled to the published machine: " + "; ".join(
        f"{name} {v * 1e9:.0f} ns a value" for name, v in scaled.items())
        + f"; published {published * 1e9:.0f} ns")
    values = {"closest": closest, "scale": format_ratio(scale),
              "near": f"{scaled[closest] * 1e9:.0f} ns",
              "heap": f"{scaled['the heap alone'] * 1e9:.0f} ns",
              "published": f"{published * 1e9:.0f} ns"}
    return Verdict(closest != "the heap alone", evidence, values)


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


def _bytes(n: int) -> str:
    from dsa.machine import format_bytes
    return format_bytes(n)


@hooks.experiment("cache_lines")
def cache_lines(ctx: Context) -> None:
    c = ctx.console
    nh = ctx.require_native("binary vs 4-ary heaps in C (times and cache lines)", "heap")
    if nh is None:
        return

    sizes = _sizes_for(ctx)
    ops = 20_000 if ctx.quick else 100_000
    seeds = (1, 2, 3)
    line_ops = 2_000 if ctx.quick else 10_000
    ctx.quick_note(f"{count(ops)} timed operations per size (full: 100,000), up to "
                   f"{count(line_ops)} traced (full: 10,000), and the largest heap is "
                   f"{_bytes(sizes[-1][0] * 8)} instead of 4x the last cache.")
    clipped = [cache for cache in ctx.machine.caches if cache.size_bytes > MAX_CACHE_BYTES]
    if clipped:
        c.print(Text.assemble(("smaller: ", "bold yellow"),
                f"this machine reports {', '.join(f'{x.label} {_bytes(x.size_bytes)}' for x in clipped)}"
                f", more than one core's share on any current CPU (a virtual machine "
                f"often reports the host's whole cache); the heap sizes treat it as "
                f"{_bytes(MAX_CACHE_BYTES)}."))
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
            table.add_row(count(size), _bytes(size * 8), where,
                          f"{b[0]:.1f} / {q[0]:.1f}", f"{b[1]:.1f} / {q[1]:.1f}",
                          f"{b[2]:.2f} / {q[2]:.2f}", f"{b[3]:.2f} / {q[3]:.2f}")
    c.print(table)
    c.print("This machine's caches: "
            + ", ".join(f"{cache.label} {_bytes(cache.size_bytes)}"
                        for cache in ctx.machine.caches)
            + f"; {ctx.machine.line_bytes}-byte lines. Levels below the root: "
            + ", ".join(f"{count(size)} items: {_levels(size, 2)} binary, "
                        f"{_levels(size, 4)} 4-ary" for size, _ in (sizes[0], sizes[-1]))
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
        f"a heap of {count(CG_SIZE)} items ({_bytes(CG_SIZE * 8)}), per pop-and-push: "
        f"binary {per_pair[2][0]:.2f} L1 / {per_pair[2][1]:.2f} last-level, 4-ary "
        f"{per_pair[4][0]:.2f} / {per_pair[4][1]:.2f}; the difference of two runs of "
        f"the kernel ({count(CG_OPS)} and {count(2 * CG_OPS)} operations), so building "
        "the heap is not counted; the fresh values' array adds its own 1/8 of a line "
        "an operation."), highlight=False)
    ctx.closing.append(
        f"simulated misses (valgrind), heap of {count(CG_SIZE)} items, per pop-and-push "
        f"(L1 / last level): binary {per_pair[2][0]:.2f} / {per_pair[2][1]:.2f}, "
        f"4-ary {per_pair[4][0]:.2f} / {per_pair[4][1]:.2f}")


def _levels(size: int, arity: int) -> int:
    """Levels below the root of a complete d-ary tree of ``size`` items."""
    levels, last = 0, size - 1
    while last > 0:
        last = (last - 1) // arity
        levels += 1
    return levels


@hooks.claim("four_ary_wins_past_cache")
def four_ary_wins_past_cache(ctx: Context) -> Verdict:
    if "cache_lines" not in ctx.shared:
        return not_measured("the C heaps")
    per, (size, where) = ctx.shared["cache_lines"]
    time_ratio = per[2][1] / per[4][1]
    line_ratio = per[2][3] / per[4][3]
    return Verdict(threshold(time_ratio, 1.15, 1.0), f"{count(size)} items ({where}): binary / 4-ary pop time "
                   f"{format_ratio(time_ratio)}, lines {format_ratio(line_ratio)}",
                   {"time": format_ratio(time_ratio), "lines": format_ratio(line_ratio)})
