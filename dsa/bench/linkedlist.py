"""The linked-list benchmark: Python lists side by side, then the C kernels.

Groups of rows, each on one shared input with one baseline:

* **Python**: ``dsa.linkedlist.SinglyLinkedList`` and ``DoublyLinkedList``
  (when importable) against ``list`` and ``collections.deque`` for append,
  appendleft / ``insert(0, x)``, popleft / ``pop(0)``, iterate, index into
  the middle, and removing a node already held against ``del lst[i]``.
  Rows of a group are timed round-robin (:func:`measure_side_by_side`).
* **Inside C** (``dsa.native.linkedlist``, timed inside C): walk and sum
  10,000,000 values as an array, a shuffled-order array, in-order nodes
  (pool, malloc) and shuffled nodes; front/middle inserts and removals at
  1,000,000; the latency ladder; sequential read bandwidth.

Targets:

1. the C array walk reaches at least 70% of the machine's sequential read
   bandwidth measured by the same tool: the walk of 10,000,000 int64
   (80,000,000 bytes) and ``read_bandwidth`` over the same 80,000,000 bytes
   are run alternately, one pass each per round (each call with its own
   warm-up pass and its own allocation), for at least ``BANDWIDTH_ROUNDS``
   rounds, and the *medians* of these interleaved runs are compared:
   walk time <= read time / 0.7;
2. the shuffled linked walk at 10,000,000 nodes costs within 1.5x of the
   latency ladder's DRAM latency: a pointer chase over the ladder's largest
   working set (256 MiB) doing exactly as many dependent loads as the walk
   has nodes, so the two medians compare per element.
"""

from __future__ import annotations

import random
import statistics
from collections import deque
from typing import Any, Callable, Mapping, Optional

from dsa.bench.report import (Options, Report, Row, Target, finish_report,
                              load_average, measure_side_by_side, native_module,
                              timing_from_ns)
from dsa.machine import format_bytes
from dsa.timing import Timing

Progress = Callable[[str], None]

FULL = {"python": 100_000, "front": 20_000, "index_ops": 20, "remove_ops": 1_000,
        "walk": 10_000_000, "ops_n": 1_000_000}
QUICK = {"python": 5_000, "front": 2_000, "index_ops": 10, "remove_ops": 200,
         "walk": 200_000, "ops_n": 50_000}
QUICK_LADDER = (16 << 10, 256 << 10, 4 << 20, 64 << 20)
BANDWIDTH_FRACTION = 0.7
BANDWIDTH_ROUNDS = 21          # interleaved rounds for target 1 (full mode)
DRAM_LIMIT = 1.5


def _linked_classes():
    try:
        from dsa.linkedlist import DoublyLinkedList, SinglyLinkedList
    except Exception as exc:
        return None, f"dsa.linkedlist failed to import: {exc!r}"
    return (SinglyLinkedList, DoublyLinkedList), None


def _native_module() -> tuple[Optional[Any], Optional[str]]:
    return native_module("linkedlist")

# -- Python rows ----------------------------------------------------------------

