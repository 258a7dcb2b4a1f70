"""The heap benchmark: drain (push n items, then pop all n), side by side.

Three groups of rows, each group on one shared input and with one baseline:

* **Python**, 100,000 random floats, the same list for every row: CPython's
  ``heapq.py`` run as pure Python (its C accelerator blocked; the baseline),
  the Python twin's ``heappush``/``heappop``, ``BinaryHeap.push``/``pop``,
  and the standard ``heapq`` with its C accelerator.
* **Per call from Python**, 100,000 int64 items: the C twin's ``BinaryHeap``
  called once per push and pop, against pure-Python and C ``heapq`` on the
  same items.  This shows what a call through cffi costs.
* **Inside C / C++**, 1,000,000 int64 items: the C twin's drain kernel
  (arity 2 and 4), timed inside C, against C++'s
  ``std::priority_queue<int64_t, vector, greater>`` compiled here with
  ``g++ -O2 -std=c++17`` (the baseline), timed inside C++ on the same input
  (splitmix64 from the same seed) with the same protocol.

Targets:

1. the Python twin drains 100,000 items in at most 1.15x the time of the
   pure-Python heapq;
2. the C twin's in-C drain of 1,000,000 int64 takes at most 1.2x the time of
   std::priority_queue;
3. the textbook's ``BinaryHeap`` (a method call per push or pop, and the
   lesson's sift-down, two comparisons a level) drains the same 100,000
   floats in at most 1.3x the time of the pure-Python heapq functions.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any, Callable, Optional

from dsa.bench.inputs import sequence_checksum, splitmix64_items
from dsa.bench.inside_c import (Contender, c_kernel, kernel_rows,
                                run_two_phases, time_with_cpp)
from dsa.bench.pyheapq import load_pure_python_heapq
from dsa.bench.report import (Options, Report, Row, Target, finish_report,
                              load_average, native_module, side_by_side_rows,
                              size_notes)

SEED = 1

FULL_SIZES = {"python": 100_000, "per_call": 100_000, "native": 1_000_000}
QUICK_SIZES = {"python": 5_000, "per_call": 5_000, "native": 50_000}

CPP_SOURCE = "heap_drain.cpp"
CPP_TIMEOUT_S = 300


Progress = Callable[[str], None]


# -- the input every C and C++ row shares (dsa.bench.inputs) ---------------

def expected_checksum(n: int, seed: int = SEED) -> int:
    """What a correct drain of the kernel's input must print as its checksum."""
    return sequence_checksum(sorted(splitmix64_items(n, seed)))


# -- the things being timed ---------------------------------------------------

def drain_with_functions(push: Callable, pop: Callable, data: list) -> Callable[[], None]:
    """A drain through heapq-style module functions on a fresh list."""
    def run() -> None:
        heap: list = []
        for x in data:
            push(heap, x)
        for _ in range(len(data)):
            pop(heap)
    return run


def drain_with_object(make: Callable[[], Any], data: list) -> Callable[[], None]:
    """A drain through a heap object's push and pop methods."""
    def run() -> None:
        heap = make()
        push, pop = heap.push, heap.pop
        for x in data:
            push(x)
        for _ in range(len(data)):
            pop()
    return run


def _native_heap_module() -> tuple[Optional[Any], Optional[str]]:
    """``dsa.native.heap``, or the reason it cannot be used."""
    return native_module("heap")

def _drain_fields(result: Any) -> tuple[float, float, float, bool]:
    """(total, push, pop) nanoseconds and the ok flag of a kernel's DrainResult."""
    return (float(result.total_ns), float(result.push_ns),
            float(result.pop_ns), bool(result.ok))


def run_cpp(executable, n: int, seed: int, warmup: int, repeat: int) -> dict[str, Any]:
    """Run the C++ drain; its per-run nanoseconds, checksum and ok flag."""
    return run_two_phases(executable, "drain", n, seed, warmup, repeat,
                          timeout=CPP_TIMEOUT_S)


# -- the benchmark ------------------------------------------------------------

PY = "Python twin vs heapq: {n:,} random floats, one list for every row"
PER_CALL = "One Python call per push/pop: {n:,} int64, one list for every row"
NATIVE = "Inside C / C++: {n:,} int64 from splitmix64 (seed {seed}), same input"


