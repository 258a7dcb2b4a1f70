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
from typing import Any, Callable, Optional

from dsa.bench.inputs import sequence_checksum, splitmix64_items
from dsa.bench.inside_c import CppRival, kernel_race
from dsa.bench.pyheapq import load_pure_python_heapq
from dsa.bench.report import (Options, Progress, Report, Row, Session, Target,
                              native_module, side_by_side_rows, usable_class)

SEED = 1

FULL_SIZES = {"python": 100_000, "per_call": 100_000, "native": 1_000_000}
QUICK_SIZES = {"python": 5_000, "per_call": 5_000, "native": 50_000}

CPP_SOURCE = "heap_drain.cpp"
CPP_TIMEOUT_S = 300

#: The C++ program the C kernel is timed against.
CPP = CppRival(
    key="cpp_priority_queue", name="C++ std::priority_queue (g++ -O2)",
    source=CPP_SOURCE, mode="drain", timeout=CPP_TIMEOUT_S,
    protocol="its heap reserves room for n once and reuses it, as the C "
             "kernel reserves before its clock starts",
    fallback=("native_drain_2", "the C twin's binary drain"))


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
    return CPP.run(executable, n, seed, warmup, repeat)


# -- the benchmark ------------------------------------------------------------

PY = "Python twin vs heapq: {n:,} random floats, one list for every row"
PER_CALL = "One Python call per push/pop: {n:,} int64, one list for every row"
NATIVE = "Inside C / C++: {n:,} int64 from splitmix64 (seed {seed}), same input"


def run(options: Options, progress: Optional[Progress] = None) -> Report:
    session = Session.start(options, progress, full=FULL_SIZES, quick=QUICK_SIZES,
                            labels={"python": "Python", "per_call": "per call",
                                    "native": "C/C++"})
    sizes, say = session.sizes, session.say

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
    per_call, native_row_reason = usable_class(
        native_heap, "BinaryHeap", lambda h: h.push(0), native_reason)
    if per_call is not None:
        contenders.append(("native_binaryheap", drain_with_object(per_call, ints)))
    say(f"timing {group}")
    rows += side_by_side_rows(group, n, "int64 (splitmix64)", {
        "py_heapq_pure_int": "heapq, pure Python (_heapq blocked)",
        "heapq_c_int": "heapq (C)",
        "native_binaryheap": "dsa.native.heap.BinaryHeap push/pop",
    }, contenders, baseline="py_heapq_pure_int", options=options,
        reason=native_row_reason)

    # ---- inside C / C++: int64 ---------------------------------------------
    rows.extend(_native_rows(session, native_heap, native_reason))

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
    return session.finish(
        rows, targets, benchmark="heap",
        title="heap benchmark: drain (push n items, then pop all n)",
        workload="push n items onto an empty heap, then pop all n")


def _random_floats(n: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [rng.random() for _ in range(n)]


def _native_rows(session: Session, native_heap: Any,
                 native_reason: Optional[str]) -> list[Row]:
    n = session.sizes["native"]

    # Each run returns its nanoseconds, measured inside C (a clock that
    # leaves out the cost of getting there from Python), and what else that
    # run reported.
    def kernel_once(kernel: Callable[..., Any], arity: int
                    ) -> tuple[float, dict[str, Any]]:
        total, push, pop, ok = _drain_fields(kernel(n, arity=arity, seed=SEED))
        return total, {"push_ns": push, "pop_ns": pop, "ok": ok}

    return kernel_race(
        NATIVE, n, SEED, native=native_heap, native_reason=native_reason,
        kernel="drain", variants={f"native_drain_{arity}": arity for arity in (2, 4)},
        once=kernel_once, rival=CPP, options=session.options,
        notes=session.notes, say=session.say,
        names={"native_drain_2": "dsa.native.heap.drain, arity 2",
               "native_drain_4": "dsa.native.heap.drain, arity 4"},
        # The popped sequence, folded: it must be the sorted input of the C
        # kernel, as recomputed here in Python.
        expected=lambda: expected_checksum(n, SEED),
        matches="; checksum of the pops = sorted C kernel input recomputed "
                "in Python",
        wrong="the pops were not the sorted input")
