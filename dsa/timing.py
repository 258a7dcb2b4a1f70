"""Honest timing: warm up, repeat, report the median.

Shared machines are noisy: one run can be slowed by anything.  The median of
several runs, after a warm-up run that fills caches and settles the CPU's
clock, is a figure another run can reproduce.  Ratios between two things
measured in the same run are steadier still, which is why the lessons and
benchmarks lead with ratios.
"""

from __future__ import annotations

import gc
import statistics
import time
from contextlib import contextmanager
from dataclasses import dataclass
from operator import attrgetter
from typing import Callable, Iterator, Optional


@dataclass(frozen=True)
class Timing:
    """Seconds of several runs of one thing."""

    runs: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.runs)

    @property
    def best(self) -> float:
        return min(self.runs)

    def per(self, n: int) -> float:
        """Median seconds per item when one run handled ``n`` items."""
        return self.median / n


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector inside the block (if it was on).

    Timing one operation at a time over a heap that keeps growing, its
    passes land on whichever operation happens to trigger them and look
    like the operation's own cost.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def measure(fn: Callable[[], object], *, repeat: int = 5, warmup: int = 1,
            setup: Callable[[], object] | None = None) -> Timing:
    """Time ``fn()`` ``repeat`` times after ``warmup`` untimed runs.

    ``setup`` (if given) runs before every run, outside the timed region, so a
    run that consumes its input (a drain empties its heap) gets fresh input.
    """
    if repeat < 1:
        raise ValueError("repeat must be at least 1")
    runs = []
    for i in range(warmup + repeat):
        if setup is not None:
            setup()
        start = time.perf_counter()
        fn()
        elapsed = time.perf_counter() - start
        if i >= warmup:
            runs.append(elapsed)
    return Timing(tuple(runs))


def per_unit(amount: float, count: float) -> float:
    """``amount / count``, or 0.0 when there is nothing to divide by: a run
    over no items has no cost per item."""
    return amount / count if count else 0.0


def per_unit_of(amount: str, count: str, doc: Optional[str] = None) -> property:
    """A read-only property of a result record: ``per_unit`` of two of its
    attributes, ``lines_per_element = per_unit_of("lines", "n")`` for
    ``self.lines / self.n``.  Either attribute may itself be a property
    (``median_ns``)."""
    amount_of, count_of = attrgetter(amount), attrgetter(count)

    def ratio(self: object) -> float:
        return per_unit(amount_of(self), count_of(self))
    return property(ratio, doc=doc)


def format_seconds(seconds: float) -> str:
    """Pick the unit a person reads best: 72.0 s, 1.39 s, 54.8 ms, 71 ns."""
    if seconds != seconds:  # NaN: not measured
        return "n/a"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if abs(seconds) >= scale or unit == "ns":
            value = seconds / scale
            if value >= 100:
                return f"{value:,.0f} {unit}"
            if value >= 10:
                return f"{value:.1f} {unit}"
            return f"{value:.2f} {unit}"
    raise AssertionError("unreachable")


def format_ratio(ratio: float) -> str:
    """2.9 -> '2.9x', 1300 -> '1,300x'."""
    if ratio != ratio:
        return "n/a"
    if ratio >= 100:
        return f"{ratio:,.0f}x"
    if ratio >= 10:
        return f"{ratio:.1f}x"
    return f"{ratio:.2f}x"
