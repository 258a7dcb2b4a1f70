"""The deque benchmark: a first-in-first-out queue (append n, then pop n from
the front), side by side.

Three groups of rows, each group on one shared input and with one baseline:

* **Python, one call per operation**, 1,000,000 ints (one prebuilt list for
  every row): ``collections.deque`` (the baseline), the Python twin
  ``dsa.deque.BlockedDeque``, and the C twin ``dsa.native.deque.BlockedDeque``
  called once per append and per popleft (what a call through cffi costs).
* **The list**, at a smaller n (30,000) because its ``pop(0)`` shifts every
  remaining pointer: ``list.append`` then ``list.pop(0)``, against
  ``collections.deque`` and the Python twin at the same n.
* **Inside C / C++**, 10,000,000 int64 from splitmix64 (seed 1): the C twin's
  ends kernel (``dsa.native.deque.ends``) at block sizes 1, 8, 64, 512 and
  4096 and as a growing ring buffer, timed inside C, against C++'s
  ``std::deque<int64_t>`` compiled here with ``g++ -O2 -std=c++17`` (the
  baseline), timed inside C++ with ``steady_clock`` on the same input with
  the same protocol (a fresh deque; push_back all n; pop_front all n).  Only
  the push_back + pop_front half of the kernel is compared (the kernel also
  times push_front + pop_back, reported in the JSON).

Targets:

1. the C twin's in-C push_back + pop_front of 10,000,000 int64 (block 64)
   takes at most 1.0x the time of ``std::deque``;
2. the Python twin's append then popleft of 1,000,000 items takes at most
   6x the time of ``collections.deque``.
"""

from __future__ import annotations

from collections import deque
from functools import partial
from typing import Any, Callable, Optional

from dsa.bench.inputs import sequence_checksum, splitmix64_items
from dsa.bench.inside_c import (Contender, c_kernel, kernel_rows, median,
                                run_two_phases, time_with_cpp)
from dsa.bench.report import (Options, Report, Row, Target, finish_report,
                              load_average, native_module, side_by_side_rows,
                              size_notes)

SEED = 1

FULL_SIZES = {"python": 1_000_000, "list": 30_000, "native": 10_000_000}
QUICK_SIZES = {"python": 50_000, "list": 5_000, "native": 200_000}

#: The layouts of the C kernels, as dsa.native.deque names them.
LAYOUTS: tuple[Any, ...] = (1, 8, 64, 512, 4096, "ring")

CPP_SOURCE = "deque_fifo.cpp"
CPP_TIMEOUT_S = 300

#: Above this n the C++ checksum is not recomputed in Python (it would take
#: longer than the benchmark); the program still checks its pops itself.
PYTHON_CHECKSUM_MAX_N = 1_000_000

Progress = Callable[[str], None]


def expected_checksum(n: int, seed: int = SEED) -> int:
    """What a correct FIFO of the kernel's input must print as its checksum:
    the input itself, folded in order."""
    return sequence_checksum(splitmix64_items(n, seed))


# -- the things being timed ---------------------------------------------------

def fifo(make: Callable[[], Any], items: list[int], pop: str = "popleft",
         pop_args: tuple = ()) -> Callable[[], None]:
    """Append every item to a fresh structure, then pop them all from the front."""
    n = len(items)

    def run() -> None:
        d = make()
        push = d.append
        take = getattr(d, pop)
        for x in items:
            push(x)
        for _ in range(n):
            take(*pop_args)
    return run


def native_deque_module() -> tuple[Optional[Any], Optional[str]]:
    """``dsa.native.deque``, or the reason it cannot be used."""
    return native_module("deque")

def run_cpp(executable, n: int, seed: int, warmup: int, repeat: int) -> dict[str, Any]:
    """Run the C++ FIFO; its per-run nanoseconds, checksum and ok flag."""
    return run_two_phases(executable, "fifo", n, seed, warmup, repeat,
                          timeout=CPP_TIMEOUT_S)


# -- the benchmark ------------------------------------------------------------

PY = "Python, one call per operation: append {n:,} ints, then popleft all"
LIST = "The list, smaller (pop(0) is O(n)): append {n:,} ints, then pop from the front"
NATIVE = ("Inside C / C++: push_back {n:,} int64 from splitmix64 (seed {seed}), "
          "then pop_front all")