def _python_rows(sizes: dict, options: Options, say: Progress) -> tuple[list[Row], list[str]]:
    rows: list[Row] = []
    notes: list[str] = []
    classes, reason = _linked_classes()
    makers: dict[str, Callable[[Any], Any]] = {"list": list, "deque": deque}
    names = {"list": "list", "deque": "collections.deque"}
    if classes is not None:
        makers["singly"], makers["doubly"] = classes
        names["singly"] = "dsa.linkedlist.SinglyLinkedList"
        names["doubly"] = "dsa.linkedlist.DoublyLinkedList"
    else:
        notes.append(f"dsa.linkedlist rows skipped: {reason}")
    repeat, warmup = options.repeat, options.warmup

    def group(title: str, n: int, data: str, contenders: Mapping[str, Callable[[], object]],
              label: dict[str, str], setup: Optional[Callable[[], object]] = None,
              base: str = "list") -> None:
        say(f"timing {title}")
        timings = measure_side_by_side(list(contenders.items()), repeat=repeat,
                                       warmup=warmup, setup=setup)
        for kind in ("list", "deque", "singly", "doubly"):
            key = f"py_{title.split()[0]}_{kind}"
            if kind in contenders:
                rows.append(Row(key, label.get(kind, names[kind]), title, n, data=data,
                                timing=timings[kind], baseline=f"py_{title.split()[0]}_{base}"))
            elif kind in ("singly", "doubly") and classes is None:
                rows.append(Row(key, f"dsa.linkedlist ({kind})", title, n, data=data,
                                skipped=reason, baseline=f"py_{title.split()[0]}_{base}"))

    n = sizes["python"]
    data = f"ints 0..{n - 1}"

    # append n items to an empty structure
    def appender(make: Callable[[Any], Any]) -> Callable[[], None]:
        def run() -> None:
            s = make(())
            push = s.append
            for x in range(n):
                push(x)
        return run
    group(f"append {n:,} items to an empty structure", n, data,
          {k: appender(m) for k, m in makers.items()},
          {"list": "list.append", "deque": "deque.append",
           "singly": "SinglyLinkedList.append", "doubly": "DoublyLinkedList.append"})

    # appendleft / insert(0, x): list is O(n) per insert, so a smaller n
    f = sizes["front"]

    def front(make: Callable[[Any], Any], kind: str) -> Callable[[], None]:
        def run() -> None:
            s = make(())
            if kind == "list":
                ins = s.insert
                for x in range(f):
                    ins(0, x)
            else:
                push = s.appendleft
                for x in range(f):
                    push(x)
        return run
    group(f"appendleft {f:,} items (list: insert(0, x))", f, f"ints 0..{f - 1}",
          {k: front(m, k) for k, m in makers.items()},
          {"list": "list.insert(0, x)", "deque": "deque.appendleft",
           "singly": "SinglyLinkedList.appendleft", "doubly": "DoublyLinkedList.appendleft"})

    # popleft / pop(0) from a structure of f items (built outside the clock)
    built: dict[str, Any] = {}

    def rebuild() -> None:
        for k, m in makers.items():
            built[k] = m(range(f))

    def popper(kind: str) -> Callable[[], None]:
        def run() -> None:
            s = built[kind]
            pop = (lambda: s.pop(0)) if kind == "list" else s.popleft
            for _ in range(f):
                pop()
        return run
    group(f"popleft {f:,} items (list: pop(0))", f, f"ints 0..{f - 1}",
          {k: popper(k) for k in makers},
          {"list": "list.pop(0)", "deque": "deque.popleft",
           "singly": "SinglyLinkedList.popleft", "doubly": "DoublyLinkedList.popleft"},
          setup=rebuild)

    # iterate over n items
    full = {k: m(range(n)) for k, m in makers.items()}

    def iterate(kind: str) -> Callable[[], None]:
        def run() -> None:
            for _ in full[kind]:
                pass
        return run
    group(f"iterate {n:,} items", n, data, {k: iterate(k) for k in makers},
          {"list": "for x in list", "deque": "for x in deque",
           "singly": "for x in SinglyLinkedList", "doubly": "for x in DoublyLinkedList"})

    # index into the middle
    k_ops = sizes["index_ops"]
    mid = n // 2

    def index(kind: str) -> Callable[[], None]:
        def run() -> None:
            s = full[kind]
            for _ in range(k_ops):
                s[mid]
        return run
    group(f"index {k_ops} times into the middle of {n:,} items", k_ops, data,
          {k: index(k) for k in makers},
          {"list": "list: index n // 2", "deque": "deque: index n // 2 (block walk)",
           "singly": "SinglyLinkedList: index n // 2 (walk)",
           "doubly": "DoublyLinkedList: index n // 2 (walk)"})

    # remove a node already held vs del lst[i]
    r_ops = sizes["remove_ops"]
    rng = random.Random(1)
    positions = [rng.randrange(n - r_ops) for _ in range(r_ops)]
    step = n // r_ops
    state: dict[str, Any] = {}

    def rebuild_remove() -> None:
        state["list"] = list(range(n))
        state["deque"] = deque(range(n))
        if classes is not None:
            for kind, cls in (("singly", classes[0]), ("doubly", classes[1])):
                s = cls(range(n))
                state[kind] = s
                state[kind + "_held"] = [node for i, node in enumerate(s.nodes())
                                         if i % step == step - 1][:r_ops]

    def delete(kind: str) -> Callable[[], None]:
        def run() -> None:
            s = state[kind]
            for i in positions:
                del s[i]
        return run

    def unlink(kind: str) -> Callable[[], None]:
        def run() -> None:
            s = state[kind]
            remove = s.remove_node
            for node in state[kind + "_held"]:
                remove(node)
        return run
    contenders = {"list": delete("list"), "deque": delete("deque")}
    if classes is not None:
        contenders["singly"] = unlink("singly")
        contenders["doubly"] = unlink("doubly")
    group(f"remove {r_ops:,} items from {n:,}", r_ops, data, contenders,
          {"list": "list: del at a random index", "deque": "deque: del at a random index",
           "singly": "SinglyLinkedList.remove_node(held)",
           "doubly": "DoublyLinkedList.remove_node(held)"},
          setup=rebuild_remove)
    notes.append("SinglyLinkedList.remove_node must find the node's predecessor, "
                 "so it is O(n) per call; only the doubly linked list unlinks a "
                 "held node in O(1)")
    return rows, notes


