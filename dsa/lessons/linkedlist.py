"""The live part of the arrays-vs-linked-lists lesson (text: lessons/linkedlist.md).

Every function here is called by a marker in the text and gets a
:class:`~dsa.lessons.runner.Context`.  The Python experiments time plain
Python loops (the learner could type them); the C experiments call the
kernels of :mod:`dsa.native.linkedlist`, which time themselves inside C.
Where a published experiment is too slow or too large to run at full size
within the lesson's time budget, it runs smaller and the table says so.
"""

from __future__ import annotations

import gc
import math
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from array import array
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from rich.markup import escape
from rich.text import Text

from dsa.machine import Machine, format_bytes
from dsa.timing import format_ratio, format_seconds, measure

from .figures import Figure, Ratio, count, ratio_pair, seconds, spread
from .runner import Context, Hooks, Verdict, not_measured, threshold

hooks = Hooks()

# The published figures (seed-figures.md, arrays vs linked lists), as numbers.
PUB_N = 10_000_000
PUB_LIST_WALK = 0.53              # s for 10,000,000
PUB_NODE_WALK = 1.53
PUB_LIST_NS, PUB_NODE_NS = 52.6e-9, 153.3e-9
PUB_L1, PUB_DRAM = 1.26e-9, 81.5e-9
PUB_CHASE_VS_SEQ = 132
PUB_GIB_WALK = 0.62e-9
PUB_IN_ORDER, PUB_SHUFFLED = 44.4e-9, 265.8e-9
PUB_ALLOC_RATIO = 2.1
PUB_FRONT = (572_255e-9, 243e-9)
PUB_MIDDLE = (255_486e-9, 63_488_013e-9)
PUB_APPENDLEFT = (53.3e-9, 25_434e-9)
PUB_REMOVE = (335e-9, 13_692e-9)
MEMORY_N = 1_000_000
OPS_N = 1_000_000

#: Seconds the Python walk may take in full mode; above it the walk runs
#: smaller (and says so).
PYTHON_WALK_BUDGET_S = 5.0
PYTHON_WALK_SIZES = (10_000_000, 5_000_000, 2_000_000, 1_000_000)

#: The ladder's chart, saved only with --charts DIR.
SVG_NAME = "latency-ladder.svg"

#: Timed repeats of each timed figure (the median is shown, with the range).
REPEATS = 3


class Node:
    """The textbook node: a value and the next node (no per-object dict)."""

    __slots__ = ("value", "next")

    def __init__(self, value: Any, next: "Node | None" = None) -> None:
        self.value = value
        self.next = next


# ===========================================================================
# Building and walking, in plain Python


def build_nodes(values: Sequence[int]) -> Node | None:
    """Nodes created in list order (so they sit roughly in address order)."""
    head = tail = None
    for v in values:
        node = Node(v)
        if tail is None:
            head = node
        else:
            tail.next = node
        tail = node
    return head


def build_nodes_shuffled(values: Sequence[int], seed: int = 1) -> Node | None:
    """The same values in the same list order, but the nodes were created in a
    shuffled order: following ``next`` jumps around memory."""
    order = list(range(len(values)))
    random.Random(seed).shuffle(order)
    nodes: list[Node | None] = [None] * len(values)
    for i in order:                      # allocation order: shuffled
        nodes[i] = Node(values[i])
    for i in range(len(values) - 1):     # list order: as given
        nodes[i].next = nodes[i + 1]     # type: ignore[union-attr]
    return nodes[0] if nodes else None


def sum_list(values: Sequence[int]) -> int:
    total = 0
    for x in values:
        total += x
    return total


def sum_nodes(head: Node | None) -> int:
    total = 0
    node = head
    while node is not None:
        total += node.value
        node = node.next
    return total


def sum_by_index(values: Sequence[int], order: Sequence[int]) -> int:
    total = 0
    for i in order:
        total += values[i]
    return total


def range_sum(n: int) -> int:
    """0 + 1 + ... + (n - 1)."""
    return n * (n - 1) // 2


def _linked_classes():
    """dsa.linkedlist's lists, or None if that module cannot be imported."""
    try:
        from dsa.linkedlist import DoublyLinkedList, SinglyLinkedList
    except Exception:  # pragma: no cover - only while the module is unfinished
        return None
    return SinglyLinkedList, DoublyLinkedList


def _available_memory() -> int | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def python_walk_size(ctx: Context) -> tuple[int, str]:
    """The size of the Python walk in this mode, and why."""
    if ctx.quick:
        return 200_000, "quick mode"
    probe = 200_000
    values = list(range(probe))
    start = time.perf_counter()
    head = build_nodes(values)
    sum_nodes(head)
    sum_list(values)
    per = (time.perf_counter() - start) / probe
    del head
    # built once, walked twice (warm-up and timed) each: about 1.7x the probe
    memory = _available_memory()
    for n in PYTHON_WALK_SIZES:
        estimate = per * n * (0.7 + REPEATS + 1)
        fits_memory = memory is None or n * 130 < memory // 2
        if estimate <= PYTHON_WALK_BUDGET_S and fits_memory:
            return n, ("full size" if n == PUB_N else
                       f"a 10,000,000 walk would take about "
                       f"{format_seconds(per * PUB_N * (0.7 + REPEATS + 1))} here "
                       f"({REPEATS} timed walks each), over the "
                       f"{PYTHON_WALK_BUDGET_S:.0f} s budget")
    return PYTHON_WALK_SIZES[-1], "the machine is slow or short of memory"


# ===========================================================================
# Step 1: walking ten million numbers in Python