def run(options: Options, progress: Optional[Progress] = None) -> Report:
    say = progress or (lambda message: None)
    sizes = QUICK_SIZES if options.quick else FULL_SIZES
    notes = size_notes(options, sizes, FULL_SIZES, {
        "python": "Python", "list": "list", "native": "C/C++"})
    load_before = load_average()
    native, native_reason = native_deque_module()

    from dsa.deque import BlockedDeque

    # ---- Python: one call per operation ------------------------------------
    n = sizes["python"]
    group = PY.format(n=n)
    items = list(range(n))
    contenders = [
        ("py_deque", fifo(deque, items)),
        ("py_blocked", fifo(BlockedDeque, items)),
    ]
    reason = native_reason
    if native is not None:
        try:
            native.BlockedDeque().append(0)
            contenders.append(("native_per_call", fifo(native.BlockedDeque, items)))
        except Exception as exc:
            reason = f"dsa.native.deque.BlockedDeque unusable: {exc!r}"
    say(f"timing {group}")
    rows = side_by_side_rows(group, n, "ints 0..n-1, one prebuilt list", {
        "py_deque": "collections.deque append/popleft",
        "py_blocked": "dsa.deque.BlockedDeque append/popleft",
        "native_per_call": "dsa.native.deque.BlockedDeque, per call",
    }, contenders, baseline="py_deque", options=options, reason=reason)

    # ---- the list, smaller ----------------------------------------------------
    n = sizes["list"]
    group = LIST.format(n=n)
    items = list(range(n))
    contenders = [
        ("py_deque_small", fifo(deque, items)),
        ("py_blocked_small", fifo(BlockedDeque, items)),
        ("py_list", fifo(list, items, "pop", (0,))),
    ]
    say(f"timing {group}")
    rows += side_by_side_rows(group, n, "ints 0..n-1, one prebuilt list", {
        "py_deque_small": "collections.deque append/popleft",
        "py_blocked_small": "dsa.deque.BlockedDeque append/popleft",
        "py_list": "list append/pop(0)",
    }, contenders, baseline="py_deque_small", options=options)
    notes.append(f"the list runs at n = {sizes['list']:,}, not {sizes['python']:,}: "
                 "each pop(0) shifts every remaining pointer, so its cost per "
                 "operation grows with n")

    # ---- inside C / C++ ---------------------------------------------------------
    rows.extend(_native_rows(sizes["native"], options, native, native_reason,
                             notes, say))

    targets = [
        Target("c_twin_vs_std_deque",
               f"1. C twin in-C push_back + pop_front of {sizes['native']:,} int64 "
               "(block 64) <= 1.0x std::deque",
               "native_fifo_64", "cpp_deque", 1.0),
        Target("python_twin_vs_collections_deque",
               f"2. Python twin append then popleft of {sizes['python']:,} items "
               "<= 6x collections.deque",
               "py_blocked", "py_deque", 6.0),
    ]
    return finish_report(
        benchmark="deque",
        title="deque benchmark: a FIFO queue (append n, then pop n from the front)",
        workload="append n items to an empty deque, then pop all n from the front",
        options=options, rows=rows, targets=targets, notes=notes,
        load_before=load_before)


def _layout_key(layout: Any) -> str:
    return f"native_fifo_{layout}"


def _native_rows(n: int, options: Options, native: Any,
                 native_reason: Optional[str], notes: list[str],
                 say: Progress) -> list[Row]:
    group = NATIVE.format(n=n, seed=SEED)
    data = f"int64 (splitmix64, seed {SEED})"

    # Each contender does one run and returns the nanoseconds of its
    # push_back + pop_front, measured inside C or C++, and what else it said.
    reasons: dict[str, str] = {}
    layouts = {_layout_key(layout): layout for layout in LAYOUTS}
    kernel = c_kernel(native, "ends", layouts, native_reason, reasons)

    def kernel_once(layout: Any) -> tuple[float, dict[str, Any]]:
        assert kernel is not None
        r = kernel(n, layout=layout, seed=SEED)
        return float(r.push_back_ns + r.pop_front_ns), {
            "push_ns": r.push_back_ns, "pop_ns": r.pop_front_ns,
            "push_front_ns": r.push_front_ns, "pop_back_ns": r.pop_back_ns,
            "bytes": r.bytes, "ok": r.ok}
    kernels: dict[str, Contender] = {} if kernel is None else {
        key: partial(kernel_once, layout) for key, layout in layouts.items()}

    say(f"timing {group}")
    samples, details, baseline = time_with_cpp(
        kernels, reasons, notes, options, key="cpp_deque", source=CPP_SOURCE,
        mode="fifo", n=n, seed=SEED, timeout=CPP_TIMEOUT_S,
        protocol="a fresh std::deque per run, as the C kernel makes a fresh "
                 "deque per run",
        fallback=("native_fifo_64", "the C twin's block-64 kernel"))
    names = {"cpp_deque": "C++ std::deque<int64_t> (g++ -O2)"}
    for layout in LAYOUTS:
        names[_layout_key(layout)] = (
            "dsa.native.deque.ends, ring buffer" if layout == "ring"
            else f"dsa.native.deque.ends, block {layout}")
    return kernel_rows(
        names, group, n, data, samples=samples, details=details,
        reasons=reasons, baseline=baseline, more=_bytes_held(n),
        # The popped sequence, folded: it must be the C kernel's input in
        # order, as recomputed here in Python.
        expected=lambda: (expected_checksum(n, SEED)
                          if n <= PYTHON_CHECKSUM_MAX_N else None),
        matches="; checksum of the pops = the C kernel's input recomputed "
                "in Python",
        unchecked=(f"; the program checked its pops against the input "
                   f"itself (Python recomputes the checksum for n <= "
                   f"{PYTHON_CHECKSUM_MAX_N:,}, e.g. with --quick)"),
        wrong="the pops were not the input in order")


def _bytes_held(n: int) -> Callable[[Row, list[dict[str, Any]]], str]:
    """What a C kernel row adds to its extra and note: the other two phases
    of the kernel and the bytes it held per item."""
    def more(row: Row, runs: list[dict[str, Any]]) -> str:
        if "bytes" not in runs[0]:
            return ""
        row.extra["push_front_ns_median"] = median(
            [r["push_front_ns"] for r in runs])
        row.extra["pop_back_ns_median"] = median(
            [r["pop_back_ns"] for r in runs])
        row.extra["bytes"] = runs[0]["bytes"]
        row.extra["bytes_per_element"] = runs[0]["bytes"] / n if n else 0.0
        return f"; {row.extra['bytes_per_element']:.2f} bytes per item held"
    return more