# -- C rows -----------------------------------------------------------------------

C_WALKS = {
    "array": "int64 array, in order",
    "array_shuffled": "int64 array, shuffled visiting order",
    "nodes_pool": "nodes in list order (pool)",
    "nodes_malloc": "nodes, one malloc each",
    "nodes_shuffled": "nodes linked in shuffled order",
}


def _c_rows(mod: Any, sizes: dict, options: Options, say: Progress,
            notes: list[str], quick: bool) -> list[Row]:
    rows: list[Row] = []
    repeat = options.repeat
    timer = "CLOCK_MONOTONIC inside C"
    n = sizes["walk"]

    # walks
    title = f"C: walk and sum {n:,} values (median of {repeat} passes after a warm-up pass)"
    for kind, name in C_WALKS.items():
        say(f"timing the C walk {kind} ({n:,})")
        r = mod.walk(n, kind, repeats=repeat)
        row = Row(f"c_walk_{kind}", name, title, n, data="splitmix64 >> 32",
                  timer=timer, timing=timing_from_ns(r.pass_ns), baseline="c_walk_array",
                  extra={"ok": r.ok, "sum": r.sum, "expected_sum": r.expected_sum,
                         "bytes": r.bytes, "span_bytes": r.span_bytes,
                         "ns_per_element": r.ns_per_element,
                         "best_ns_per_element": r.best_ns_per_element})
        if not r.ok:
            row.note = "WRONG SUM"
        rows.append(row)

    # inserts and removals: three pairs, each against the cheaper of the two
    m = sizes["ops_n"]
    specs = [
        (f"C: insert at the front of {m:,} values (ns per insert)", "c_insert_front_linked",
         [("c_insert_front_array", "array insert at front (memmove)",
           lambda: mod.insert_cost(m, structure="array", where="front", ops=100)),
          ("c_insert_front_linked", "linked insert at front (malloc + splice)",
           lambda: mod.insert_cost(m, structure="linked", where="front", ops=1000))]),
        (f"C: insert in the middle of {m:,} values, position not held (ns per insert)",
         "c_insert_middle_array",
         [("c_insert_middle_array", "array insert in the middle (memmove)",
           lambda: mod.insert_cost(m, structure="array", where="middle", ops=100)),
          ("c_insert_middle_linked", "linked walk to the middle + splice",
           lambda: mod.insert_cost(m, structure="linked", where="middle", ops=5))]),
        (f"C: remove one of {m:,} values (ns per removal)", "c_remove_linked",
         [("c_remove_array", "array delete at a random position (memmove)",
           lambda: mod.remove_cost(m, structure="array", ops=100)),
          ("c_remove_linked", "linked unlink of a node already held",
           lambda: mod.remove_cost(m, structure="linked", ops=1000))]),
    ]
    for title, base, pair in specs:
        for key, name, call in pair:
            say(f"timing {name}")
            results = [call() for _ in range(repeat)]
            rows.append(Row(key, name, title, 1, data="splitmix64 >> 32", timer=timer,
                            timing=timing_from_ns([r.ns_per_op for r in results]),
                            baseline=base,
                            extra={"ok": all(r.ok for r in results),
                                   "ops_per_call": results[0].ops}))

    # ladder
    sizes_ladder = QUICK_LADDER if quick else mod.DEFAULT_LADDER_SIZES
    say("climbing the latency ladder")
    ladder = mod.latency_ladder(sizes_ladder, loads=(1 << 18) if quick else None)
    title = "C: latency ladder, one dependent load per 64-byte line (one pass per size)"
    first = f"c_ladder_{ladder.points[0].bytes}"
    for p in ladder.points:
        rows.append(Row(f"c_ladder_{p.bytes}", f"pointer chase, {format_bytes(p.bytes)}",
                        title, p.loads, data="random cycle (Sattolo)", timer=timer,
                        timing=Timing((p.ns * 1e-9,)), baseline=first,
                        extra={"ns_per_load": p.ns_per_load, "ok": p.ok}))

    # target 2: a chase over the largest working set, as many loads as nodes
    largest = max(sizes_ladder)
    say(f"pointer chase over {format_bytes(largest)}, {n:,} loads")
    chases = [mod.pointer_chase(largest, loads=n) for _ in range(repeat)]
    rows.append(Row("c_chase_dram", f"pointer chase, {format_bytes(largest)}, "
                    f"{n:,} loads", title, n, data="random cycle (Sattolo)", timer=timer,
                    timing=timing_from_ns([c.ns for c in chases]), baseline=first,
                    extra={"ns_per_load": statistics.median(c.ns_per_load for c in chases),
                           "ok": all(c.ok for c in chases)}))

    # target 1: the array walk and the read bandwidth over the same bytes, interleaved
    nbytes = 8 * n
    title = (f"C: array walk vs sequential read, same {nbytes:,} bytes, "
             "one pass each per round, interleaved")
    say("array walk and read bandwidth, interleaved")
    walk_ns: list[int] = []
    read_ns: list[int] = []
    # Every pass gets freshly allocated memory, and on a virtual machine the
    # kernel may back one allocation with huge pages and the next without, so
    # single passes are bimodal.  Enough rounds let both medians settle on
    # the same mode.
    rounds = repeat if quick else max(3 * repeat, BANDWIDTH_ROUNDS)
    for round_ in range(rounds):
        order = ("walk", "read") if round_ % 2 == 0 else ("read", "walk")
        for what in order:
            if what == "walk":
                walk_ns.append(mod.walk(n, "array", repeats=1).pass_ns[0])
            else:
                read_ns.append(mod.read_bandwidth(nbytes, repeats=1).pass_ns[0])
    big = mod.read_bandwidth(256 << 20, repeats=repeat)
    rows.append(Row("c_bw_walk", "walk and sum the int64 array (the walk kernel)", title,
                    n, data="int64", timer=timer, timing=timing_from_ns(walk_ns),
                    baseline="c_bw_read",
                    extra={"bytes_per_s_median": nbytes / (statistics.median(walk_ns) * 1e-9),
                           "bytes_per_s_best": nbytes / (min(walk_ns) * 1e-9)}))
    rows.append(Row("c_bw_read", "read_bandwidth (4 accumulators)", title, n,
                    data="int64", timer=timer, timing=timing_from_ns(read_ns),
                    baseline="c_bw_read",
                    extra={"bytes_per_s_median": nbytes / (statistics.median(read_ns) * 1e-9),
                           "bytes_per_s_best": nbytes / (min(read_ns) * 1e-9)}))
    walk_bw = nbytes / (statistics.median(walk_ns) * 1e-9)
    read_bw = nbytes / (statistics.median(read_ns) * 1e-9)
    notes.append(
        f"target 1 compares medians of {rounds} interleaved passes over the same "
        f"{nbytes:,} bytes: walk {walk_bw / 2**30:.1f} GiB/s vs read {read_bw / 2**30:.1f} "
        f"GiB/s ({walk_bw / read_bw:.0%}); best vs best: "
        f"{nbytes / (min(walk_ns) * 1e-9) / 2**30:.1f} vs "
        f"{nbytes / (min(read_ns) * 1e-9) / 2**30:.1f} GiB/s "
        f"({min(read_ns) / min(walk_ns):.0%}); read_bandwidth over 256 MiB: best "
        f"{big.gib_per_s:.1f} GiB/s, median {big.median_bytes_per_s / 2**30:.1f} GiB/s")
    chase = statistics.median(c.ns_per_load for c in chases)
    shuffled = next(r for r in rows if r.key == "c_walk_nodes_shuffled")
    notes.append(
        f"target 2: shuffled nodes {shuffled.per_op_ns:.1f} ns per node vs "
        f"{chase:.1f} ns per load over {format_bytes(largest)} "
        f"(ladder pass: {ladder.dram_ns_per_load:.1f} ns); both medians over {n:,} "
        "dependent loads")
    return rows