@hooks.experiment("python_walk")
def python_walk(ctx: Context) -> None:
    with ctx.working("choosing a size that fits the time budget"):
        n, why = python_walk_size(ctx)
    if n != PUB_N:
        msg = (f"{count(n)} elements instead of 10,000,000 ({why}); per-element "
               "times and the ratio do not depend on the size, and the total is "
               "scaled to 10,000,000 where marked est.")
        ctx.console.print(Text.assemble(("smaller: ", "bold yellow"), msg))
    with ctx.working(f"building {count(n)} ints and {count(n)} nodes"):
        values = list(range(n))
        head = build_nodes(values)
    with ctx.working("walking both"):
        gc.disable()
        try:
            got: dict[str, int] = {}
            r_list = measure(lambda: got.__setitem__("list", sum_list(values)),
                             repeat=REPEATS).runs
            r_nodes = measure(lambda: got.__setitem__("nodes", sum_nodes(head)),
                              repeat=REPEATS).runs
        finally:
            gc.enable()
    t_list, t_nodes = statistics.median(r_list), statistics.median(r_nodes)
    total_nodes = got["nodes"]
    assert got["list"] == total_nodes == range_sum(n)
    scaled = PUB_N / n
    ctx.console.print(Text(f"Both walks summed to {count(total_nodes)} "
                           f"(0 + 1 + ... + {count(n - 1)})."))
    rows = [
        Figure(f"walk and sum {count(n)} ints, Python list",
               f"{seconds(PUB_LIST_WALK)} ({PUB_LIST_NS * 1e9:.1f} ns/el)",
               f"{spread(r_list)} ({t_list / n * 1e9:.1f} ns/el)"
               + ("" if n == PUB_N else f"; 10M ≈ {format_seconds(t_list * scaled)} (est.)"),
               "the baseline"),
        Figure(f"same data as {count(n)} __slots__ Node objects",
               f"{seconds(PUB_NODE_WALK)} ({PUB_NODE_NS * 1e9:.1f} ns/el)",
               f"{spread(r_nodes)} ({t_nodes / n * 1e9:.1f} ns/el)"
               + ("" if n == PUB_N else f"; 10M ≈ {format_seconds(t_nodes * scaled)} (est.)"),
               f"nodes / list: {format_ratio(PUB_NODE_WALK / PUB_LIST_WALK)} published · "
               f"{Ratio.of(r_nodes, r_list).text()} now"),
    ]
    ctx.table(f"Experiment 1: walk and sum {count(n)} integers in Python", rows,
              caption=f"Median (fastest–slowest) of {REPEATS} timed walks each after a "
                      "warm-up walk, garbage collector paused; the ratio's range pairs "
                      "the extremes. Nodes were created in list order, the friendliest "
                      "layout a linked list can have.")
    ctx.shared["python_walk"] = (n, r_list, r_nodes)
    del head, values
    gc.collect()


# ===========================================================================
# Step 2: the same walk in C


C_WALK_NAMES = {
    "array": "int64 array, in order",
    "nodes_pool": "24-byte nodes, laid out in list order (pool)",
    "nodes_malloc": "nodes, one malloc each, in list order",
    "nodes_shuffled": "pool nodes, linked in shuffled order",
}


def _c_walks(ctx: Context, mod: Any) -> tuple[int, dict]:
    if "c_walks" not in ctx.shared:
        n = ctx.size(3_000_000, 200_000)
        with ctx.working(f"walking {count(n)} values four ways in C"):
            results = mod.walks(n, tuple(C_WALK_NAMES), repeats=REPEATS)
        ctx.shared["c_walks"] = (n, results)
    return ctx.shared["c_walks"]


@hooks.experiment("c_walks")
def c_walks(ctx: Context) -> None:
    mod = ctx.require_native("the C walks (array, in-order nodes, shuffled nodes)",
                             "linkedlist")
    if mod is None:
        return
    n, results = _c_walks(ctx, mod)
    if n != PUB_N:
        size = format_bytes(n * mod.NODE_BYTES)
        msg = (f"{count(n)} values instead of 10,000,000, {REPEATS} timed passes each, to fit "
               "the time budget "
               f"(the nodes take {size}"
               + (f", past this machine's {format_bytes(_l3(ctx.machine))} L3"
                  if _l3(ctx.machine) and n * mod.NODE_BYTES > _l3(ctx.machine) else "")
               + "); the benchmark (python -m dsa.bench linkedlist) runs 10,000,000.")
        ctx.console.print(Text.assemble(("smaller: ", "bold yellow"), msg))
    base = results["array"].ns_per_element
    rows = []
    for kind, name in C_WALK_NAMES.items():
        r = results[kind]
        ok = "" if r.ok else " WRONG SUM"
        rows.append(Figure(
            f"{name}: sum {count(r.sum)}{ok}",
            {"array": "0.62 ns/el (1 GiB)"}.get(kind, "—"),
            spread([p / r.n for p in r.pass_ns], _ns) + "/el",
            "the baseline" if kind == "array"
            else f"{walk_ratio(results, kind, 'array').text()} the array"))
    ctx.table(f"Experiment 2: walk and sum {count(n)} values inside C", rows,
              caption=f"Median (fastest–slowest) of {REPEATS} timed passes after one "
                      "warm-up pass, timed in C. "
                      f"Every walk summed to the same {count(results['array'].expected_sum)}. "
                      "Published: only the 1 GiB array walk was given in C.")


def _ns(value: float) -> str:
    return f"{value:.2f} ns"


def walk_ratio(results: dict, a: str, b: str) -> Ratio:
    """Time per element of walk ``a`` over walk ``b``, with its range."""
    return Ratio.of(results[a].pass_ns, results[b].pass_ns)


@hooks.claim("python_nodes_slower")
def python_nodes_slower(ctx: Context) -> Verdict:
    if "python_walk" not in ctx.shared:
        return not_measured("the Python walks")
    _, r_list, r_nodes = ctx.shared["python_walk"]
    ratio = Ratio.of(r_nodes, r_list)
    evidence = f"nodes / list {ratio.text()}"
    holds = ratio.at_least(1.1)
    return Verdict(holds, evidence, {"ratio": ratio.text()})


@hooks.claim("inorder_nodes_vs_array")
def inorder_nodes_vs_array(ctx: Context) -> Verdict:
    if "c_walks" not in ctx.shared:
        return not_measured("the C walks")
    _, results = ctx.shared["c_walks"]
    ratio = walk_ratio(results, "nodes_pool", "array")
    values = {"ratio": ratio.text(),
              "array": _ns(results["array"].ns_per_element),
              "pool": _ns(results["nodes_pool"].ns_per_element)}
    evidence = f"in-order pool nodes / array {ratio.text()}"
    return Verdict(ratio.at_least(2.0), evidence, values)


