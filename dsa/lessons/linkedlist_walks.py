"""Steps 1 to 4 of the linked-list lesson: walks in Python and in C.

Ten million numbers summed from a list and from linked nodes in Python; the
same walk inside C over an array, in-order nodes and shuffled nodes; an
array visited in shuffled order (no pointers at all); and the same nodes
born in two orders.  Each step prints its table and leaves its figures in
``ctx.shared`` for the claims below it.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from pathlib import Path
from typing import Any
from types import ModuleType

from rich.markup import escape
from rich.text import Text

from dsa.machine import format_bytes
from dsa.timing import format_ratio, format_seconds

from .figures import Figure, Ratio, count, seconds, spread
from .linkedlist_common import (PUB_ALLOC_RATIO, PUB_IN_ORDER, PUB_LIST_NS,
                                PUB_LIST_WALK, PUB_N, PUB_NODE_NS, PUB_NODE_WALK,
                                PUB_SHUFFLED, build_nodes, build_nodes_shuffled,
                                hooks, l3_bytes, nanos, ns_tenths, per_element, range_sum,
                                ratio_verdict, smaller, sum_by_index, sum_list,
                                sum_nodes, walk_ratio)
from .per_op import REPEATS, runs_per_op
from .runner import Context, Verdict, not_measured

#: Seconds the Python walk may take in full mode; above it the walk runs
#: smaller (and says so).
PYTHON_WALK_BUDGET_S = 5.0
PYTHON_WALK_SIZES = (10_000_000, 5_000_000, 2_000_000, 1_000_000)


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
        smaller(ctx, f"{count(n)} elements instead of 10,000,000 ({why}); per-element "
                "times and the ratio do not depend on the size, and the total is "
                "scaled to 10,000,000 where marked est.")
    with ctx.working(f"building {count(n)} ints and {count(n)} nodes"):
        values = list(range(n))
        head = build_nodes(values)
    with ctx.working("walking both"):
        got: dict[str, int] = {}
        r_list = runs_per_op(lambda: got.__setitem__("list", sum_list(values)), 1)
        r_nodes = runs_per_op(lambda: got.__setitem__("nodes", sum_nodes(head)), 1)
    assert got["list"] == got["nodes"] == range_sum(n)
    ctx.console.print(Text(f"Both walks summed to {count(got['nodes'])} "
                           f"(0 + 1 + ... + {count(n - 1)})."))

    def walked(runs: list[float]) -> str:
        t = statistics.median(runs)
        return (f"{spread(runs)} ({t / n * 1e9:.1f} ns/el)"
                + ("" if n == PUB_N else f"; 10M ≈ {format_seconds(t * PUB_N / n)} (est.)"))
    rows = [
        Figure(f"walk and sum {count(n)} ints, Python list",
               f"{seconds(PUB_LIST_WALK)} ({PUB_LIST_NS * 1e9:.1f} ns/el)",
               walked(r_list), "the baseline"),
        Figure(f"same data as {count(n)} __slots__ Node objects",
               f"{seconds(PUB_NODE_WALK)} ({PUB_NODE_NS * 1e9:.1f} ns/el)",
               walked(r_nodes),
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


#: The C walks' size: 36 MB of nodes, past the last-level cache of most
#: desktops (the published machine has 9 MB).
C_WALK_N = 1_500_000
#: The shuffled-array visits: Python's size (4 MB of pointers to 16 MB of ints)
#: and C's (32 MB of int64).
SHUFFLED_N, C_SHUFFLED_N = 500_000, 4_000_000
#: The Python allocation-order walks.
ALLOCATION_N = 300_000

C_WALK_NAMES = {
    "array": "int64 array, in order",
    "nodes_pool": "24-byte nodes, laid out in list order (pool)",
    "nodes_malloc": "nodes, one malloc each, in list order",
    "nodes_shuffled": "pool nodes, linked in shuffled order",
}


def _c_walks(ctx: Context, mod: Any) -> tuple[int, dict]:
    if "c_walks" not in ctx.shared:
        n = ctx.size(C_WALK_N, 200_000)
        with ctx.working(f"walking {count(n)} values four ways in C"):
            results = mod.walks(n, tuple(C_WALK_NAMES), repeats=REPEATS)
        ctx.shared["c_walks"] = (n, results)
    return ctx.shared["c_walks"]


@hooks.native_experiment("c_walks", "linkedlist",
                        "the C walks (array, in-order nodes, shuffled nodes)")
def c_walks(ctx: Context, mod: ModuleType) -> None:
    n, results = _c_walks(ctx, mod)
    if n != PUB_N:
        size, l3 = n * mod.NODE_BYTES, l3_bytes(ctx.machine)
        smaller(ctx, f"{count(n)} values instead of 10,000,000, {REPEATS} timed passes "
                f"each, to fit the time budget (the nodes take {format_bytes(size)}"
                + (f", past this machine's {format_bytes(l3)} L3" if l3 and size > l3 else "")
                + "); the benchmark (python -m dsa.bench linkedlist) runs 10,000,000.")
    rows = []
    for kind, name in C_WALK_NAMES.items():
        r = results[kind]
        ok = "" if r.ok else " WRONG SUM"
        rows.append(Figure(
            f"{name}: sum {count(r.sum)}{ok}",
            {"array": "0.62 ns/el (1 GiB)"}.get(kind, "—"),
            spread(per_element(r), nanos) + "/el",
            "the baseline" if kind == "array"
            else f"{walk_ratio(results, kind, 'array').text()} the array"))
    ctx.table(f"Experiment 2: walk and sum {count(n)} values inside C", rows,
              caption=f"Median (fastest–slowest) of {REPEATS} timed passes after one "
                      "warm-up pass, timed in C. "
                      f"Every walk summed to the same {count(results['array'].expected_sum)}. "
                      "Published: only the 1 GiB array walk was given in C.")


@hooks.claim_on("python_nodes_slower", "python_walk", "the Python walks")
def python_nodes_slower(found: tuple) -> Verdict:
    _, r_list, r_nodes = found
    return ratio_verdict(Ratio.of(r_nodes, r_list), 1.1, "nodes / list")


def c_walk_verdict(ctx: Context, a: str, b: str, bound: float, label: str) -> Verdict:
    """The verdict on "C walk ``a`` costs at least ``bound`` times walk
    ``b``"; both walks' ns per element fill ``{a}`` and ``{b}``."""
    if "c_walks" not in ctx.shared:
        return not_measured("the C walks")
    results = ctx.shared["c_walks"][1]
    return ratio_verdict(walk_ratio(results, a, b), bound, label,
                         **{kind: nanos(results[kind].ns_per_element) for kind in (a, b)})