# -- the benchmark ----------------------------------------------------------------

def run(options: Options, progress: Optional[Progress] = None) -> Report:
    say = progress or (lambda message: None)
    sizes = QUICK if options.quick else FULL
    notes: list[str] = []
    load_before = load_average()
    if options.quick:
        notes.append(
            f"--quick: Python n = {sizes['python']:,} (full {FULL['python']:,}), "
            f"C walks n = {sizes['walk']:,} (full {FULL['walk']:,}), C inserts at "
            f"{sizes['ops_n']:,} (full {FULL['ops_n']:,}), ladder 16 KiB to 64 MiB "
            "with 262,144 loads; the targets are stated for the full sizes")
    rows, py_notes = _python_rows(sizes, options, say)
    notes += py_notes
    mod, reason = _native_module()
    if mod is not None:
        rows += _c_rows(mod, sizes, options, say, notes, options.quick)
    else:
        notes.append(f"C rows skipped: {reason}")
        for key in ("c_bw_walk", "c_bw_read", "c_walk_nodes_shuffled", "c_chase_dram"):
            rows.append(Row(key, key, "C kernels", sizes["walk"], skipped=reason))
    n = sizes["walk"]
    targets = [
        Target("array_walk_vs_bandwidth",
               f"1. C array walk of {n:,} int64 reaches >= {BANDWIDTH_FRACTION:.0%} of "
               f"sequential read bandwidth (walk time <= {1 / BANDWIDTH_FRACTION:.2f}x "
               "read time, same bytes, medians of interleaved passes)",
               "c_bw_walk", "c_bw_read", round(1 / BANDWIDTH_FRACTION, 4)),
        Target("shuffled_walk_vs_dram",
               f"2. shuffled linked walk of {n:,} nodes <= {DRAM_LIMIT}x the ladder's "
               "DRAM latency (per element, same number of dependent loads)",
               "c_walk_nodes_shuffled", "c_chase_dram", DRAM_LIMIT),
    ]
    return finish_report(
        benchmark="linkedlist",
        title="linked-list benchmark: Python lists vs list/deque, C walks and memory",
        workload="append, appendleft, popleft, iterate, index, remove held; C walks, "
                 "inserts, removals, latency ladder, read bandwidth",
        options=options, rows=rows, targets=targets, notes=notes,
        load_before=load_before)
