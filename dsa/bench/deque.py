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
from dsa.bench.inside_c import CppRival, kernel_race, median
from dsa.bench.report import (Options, Progress, Report, Row, Session, Target,
                              native_module, side_by_side_rows, usable_class)

SEED = 1

FULL_SIZES = {"python": 1_000_000, "list": 30_000, "native": 10_000_000}
QUICK_SIZES = {"python": 50_000, "list": 5_000, "native": 200_000}

#: The layouts of the C kernels, as dsa.native.deque names them.
LAYOUTS: tuple[Any, ...] = (1, 8, 64, 512, 4096, "ring")

CPP_SOURCE = "deque_fifo.cpp"
CPP_TIMEOUT_S = 300

#: The C++ program the C kernel is timed against.
CPP = CppRival(
    key="cpp_deque", name="C++ std::deque<int64_t> (g++ -O2)", source=CPP_SOURCE,
    mode="fifo", timeout=CPP_TIMEOUT_S,
    protocol="a fresh std::deque per run, as the C kernel makes a fresh deque "
             "per run",
    fallback=("native_fifo_64", "the C twin's block-64 kernel"))

#: Above this n the C++ checksum is not recomputed in Python (it would take
#: longer than the benchmark); the program still checks its pops itself.
PYTHON_CHECKSUM_MAX_N = 1_000_000


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
    return CPP.run(executable, n, seed, warmup, repeat)


# -- the benchmark ------------------------------------------------------------

PY = "Python, one call per operation: append {n:,} ints, then popleft all"
LIST = "The list, smaller (pop(0) is O(n)): append {n:,} ints, then pop from the front"
NATIVE = ("Inside C / C++: push_back {n:,} int64 from splitmix64 (seed {seed}), "
          "then pop_front all")

#: What makes a row's timed function from the group's items.
Timed = Callable[[list[int]], Callable[[], None]]


def run(options: Options, progress: Optional[Progress] = None) -> Report:
    session = Session.start(options, progress, full=FULL_SIZES, quick=QUICK_SIZES,
                            labels={"python": "Python", "list": "list",
                                    "native": "C/C++"})
    sizes = session.sizes
    native, native_reason = native_deque_module()

    # ---- Python: one call per operation ------------------------------------
    per_call, reason = usable_class(native, "BlockedDeque", lambda d: d.append(0),
                                    native_reason)
    rows = _python_group(session, PY, sizes["python"], "", {
        "native_per_call": ("dsa.native.deque.BlockedDeque, per call",
                            None if per_call is None else partial(fifo, per_call)),
    }, reason=reason)

    # ---- the list, smaller ----------------------------------------------------
    rows += _python_group(session, LIST, sizes["list"], "_small", {
        "py_list": ("list append/pop(0)",
                    lambda items: fifo(list, items, "pop", (0,))),
    })
    session.notes.append(
        f"the list runs at n = {sizes['list']:,}, not {sizes['python']:,}: "
        "each pop(0) shifts every remaining pointer, so its cost per "
        "operation grows with n")

    # ---- inside C / C++ ---------------------------------------------------------
    rows.extend(_native_rows(session, native, native_reason))

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
    return session.finish(
        rows, targets, benchmark="deque",
        title="deque benchmark: a FIFO queue (append n, then pop n from the front)",
        workload="append n items to an empty deque, then pop all n from the front")


def _python_group(session: Session, title: str, n: int, suffix: str,
                  more: dict[str, tuple[str, Optional[Timed]]],
                  reason: Optional[str] = None) -> list[Row]:
    """A group of rows on one prebuilt list of the ints 0..n-1: the
    baseline ``collections.deque`` and the Python twin (their keys ending in
    ``suffix``), then each of ``more``: its key, name and what makes its
    timed function (None: the row is skipped, with ``reason``)."""
    from dsa.deque import BlockedDeque

    group = title.format(n=n)
    items = list(range(n))
    baseline, twin = "py_deque" + suffix, "py_blocked" + suffix
    names = {baseline: "collections.deque append/popleft",
             twin: "dsa.deque.BlockedDeque append/popleft"}
    contenders = [(baseline, fifo(deque, items)), (twin, fifo(BlockedDeque, items))]
    for key, (name, make) in more.items():
        names[key] = name
        if make is not None:
            contenders.append((key, make(items)))
    session.say(f"timing {group}")
    return side_by_side_rows(group, n, "ints 0..n-1, one prebuilt list", names,
                             contenders, baseline=baseline,
                             options=session.options, reason=reason)


def _layout_key(layout: Any) -> str:
    return f"native_fifo_{layout}"


def _native_rows(session: Session, native: Any,
                 native_reason: Optional[str]) -> list[Row]:
    n = session.sizes["native"]

    # Each run returns the nanoseconds of its push_back + pop_front,
    # measured inside C, and what else the kernel said.
    def kernel_once(kernel: Callable[..., Any], layout: Any
                    ) -> tuple[float, dict[str, Any]]:
        r = kernel(n, layout=layout, seed=SEED)
        return float(r.push_back_ns + r.pop_front_ns), {
            "push_ns": r.push_back_ns, "pop_ns": r.pop_front_ns,
            "push_front_ns": r.push_front_ns, "pop_back_ns": r.pop_back_ns,
            "bytes": r.bytes, "ok": r.ok}

    names = {_layout_key(layout): ("dsa.native.deque.ends, ring buffer"
                                   if layout == "ring"
                                   else f"dsa.native.deque.ends, block {layout}")
             for layout in LAYOUTS}
    return kernel_race(
        NATIVE, n, SEED, native=native, native_reason=native_reason,
        kernel="ends", variants={_layout_key(layout): layout for layout in LAYOUTS},
        once=kernel_once, names=names, rival=CPP, options=session.options,
        notes=session.notes, say=session.say, more=_bytes_held(n),
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