@hooks.claim("shuffled_nodes_wait")
def shuffled_nodes_wait(ctx: Context) -> Verdict:
    if "c_walks" not in ctx.shared:
        return not_measured("the C walks")
    _, results = ctx.shared["c_walks"]
    ratio = walk_ratio(results, "nodes_shuffled", "nodes_pool")
    return Verdict(ratio.at_least(3.0), f"shuffled / in-order nodes {ratio.text()}",
                   {"ratio": ratio.text()})


def _l3(machine: Machine) -> int:
    c = machine.cache(3) or machine.cache(2)
    return c.size_bytes if c else 0


# ===========================================================================
# Step 3: shuffled array, no pointers


@hooks.experiment("shuffled_array")
def shuffled_array(ctx: Context) -> None:
    n = ctx.size(1_000_000, 200_000)
    if ctx.quick:
        ctx.quick_note(f"Python at {count(n)} elements and C at 1,000,000 (full: "
                       "1,000,000 and 10,000,000).")
    else:
        ctx.console.print(Text.assemble(("smaller: ", "bold yellow"),
                          "Python at 1,000,000 elements to fit the time budget; C at "
                          "10,000,000."))
    with ctx.working("building the array and the two visiting orders"):
        values = list(range(n))
        in_order = list(range(n))
        shuffled = in_order[:]
        random.Random(1).shuffle(shuffled)
    with ctx.working("summing in order and in shuffled order"):
        gc.disable()
        try:
            r_in = [t / n for t in measure(lambda: sum_by_index(values, in_order),
                                           repeat=REPEATS).runs]
            r_sh = [t / n for t in measure(lambda: sum_by_index(values, shuffled),
                                           repeat=REPEATS).runs]
        finally:
            gc.enable()
    assert sum_by_index(values, shuffled[:1000]) == sum(shuffled[:1000])
    t_in, t_sh = statistics.median(r_in), statistics.median(r_sh)
    per_op = lambda t: f"{t * 1e9:.1f} ns"       # noqa: E731
    rows = [
        Figure(escape(f"Python: values[i] for {count(n)} indices in order"),
               f"{PUB_IN_ORDER * 1e9:.1f} ns/op", spread(r_in, per_op) + "/op",
               "the baseline"),
        Figure("same list, same indices, shuffled order",
               f"{PUB_SHUFFLED * 1e9:.1f} ns/op", spread(r_sh, per_op) + "/op",
               f"shuffled / in order: {format_ratio(PUB_SHUFFLED / PUB_IN_ORDER)} "
               f"published · {Ratio.of(r_sh, r_in).text()} now"),
    ]
    ctx.shared["python_shuffled"] = (r_in, r_sh)
    del values, in_order, shuffled
    mod = ctx.native_module("linkedlist")
    if mod is not None:
        cn = ctx.size(10_000_000, 1_000_000)
        with ctx.working(f"the same in C, {count(cn)} int64"):
            r = mod.walks(cn, ("array", "array_shuffled"), repeats=REPEATS)
        ctx.shared["c_shuffled_array"] = r
        rows += [
            Figure(f"C: int64 array of {count(cn)}, in order", "—",
                   spread([p / cn for p in r["array"].pass_ns], _ns) + "/op",
                   "the baseline"),
            Figure("C: same array, shuffled order", "—",
                   spread([p / cn for p in r["array_shuffled"].pass_ns], _ns) + "/op",
                   f"shuffled / in order: {walk_ratio(r, 'array_shuffled', 'array').text()} now"),
        ]
    else:
        ctx.explain_missing_native("the C version of the shuffled-array walk")
    ctx.table("Experiment 3: the same array visited in order and shuffled", rows,
              caption="No linked list anywhere: only the order of the visits changed. "
                      "In Python each int is an object created in order, so a shuffled "
                      "visit also jumps between int objects.")
    ctx.console.print(python_shuffle_parts(t_in, t_sh))


def python_shuffle_parts(t_in: float, t_sh: float) -> Text:
    """Why the Python ratio moved: the ratio is (interpreter + memory) over
    interpreter, so a faster interpreter or slower memory both raise it."""
    def parts(t_a: float, t_b: float) -> str:
        return (f"interpreter and in-order visit {t_a * 1e9:.1f} ns, extra for the "
                f"scattered memory {(t_b - t_a) * 1e9:.1f} ns: "
                f"{format_ratio(t_b / t_a)}")
    return Text.assemble(
        ("Why the ratio moved: ", "bold"),
        "shuffled / in order = (interpreter + memory) / interpreter. Published: ",
        parts(PUB_IN_ORDER, PUB_SHUFFLED), ". Now: ", parts(t_in, t_sh), ".")


@hooks.claim("shuffled_array_beats_shuffled_nodes")
def shuffled_array_beats_shuffled_nodes(ctx: Context) -> Verdict:
    if "c_shuffled_array" not in ctx.shared or "c_walks" not in ctx.shared:
        return not_measured("the C walks")
    array = ctx.shared["c_shuffled_array"]["array_shuffled"]
    nodes = ctx.shared["c_walks"][1]["nodes_shuffled"]
    ratio = Ratio.of([p / nodes.n for p in nodes.pass_ns],
                     [p / array.n for p in array.pass_ns])
    return Verdict(ratio.at_least(1.2),
                   f"shuffled nodes / shuffled array, per element: {ratio.text()}",
                   {"ratio": ratio.text()})


# ===========================================================================
# Step 4: allocation order