@hooks.claim("inorder_nodes_vs_array")
def inorder_nodes_vs_array(ctx: Context) -> Verdict:
    return c_walk_verdict(ctx, "nodes_pool", "array", 2.0, "in-order pool nodes / array")


@hooks.claim("shuffled_nodes_wait")
def shuffled_nodes_wait(ctx: Context) -> Verdict:
    return c_walk_verdict(ctx, "nodes_shuffled", "nodes_pool", 3.0,
                          "shuffled / in-order nodes")


# ===========================================================================
# Step 3: shuffled array, no pointers


@hooks.experiment("shuffled_array")
def shuffled_array(ctx: Context) -> None:
    n = ctx.size(SHUFFLED_N, 200_000)
    cn = ctx.size(C_SHUFFLED_N, 1_000_000)
    if ctx.quick:
        ctx.quick_note(f"Python at {count(n)} elements and C at {count(cn)} (full: "
                       f"{count(SHUFFLED_N)} and {count(C_SHUFFLED_N)}).")
    else:
        smaller(ctx, f"Python at {count(n)} elements and C at {count(cn)}, to fit the "
                "time budget; per visit the cost stops growing once the array is "
                "well past the last-level cache.")
    with ctx.working("building the array and the two visiting orders"):
        values = list(range(n))
        in_order = list(range(n))
        shuffled = in_order[:]
        random.Random(1).shuffle(shuffled)
    with ctx.working("summing in order and in shuffled order"):
        r_in = runs_per_op(lambda: sum_by_index(values, in_order), n)
        r_sh = runs_per_op(lambda: sum_by_index(values, shuffled), n)
    assert sum_by_index(values, shuffled[:1000]) == sum(shuffled[:1000])
    t_in, t_sh = statistics.median(r_in), statistics.median(r_sh)
    rows = [
        Figure(escape(f"Python: values[i] for {count(n)} indices in order"),
               f"{PUB_IN_ORDER * 1e9:.1f} ns/op", spread(r_in, ns_tenths) + "/op",
               "the baseline"),
        Figure("same list, same indices, shuffled order",
               f"{PUB_SHUFFLED * 1e9:.1f} ns/op", spread(r_sh, ns_tenths) + "/op",
               f"shuffled / in order: {format_ratio(PUB_SHUFFLED / PUB_IN_ORDER)} "
               f"published · {Ratio.of(r_sh, r_in).text()} now"),
    ]
    ctx.shared["python_shuffled"] = (r_in, r_sh)
    ctx.shared["python_shuffled_n"] = n     # the model prices the visits at this size
    del values, in_order, shuffled
    mod = ctx.native_module("linkedlist")
    if mod is not None:
        with ctx.working(f"the same in C, {count(cn)} int64"):
            r = mod.walks(cn, ("array", "array_shuffled"), repeats=REPEATS)
        ctx.shared["c_shuffled_array"] = r
        rows += [
            Figure(f"C: int64 array of {count(cn)}, in order", "—",
                   spread(per_element(r["array"]), nanos) + "/op",
                   "the baseline"),
            Figure("C: same array, shuffled order", "—",
                   spread(per_element(r["array_shuffled"]), nanos) + "/op",
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
    return ratio_verdict(Ratio.of(per_element(nodes), per_element(array)), 1.2,
                         "shuffled nodes / shuffled array, per element:")


# ===========================================================================
# Step 4: allocation order


@hooks.experiment("allocation_order")
def allocation_order(ctx: Context) -> None:
    n = ctx.size(ALLOCATION_N, 100_000)
    ctx.quick_note(f"{count(n)} Python nodes (full: {count(ALLOCATION_N)}).")
    values = list(range(n))
    with ctx.working("building the two lists"):
        ordered = build_nodes(values)
        scattered = build_nodes_shuffled(values)
    with ctx.working("walking both"):
        r_o = runs_per_op(lambda: sum_nodes(ordered), n)
        r_s = runs_per_op(lambda: sum_nodes(scattered), n)
    assert sum_nodes(ordered) == sum_nodes(scattered) == range_sum(n)
    ctx.shared["allocation_order"] = (r_o, r_s)
    rows = [
        Figure(f"Python: {count(n)} nodes created in list order", "—",
               spread(r_o, ns_tenths) + "/el", "the baseline"),
        Figure("same list, nodes created in shuffled order", "2.1x slower walk",
               spread(r_s, ns_tenths) + "/el",
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


@hooks.claim_on("allocation_order_matters", "allocation_order",
                "the allocation-order walks")
def allocation_order_matters(found: tuple) -> Verdict:
    r_o, r_s = found
    return ratio_verdict(Ratio.of(r_s, r_o), 1.1, "Python, shuffled / in-order nodes")