def run(options: Options, progress: Optional[Progress] = None) -> Report:
    say = progress or (lambda message: None)
    sizes = QUICK_SIZES if options.quick else FULL_SIZES
    notes = size_notes(options, sizes, FULL_SIZES, {
        "python": "Python", "per_call": "per call", "native": "C/C++"})
    load_before = load_average()

    # ---- Python: floats -----------------------------------------------------
    import heapq

    import dsa.heap as dh

    n = sizes["python"]
    group = PY.format(n=n)
    floats = _random_floats(n, SEED)
    pure = load_pure_python_heapq()
    contenders = [
        ("py_heapq_pure", drain_with_functions(pure.heappush, pure.heappop, floats)),
        ("dsa_heap_functions", drain_with_functions(dh.heappush, dh.heappop, floats)),
        ("dsa_binaryheap", drain_with_object(dh.BinaryHeap, floats)),
        ("heapq_c", drain_with_functions(heapq.heappush, heapq.heappop, floats)),
    ]
    say(f"timing {group}")
    rows = side_by_side_rows(group, n, "random floats", {
        "py_heapq_pure": "heapq, pure Python (_heapq blocked)",
        "dsa_heap_functions": "dsa.heap heappush/heappop",
        "dsa_binaryheap": "dsa.heap.BinaryHeap push/pop",
        "heapq_c": "heapq (C)",
    }, contenders, baseline="py_heapq_pure", options=options)

    # ---- per call from Python: int64 ---------------------------------------
    native_heap, native_reason = _native_heap_module()
    n = sizes["per_call"]
    group = PER_CALL.format(n=n)
    ints = splitmix64_items(n, SEED)
    contenders = [
        ("py_heapq_pure_int", drain_with_functions(pure.heappush, pure.heappop, ints)),
        ("heapq_c_int", drain_with_functions(heapq.heappush, heapq.heappop, ints)),
    ]
    native_row_reason = native_reason
    if native_heap is not None:
        try:
            native_heap.BinaryHeap().push(0)
            contenders.append(("native_binaryheap",
                               drain_with_object(native_heap.BinaryHeap, ints)))
        except Exception as exc:
            native_row_reason = f"dsa.native.heap.BinaryHeap unusable: {exc!r}"
    say(f"timing {group}")
    rows += side_by_side_rows(group, n, "int64 (splitmix64)", {
        "py_heapq_pure_int": "heapq, pure Python (_heapq blocked)",
        "heapq_c_int": "heapq (C)",
        "native_binaryheap": "dsa.native.heap.BinaryHeap push/pop",
    }, contenders, baseline="py_heapq_pure_int", options=options,
        reason=native_row_reason)

    # ---- inside C / C++: int64 ---------------------------------------------
    rows.extend(_native_rows(sizes["native"], options, native_heap,
                             native_reason, notes, say))

    targets = [
        Target("python_twin_vs_pure_heapq",
               f"1. Python twin drain of {sizes['python']:,} floats "
               "<= 1.15x pure-Python heapq",
               "dsa_heap_functions", "py_heapq_pure", 1.15),
        Target("c_twin_vs_std_priority_queue",
               f"2. C twin in-C drain of {sizes['native']:,} int64 "
               "<= 1.2x std::priority_queue",
               "native_drain_2", "cpp_priority_queue", 1.2),
        Target("binaryheap_vs_pure_heapq",
               f"3. BinaryHeap drain of {sizes['python']:,} floats "
               "<= 1.3x pure-Python heapq",
               "dsa_binaryheap", "py_heapq_pure", 1.3),
    ]
    return finish_report(
        benchmark="heap",
        title="heap benchmark: drain (push n items, then pop all n)",
        workload="push n items onto an empty heap, then pop all n",
        options=options, rows=rows, targets=targets, notes=notes,
        load_before=load_before)


def _random_floats(n: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [rng.random() for _ in range(n)]


def _native_rows(n: int, options: Options, native_heap: Any,
                 native_reason: Optional[str], notes: list[str],
                 say: Progress) -> list[Row]:
    group = NATIVE.format(n=n, seed=SEED)
    data = f"int64 (splitmix64, seed {SEED})"

    # Each contender does one run and returns its nanoseconds, measured
    # inside C or C++ (a clock that leaves out the cost of getting there from
    # Python), and what else that run reported.
    reasons: dict[str, str] = {}
    arities = {f"native_drain_{arity}": arity for arity in (2, 4)}
    kernel = c_kernel(native_heap, "drain", arities, native_reason, reasons)

    def kernel_once(arity: int) -> tuple[float, dict[str, Any]]:
        assert kernel is not None
        total, push, pop, ok = _drain_fields(kernel(n, arity=arity, seed=SEED))
        return total, {"push_ns": push, "pop_ns": pop, "ok": ok}
    kernels: dict[str, Contender] = {} if kernel is None else {
        key: partial(kernel_once, arity) for key, arity in arities.items()}

    say(f"timing {group}")
    samples, details, baseline = time_with_cpp(
        kernels, reasons, notes, options, key="cpp_priority_queue",
        source=CPP_SOURCE, mode="drain", n=n, seed=SEED,
        timeout=CPP_TIMEOUT_S, fallback=("native_drain_2",
                                         "the C twin's binary drain"),
        protocol="its heap reserves room for n once and reuses it, as the C "
                 "kernel reserves before its clock starts")
    return kernel_rows(
        {"cpp_priority_queue": "C++ std::priority_queue (g++ -O2)",
         "native_drain_2": "dsa.native.heap.drain, arity 2",
         "native_drain_4": "dsa.native.heap.drain, arity 4"},
        group, n, data, samples=samples, details=details,
        reasons=reasons, baseline=baseline,
        # The popped sequence, folded: it must be the sorted input of the C
        # kernel, as recomputed here in Python.
        expected=lambda: expected_checksum(n, SEED),
        matches="; checksum of the pops = sorted C kernel input recomputed "
                "in Python",
        wrong="the pops were not the sorted input")