@hooks.experiment("allocation_order")
def allocation_order(ctx: Context) -> None:
    n = ctx.size(500_000, 100_000)
    ctx.quick_note(f"{count(n)} Python nodes (full: 500,000).")
    values = list(range(n))
    with ctx.working("building the two lists"):
        ordered = build_nodes(values)
        scattered = build_nodes_shuffled(values)
    with ctx.working("walking both"):
        gc.disable()
        try:
            r_o = [t / n for t in measure(lambda: sum_nodes(ordered), repeat=REPEATS).runs]
            r_s = [t / n for t in measure(lambda: sum_nodes(scattered), repeat=REPEATS).runs]
        finally:
            gc.enable()
    assert sum_nodes(ordered) == sum_nodes(scattered) == range_sum(n)
    per_el = lambda t: f"{t * 1e9:.1f} ns"       # noqa: E731
    ctx.shared["allocation_order"] = (r_o, r_s)
    rows = [
        Figure(f"Python: {count(n)} nodes created in list order", "—",
               spread(r_o, per_el) + "/el", "the baseline"),
        Figure("same list, nodes created in shuffled order", "2.1x slower walk",
               spread(r_s, per_el) + "/el",
               f"shuffled / in order: {format_ratio(PUB_ALLOC_RATIO)} published · "
               f"{Ratio.of(r_s, r_o).text()} now"),
    ]
    del ordered, scattered, values
    gc.collect()
    mod = ctx.native_module("linkedlist")
    if mod is not None:
        cn, results = _c_walks(ctx, mod)
        rows += [
            Figure(f"C: {count(cn)} pool nodes in list order", "—",
                   f"{results['nodes_pool'].ns_per_element:.2f} ns/el", "the baseline"),
            Figure("C: same nodes linked in shuffled order", "—",
                   f"{results['nodes_shuffled'].ns_per_element:.2f} ns/el",
                   f"shuffled / in order: "
                   f"{walk_ratio(results, 'nodes_shuffled', 'nodes_pool').text()} now"),
        ]
    else:
        ctx.explain_missing_native("the C version of the allocation-order walk")
    ctx.table("Experiment 4: the same linked list, two allocation orders", rows,
              caption="In Python the interpreter's own work per step dilutes the memory "
                      "cost; in C nothing else is left, so the ratio is far larger.")


@hooks.claim("allocation_order_matters")
def allocation_order_matters(ctx: Context) -> Verdict:
    if "allocation_order" not in ctx.shared:
        return not_measured("the allocation-order walks")
    r_o, r_s = ctx.shared["allocation_order"]
    ratio = Ratio.of(r_s, r_o)
    return Verdict(ratio.at_least(1.1), f"Python, shuffled / in-order nodes {ratio.text()}",
                   {"ratio": ratio.text()})


# ===========================================================================
# Step 5: the latency ladder


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


@hooks.experiment("ladder")
def ladder(ctx: Context) -> None:
    mod = ctx.require_native("the latency ladder (pointer chase inside C)", "linkedlist")
    if mod is None:
        return
    if ctx.quick:
        sizes = tuple(s for s in mod.DEFAULT_LADDER_SIZES
                      if s in (16 << 10, 128 << 10, 1 << 20, 8 << 20, 64 << 20))
        loads = 1 << 18
        ctx.quick_note("5 working sets from 16 KiB to 64 MiB, 262,144 loads each "
                       "(full: 16 KiB to 256 MiB in powers of two); 64 MiB may not "
                       "be past the last-level cache of every machine.")
    else:
        sizes, loads = mod.DEFAULT_LADDER_SIZES, 1 << 20
    with ctx.working("climbing the latency ladder"):
        result = mod.latency_ladder(sizes, loads=loads)
        # the two ends again, so that the ratio between them has a spread
        ends = (result.sizes[0], result.sizes[-1])
        again = {size: [mod.pointer_chase(size, loads=loads).ns_per_load
                        for _ in range(REPEATS - 1)] for size in ends}
        seq_n = ctx.size(1 << 25, 1 << 22)          # 256 MiB of int64 / 32 MiB
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
               f"{PUB_L1 * 1e9:.2f} ns", spread(l1_runs, _ns), "the baseline"),
        Figure(f"follow one pointer, {format_bytes(result.sizes[-1])} working set",
               f"{PUB_DRAM * 1e9:.1f} ns", spread(dram_runs, _ns),
               f"memory / L1: {format_ratio(PUB_DRAM / PUB_L1)} published · "
               f"{Ratio.of(dram_runs, l1_runs).text()} now"),
        Figure(f"walk a contiguous {format_bytes(seq_n * 8)} int64 array in order",
               "0.62 ns/el (1 GiB)", spread(seq_runs, _ns) + "/el",
               f"random chase / sequential: {format_ratio(PUB_CHASE_VS_SEQ)} published · "
               f"{Ratio.of(dram_runs, seq_runs).text()} now"),
    ]
    ctx.table("Experiment 5: the latency ladder", rows,
              caption="Each chase load's address comes from the previous load (one "
                      "random cycle, one pointer per 64-byte line), as in a scattered "
                      "linked list. The two ends are measured "
                      f"{REPEATS} times: median (fastest–slowest). 'Random chase / "
                      "sequential' divides the largest working set's latency by the "
                      "sequential walk's time per element."
                      + f" The sequential walk covers {format_bytes(seq_n * 8)} instead of "
                        "1 GiB, to fit the time budget (per element it is the same once "
                        "far past the last-level cache)."
                      + ("" if ctx.quick else " 1,048,576 loads per working set."))
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
    ladder, beside the time measured in step 2, and the chase-vs-sequential
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
                      _ns(l1), _ns(results["nodes_pool"].ns_per_element))
        size = n * 24
        table.add_row(f"shuffled nodes: a chase over {format_bytes(size)}",
                      _ns(latency_at(result.sizes, result.ns_per_load, size)),
                      _ns(results["nodes_shuffled"].ns_per_element))
    table.add_row("chase / sequential, published: 81.5 ns / 0.62 ns",
                  format_ratio(PUB_DRAM / PUB_GIB_WALK), format_ratio(PUB_CHASE_VS_SEQ))
    table.add_row(f"chase / sequential, now: {_ns(dram)} / {_ns(seq_ns)}",
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
    return Verdict(holds, f"sequential walk {spread(runs, _ns)} per element",
                   {"seq": spread(runs, _ns)})


# ===========================================================================
# Step 6: lines per element, counted


LINE_KINDS = ("array", "array_shuffled", "nodes_pool", "nodes_shuffled", "nodes_malloc")
LINES_N = 100_000


@hooks.show("lines")
def lines(ctx: Context) -> None:
    mod = ctx.require_native("the traced walks (cache lines per element)", "linkedlist")
    if mod is None:
        return
    n = LINES_N
    rows = []
    exact: list[str] = []
    counted: dict[str, float] = {}
    for kind in LINE_KINDS:
        try:
            r = mod.lines_per_element(n, kind)
        except Exception as exc:   # the traced build alone may be missing
            ctx.console.print(Text(f"The traced build did not load: {exc}", style="yellow"))
            return
        model = mod.model_lines(n, kind)
        counted[kind] = r.lines_per_element
        exact.append(f"  {kind:<15} {r.lines:>8,} lines {r.fetches:>8,} fetches"
                     + ("" if model is None else f"   (model: {model:,} lines)"))
        rows.append(Figure(
            f"{kind}: {count(n)} values",
            "—" if model is None else f"model {count(model)} lines",
            f"{count(r.lines)} lines, {count(r.fetches)} fetches",
            f"{r.lines_per_element:.3f} lines/el, {r.fetches_per_element:.3f} fetches/el"))
    ctx.table(f"Cache lines behind one walk of {count(n)} values (traced build)", rows,
              caption="Exact counts from the instrumented build, the same on every run "
                      "and machine (malloc's placement aside). Model: ceil(8n/64) lines "
                      "for the arrays, ceil(24n/64) for pool nodes. The published "
                      "article argued this but did not count it.")
    ctx.console.print(Text("The same counts, one walk per line:", style="bold"))
    for line in exact:
        ctx.console.print(Text(line), highlight=False)
    simulated_misses(ctx, counted)


#: The walks run under the cache simulation, and their size (past its
#: simulated 1 MiB last-level cache, small enough to simulate in seconds).
CG_KINDS = ("array", "nodes_pool", "nodes_shuffled")
CG_N = 200_000
CG_KERNEL = "dsa_mem_walk"              # one count per call of the kernel
CG_FUNCTION = "walkable_sum"            # the C function that walks; not the build


def simulated_misses(ctx: Context, counted: dict[str, float]) -> None:
    """Cause, model and effect side by side: lines counted, misses simulated
    by cachegrind, nanoseconds measured."""
    from rich.table import Table

    from . import cachegrind as cg

    if ctx.quick:
        ctx.quick_note("the cache simulation of the walks under valgrind (some 10 s of CPU) is "
                       "left to full mode.")
        ctx.console.print(Text(cg.perf_counters(), style="dim"))
        return
    if cg.valgrind() is None:
        ctx.console.print(Text(cg.HOW_TO_GET, style="yellow"))
        ctx.console.print(Text(cg.perf_counters(), style="dim"))
        return
    code = (f"import dsa.native.linkedlist as m\n"
            f"for kind in {CG_KINDS!r}: m.walk({CG_N}, kind, repeats=1)")
    with ctx.working("simulating the caches with valgrind"):
        try:
            found: list = cg.simulate_calls(code, dump_after=CG_KERNEL,
                                            function=CG_FUNCTION, calls=len(CG_KINDS))
        except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
            found = [str(exc)] * len(CG_KINDS)
    passes = 2                               # the warm-up pass and one timed pass
    walks = ctx.shared.get("c_walks")
    table = Table(title=f"The same walks in valgrind's cache simulation ({count(CG_N)} values; a "
                        f"simulated {format_bytes(cg.D1[0])} L1 and "
                        f"{format_bytes(cg.LL[0])} last level, no prefetcher)",
                  title_justify="left", title_style="bold", show_edge=False)
    for column in ("walk", "lines/el\ncounted", "L1 misses/el\nsimulated",
                   "last-level\nmisses/el", "ns/el\nmeasured"):
        table.add_column(column, justify="right" if "/el" in column else "left")
    simulated: dict[str, tuple[float, float]] = {}
    for kind, result in zip(CG_KINDS, found):
        measured = (f"{walks[1][kind].ns_per_element:.2f}"
                    if walks and kind in walks[1] else "—")
        if isinstance(result, str):
            table.add_row(kind, f"{counted.get(kind, 0):.3f}", "failed", "", measured)
            ctx.console.print(Text(f"cache simulation, {kind}: {result}", style="yellow"))
            continue
        d1, ll = result.per(CG_N * passes)
        simulated[kind] = (d1, ll)
        table.add_row(kind, f"{counted.get(kind, 0):.3f}", f"{d1:.3f}", f"{ll:.3f}",
                      measured)
    ctx.console.print(table)
    ctx.console.print(Text(
        "Counted in the C function that walks (the build is not counted), averaged over "
        "its two passes. Without a prefetcher the simulated cache misses once per new "
        "line, in order or not, so its misses follow the counted lines; the measured "
        "nanoseconds do not, because the real prefetcher hides the in-order misses and "
        "cannot hide the shuffled ones. " + cg.perf_counters(), style="dim"))
    ctx.shared["cachegrind"] = simulated
    ctx.closing.append(
        "simulated misses (valgrind), walks of " + count(CG_N) + " values (L1 / last-level "
        "misses per element): " + "; ".join(
            f"{kind} {d1:.3f} / {ll:.3f}" for kind, (d1, ll) in simulated.items()))


# ===========================================================================
# Step 7: memory


def traced_bytes(build: Callable[[], Any]) -> tuple[int, Any]:
    """Bytes allocated (and still held) by ``build()``, by tracemalloc."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        obj = build()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return after - before, obj


@hooks.experiment("memory")
def memory(ctx: Context) -> None:
    n = ctx.size(MEMORY_N // 2, 100_000)
    ctx.console.print(Text.assemble(
        ("smaller: ", "bold yellow"), f"{count(n)} elements, scaled to 1,000,000 "
        "(tracemalloc slows allocation down; bytes per element do not depend on "
        "the size)."))
    base = 1 << 20    # values past the small-int cache, so every int is its own object
    with ctx.working("measuring memory with tracemalloc"):
        a_bytes, a = traced_bytes(lambda: array("q", range(base, base + n)))
        l_bytes, lst = traced_bytes(lambda: list(range(base, base + n)))
        n_bytes, head = traced_bytes(lambda: build_nodes(range(base, base + n)))
        classes = _linked_classes()
        d_bytes = None
        if classes is not None:
            d_bytes, dl = traced_bytes(lambda: classes[1](range(base, base + n)))
            del dl
    getsize_list = sys.getsizeof(lst) + sum(map(sys.getsizeof, lst))
    scale = MEMORY_N / n

    def mb(b: float) -> str:
        return f"{b * scale / 1e6:.1f} MB" + ("" if scale == 1 else " (scaled)")

    rows = [
        Figure(f"array.array('q'), {count(n)} ints", "8.2 MB", mb(a_bytes),
               f"{a_bytes / n:.1f} bytes/el (getsizeof {sys.getsizeof(a):,} B)"),
        Figure("Python list of int objects", "about 40 MB", mb(l_bytes),
               f"{l_bytes / n:.1f} bytes/el; {l_bytes / a_bytes:.1f}x the array "
               f"(getsizeof list + ints: {getsize_list / n:.1f} B/el)"),
        Figure("linked __slots__ Nodes (value, next) + ints", "80 MB", mb(n_bytes),
               f"{n_bytes / n:.1f} bytes/el; {n_bytes / a_bytes:.1f}x the array"),
    ]
    if d_bytes is not None:
        rows.append(Figure("dsa.linkedlist.DoublyLinkedList + ints", "—", mb(d_bytes),
                           f"{d_bytes / n:.1f} bytes/el; {d_bytes / a_bytes:.1f}x the array"))
    mod = ctx.native_module("linkedlist")
    if mod is not None:
        rows.append(Figure("C twin: 24-byte nodes {prev, next, value}", "—",
                           mb(n * mod.NODE_BYTES),
                           f"{mod.NODE_BYTES} bytes/el (+ malloc's header if malloc'd)"))
    ctx.table(f"Experiment 6: memory for {count(n)} integers", rows,
              caption="Allocated bytes still held, measured by tracemalloc (which counts "
                      "what Python asks its allocator for). Values start at 2**20 so "
                      "each int is a separate object, as in real data.")
    del a, lst, head
    gc.collect()


# ===========================================================================
# Steps 8-10: inserts and removals


def _per_op(fn: Callable[[], Any], ops: int, repeat: int = REPEATS,
            setup: Callable[[], Any] | None = None) -> float:
    """Median seconds per operation of ``fn`` (which does ``ops`` of them);
    ``setup`` runs before each run, outside the clock, to undo the last one."""
    return statistics.median(_runs_per_op(fn, ops, repeat, setup))


def _runs_per_op(fn: Callable[[], Any], ops: int, repeat: int = REPEATS,
                 setup: Callable[[], Any] | None = None) -> list[float]:
    """Seconds per operation of each timed run of ``fn``."""
    gc.disable()
    try:
        return [t / ops for t in measure(fn, repeat=repeat, setup=setup).runs]
    finally:
        gc.enable()


def list_front_insert(n: int, ops: int) -> float:
    """Seconds per ``list.insert(0, x)`` on a list of ``n``."""
    lst = list(range(n))

    def run() -> None:
        ins = lst.insert
        for _ in range(ops):
            ins(0, -1)

    def undo() -> None:                 # outside the clock
        del lst[:len(lst) - n]
    return _per_op(run, ops, setup=undo)


def implied_bandwidth(n: int, seconds_per_insert: float) -> float:
    """Bytes per second a front insert into ``n`` pointers would need."""
    return 8 * n / seconds_per_insert if seconds_per_insert else float("inf")


def _dsa_list(ctx: Context, n: int):
    key = ("dsa_list", n)
    if key not in ctx.shared:
        classes = _linked_classes()
        if classes is None:
            ctx.shared[key] = None
        else:
            with ctx.working(f"building a dsa.linkedlist.DoublyLinkedList of {count(n)}"):
                ctx.shared[key] = classes[1](range(n))
    return ctx.shared[key]


@hooks.experiment("front_insert")
def front_insert(ctx: Context) -> None:
    n = ctx.size(OPS_N, 100_000)
    small = 100_000
    ctx.quick_note(f"N = {count(n)} (full: 1,000,000).")
    with ctx.working("timing front inserts"):
        t_list = list_front_insert(n, ctx.size(40, 40))
        t_small = list_front_insert(small, 200)
        dq = deque(range(n))
        ops = 100_000

        def appendleft() -> None:
            push = dq.appendleft
            for _ in range(ops):
                push(-1)

        def undo_deque() -> None:           # outside the clock
            while len(dq) > n:
                dq.popleft()
        t_deque = _per_op(appendleft, ops, setup=undo_deque)
        dl = _dsa_list(ctx, n)
        k = 20_000
        if dl is not None:
            def linked() -> None:
                push = dl.appendleft
                for _ in range(k):
                    push(-1)

            def undo_linked() -> None:      # outside the clock
                while len(dl) > n:
                    dl.popleft()
            t_linked = _per_op(linked, k, setup=undo_linked)
            undo_linked()
            linked_name = "dsa.linkedlist.DoublyLinkedList.appendleft"
        else:
            holder: list[Node | None] = [None]

            def linked() -> None:
                for _ in range(k):
                    holder[0] = Node(-1, holder[0])
            t_linked = _per_op(linked, k, setup=lambda: holder.__setitem__(0, None))
            linked_name = "Node(x, head) (dsa.linkedlist unavailable)"
    bw = implied_bandwidth(OPS_N, PUB_APPENDLEFT[1])
    rows = [
        Figure(f"list.insert(0, x), N = {count(n)}", "572,255 ns", seconds(t_list),
               f"{implied_bandwidth(n, t_list) / 1e9:.0f} GB/s of pointer shifting"),
        Figure(f"{linked_name}, N = {count(n)}", "243 ns", seconds(t_linked),
               ratio_pair("list / linked", PUB_FRONT[0] / PUB_FRONT[1], t_list / t_linked)),
        Figure("deque.appendleft(x)", "53.3 ns", seconds(t_deque),
               "O(1): one slot in a block"),
        Figure("list.insert(0, x) as published beside appendleft", "25,434 ns",
               f"{seconds(t_list)} at {count(n)}",
               ratio_pair("list / deque", PUB_APPENDLEFT[1] / PUB_APPENDLEFT[0],
                          t_list / t_deque)),
        Figure(f"list.insert(0, x), N = {count(small)}", "—", seconds(t_small),
               f"{implied_bandwidth(small, t_small) / 1e9:.0f} GB/s; list / deque "
               f"{format_ratio(t_small / t_deque)} now"),
    ]
    if n == small:
        rows.pop()                      # quick mode: the 100,000 row is the first
    ctx.shared["front_insert"] = (t_list, t_linked)
    ctx.table("Experiment 7: insert at the front", rows,
              caption=f"Handle with care: the published 25,434 ns for list.insert(0, x) "
                      f"cannot be a list of 1,000,000: shifting its 8 MB of pointers in "
                      f"25 µs would need about {bw / 1e9:.0f} GB/s, several times any "
                      "desktop's memory bandwidth, and it is 20x less than the same "
                      "article's own 572,255 ns front insert. It matches a list of about "
                      "100,000 (measured above). Inserts are undone between runs, "
                      "outside the clock.")
    mod = ctx.native_module("linkedlist")
    if mod is not None:
        cn = ctx.size(OPS_N, 100_000)
        a = mod.insert_cost(cn, structure="array", where="front", ops=100)
        li = mod.insert_cost(cn, structure="linked", where="front", ops=1000)
        ctx.console.print(Text(
            f"In C at N = {count(cn)}: array front insert (one memmove of "
            f"{format_bytes(8 * cn)}) "
            f"{format_seconds(a.ns_per_op * 1e-9)}, linked front insert (malloc + splice) "
            f"{format_seconds(li.ns_per_op * 1e-9)}: {format_ratio(a.ns_per_op / li.ns_per_op)}."))
    else:
        ctx.explain_missing_native("the C front inserts")


@hooks.experiment("middle_insert")
def middle_insert(ctx: Context) -> None:
    n = ctx.size(OPS_N, 100_000)
    ctx.quick_note(f"N = {count(n)} (full: 1,000,000).")
    lst = list(range(n))
    ops = 40

    def list_mid() -> None:
        ins, mid = lst.insert, n // 2
        for _ in range(ops):
            ins(mid, -1)

    def undo() -> None:                 # outside the clock
        del lst[n // 2:n // 2 + len(lst) - n]
    with ctx.working("timing middle inserts"):
        t_list = _per_op(list_mid, ops, setup=undo)
        dl = _dsa_list(ctx, n)
        k = 2
        if dl is not None:
            def linked_mid() -> None:
                for _ in range(k):
                    dl.insert(len(dl) // 2, -1)
                for _ in range(k):
                    del dl[len(dl) // 2]
            t_linked = _per_op(linked_mid, k, repeat=1) / 2
            name = "dsa.linkedlist DoublyLinkedList.insert(mid, x): walk + splice"
        else:
            head = build_nodes(range(n))

            def linked_mid() -> None:
                node = head
                for _ in range(n // 2 - 1):
                    node = node.next
                node.next = Node(-1, node.next)
                node.next = node.next.next
            t_linked = _per_op(linked_mid, 1, repeat=1)
            name = "Node walk to the middle + splice (dsa.linkedlist unavailable)"
    rows = [
        Figure(f"list.insert(mid, x), N = {count(n)}", "255,486 ns",
               seconds(t_list), "the baseline"),
        Figure(name, "63,488,013 ns", seconds(t_linked),
               ratio_pair("linked / list", PUB_MIDDLE[1] / PUB_MIDDLE[0],
                          t_linked / t_list)),
    ]
    ctx.shared["middle_insert"] = (t_list, t_linked)
    ctx.table("Experiment 8: insert in the middle, position not held", rows,
              caption="The linked time is half of an insert-then-delete pair (both walk "
                      "half of the list). dsa's doubly linked list walks from the nearer "
                      "end: half the list either way.")
    mod = ctx.native_module("linkedlist")
    if mod is not None:
        cn = ctx.size(OPS_N, 100_000)
        a = mod.insert_cost(cn, structure="array", where="middle", ops=100)
        li = mod.insert_cost(cn, structure="linked", where="middle", ops=ctx.size(10, 20),
                             layout="malloc")
        ctx.console.print(Text(
            f"In C at N = {count(cn)}: array middle insert {format_seconds(a.ns_per_op * 1e-9)}, "
            f"linked walk + splice {format_seconds(li.ns_per_op * 1e-9)}: the array is "
            f"{format_ratio(li.ns_per_op / a.ns_per_op)} faster."))
    else:
        ctx.explain_missing_native("the C middle inserts")


@hooks.experiment("remove_held")
def remove_held(ctx: Context) -> None:
    n = ctx.size(OPS_N, 100_000)
    ctx.quick_note(f"N = {count(n)} (full: 1,000,000).")
    rng = random.Random(3)
    lst = list(range(n))
    ops = 100
    positions = [rng.randrange(n - ops) for _ in range(ops)]

    def list_del() -> None:
        for i in positions:
            del lst[i]
        lst.extend(range(ops))         # put the length back (amortised O(1) each)
    with ctx.working("timing removals"):
        t_list = _per_op(list_del, ops)
        dl = _dsa_list(ctx, n)
        if dl is not None:
            k = 2_000
            handles = []
            for i, node in enumerate(dl.nodes()):
                if i % (n // k) == 1:
                    handles.append(node)
            k = len(handles)

            def remove_them() -> None:
                for h in handles:
                    dl.remove_node(h)
            t_node = measure(remove_them, repeat=1, warmup=0).median / k
            for h in handles:           # put them back, so later steps see n values
                dl.append(h.value)
            name = "dsa.linkedlist DoublyLinkedList.remove_node(held)"
        else:
            t_node, name = float("nan"), "remove a held node (dsa.linkedlist unavailable)"
    rows = [
        Figure(escape(f"del lst[i], random i, N = {count(n)}"), "13,692 ns", seconds(t_list),
               f"{implied_bandwidth(n // 2, t_list) / 1e9:.0f} GB/s of shifting "
               "(half the list on average)"),
        Figure(name, "335 ns", seconds(t_node),
               ratio_pair("list / linked", PUB_REMOVE[1] / PUB_REMOVE[0], t_list / t_node)),
    ]
    ctx.shared["remove_held"] = (t_list, t_node)
    ctx.table("Experiment 9: remove at a position already held", rows,
              caption="Handle with care: 13,692 ns for del lst\\[i] would mean shifting 4 MB "
                      "(half of 1,000,000 pointers) at about 290 GB/s; the published list "
                      "must have been smaller. The ratio's direction holds at any size.")
    mod = ctx.native_module("linkedlist")
    if mod is not None:
        cn = ctx.size(OPS_N, 100_000)
        a = mod.remove_cost(cn, structure="array", ops=100)
        li = mod.remove_cost(cn, structure="linked", ops=1000)
        ctx.console.print(Text(
            f"In C at N = {count(cn)}: array delete at a random position "
            f"{format_seconds(a.ns_per_op * 1e-9)}, unlink a held node "
            f"{format_seconds(li.ns_per_op * 1e-9)}: {format_ratio(a.ns_per_op / li.ns_per_op)}."))
    else:
        ctx.explain_missing_native("the C removals")


def _faster_claim(ctx: Context, key: str, what: str, slow: str, fast: str, *,
                  second_slower: bool = False) -> Verdict:
    """A claim that one of the two times stored under ``key`` is well above
    the other (the first, or the second with ``second_slower``); within a
    factor of 1.5 either way, a median of a few runs cannot tell."""
    if key not in ctx.shared:
        return not_measured(what)
    a, b = ctx.shared[key]
    if a != a or b != b:                 # NaN: one side could not run
        return not_measured(what)
    ratio = b / a if second_slower else a / b
    holds = threshold(ratio, 1.5, 1 / 1.5 + 1e-9)
    return Verdict(holds, f"{slow} / {fast} {format_ratio(ratio)}",
                   {"ratio": format_ratio(ratio)})


@hooks.claim("front_insert_linked_wins")
def front_insert_linked_wins(ctx: Context) -> Verdict:
    return _faster_claim(ctx, "front_insert", "the front inserts",
                         "list.insert(0, x)", "linked front insert")


@hooks.claim("middle_insert_array_wins")
def middle_insert_array_wins(ctx: Context) -> Verdict:
    return _faster_claim(ctx, "middle_insert", "the middle inserts",
                         "linked walk + splice", "list.insert(mid, x)",
                         second_slower=True)


@hooks.claim("remove_held_linked_wins")
def remove_held_linked_wins(ctx: Context) -> Verdict:
    return _faster_claim(ctx, "remove_held", "the removals", "del lst[i]",
                         "remove_node(held)")


SHIFT_N = 1_000


@hooks.show("shift_1000")
def shift_1000(ctx: Context) -> None:
    """What an O(n) shift of 1,000 pointers costs, beside allocating one node."""
    lst = list(range(SHIFT_N))
    ops = 2_000

    def shift() -> None:
        ins, pop = lst.insert, lst.pop
        for _ in range(ops):
            ins(0, -1)
            pop()                       # pop() at the end: O(1), no shift

    def end_only() -> None:              # the same calls with no shift at all
        app, pop = lst.append, lst.pop
        for _ in range(ops):
            app(-1)
            pop()

    def allocate() -> None:
        for _ in range(ops):
            Node(-1)
    with ctx.working("timing list.insert(0, x) on 1,000 items"):
        r_shift = _runs_per_op(shift, ops)
        r_end = _runs_per_op(end_only, ops)
        r_node = _runs_per_op(allocate, ops)
    per = [a - b for a, b in zip(sorted(r_shift), sorted(r_end))]
    ctx.shared["shift_1000"] = (per, r_node)
    ctx.console.print(Text(
        f"list.insert(0, x) on {count(SHIFT_N)} items: {spread(r_shift)} per call; the "
        f"same calls at the end (append, no shift): {spread(r_end)}; so the shift "
        f"itself costs about {format_seconds(statistics.median(per))}, "
        f"{statistics.median(per) / SHIFT_N * 1e9:.2f} ns per pointer moved. "
        f"Allocating one Node: {spread(r_node)}."), highlight=False)


@hooks.claim("shift_1000_cost")
def shift_1000_cost(ctx: Context) -> Verdict:
    if "shift_1000" not in ctx.shared:
        return not_measured("the 1,000-pointer shift")
    per, r_node = ctx.shared["shift_1000"]
    shift, node = statistics.median(per), statistics.median(r_node)
    values = {"shift": format_seconds(shift), "node": format_seconds(node),
              "nodes": f"{shift / node:.0f}" if node > 0 else "many"}
    evidence = f"shift {format_seconds(shift)}, one Node {format_seconds(node)}"
    # the sentence: hundreds of nanoseconds, the price of a few node allocations
    return Verdict(50e-9 <= shift <= 3e-6, evidence, values)


# ===========================================================================
# Step: an LRU cache


LRU_TRACE = ["a", "b", "c", "a", "d", "b", "e", "a"]


@hooks.show("lru")
def lru(ctx: Context) -> None:
    from dsa.lru import LRUCache

    evicted: list[str] = []
    cache: LRUCache = LRUCache(3, on_evict=lambda k, v: evicted.append(k))
    for key in LRU_TRACE:
        before = len(evicted)
        hit = cache.get(key) is not None      # a get counts a hit or a miss
        if not hit:
            cache.put(key, key.upper())
        gone = f"   (evicted {evicted[-1]})" if len(evicted) > before else ""
        ctx.console.print(Text(f"  {'hit ' if hit else 'miss'} {key}:  least → most "
                               f"recent: {' → '.join(cache)}{gone}"), highlight=False)
    ctx.console.print(Text(f"LRUCache(3) after {len(LRU_TRACE)} requests: "
                           f"{cache.hits} hits, {cache.misses} misses, evicted "
                           f"{', '.join(evicted)}. Every step was O(1): the dict "
                           "handed over the node, nobody walked the list."))
