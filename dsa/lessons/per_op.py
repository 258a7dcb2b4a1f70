"""Seconds per operation, as the lessons time them, and the front insert
into a list that two lessons set against a linked structure.

A figure such as "53 ns per appendleft" is one timed loop of ``ops``
operations divided by ``ops``.  The garbage collector is paused while the
loop runs so that none of its passes lands inside one run, and a ``setup``
outside the clock undoes what the last run did, so that every run starts
from the same structure.
"""

from __future__ import annotations

import gc
import statistics
from typing import Any, Callable

from dsa.timing import measure

#: Timed repeats of each timed figure (the median is shown, with the range).
REPEATS = 3


def per_op(fn: Callable[[], Any], ops: int, repeat: int = REPEATS,
           setup: Callable[[], Any] | None = None) -> float:
    """Median seconds per operation of ``fn`` (which does ``ops`` of them);
    ``setup`` runs before each run, outside the clock, to undo the last one."""
    return statistics.median(runs_per_op(fn, ops, repeat, setup))


def runs_per_op(fn: Callable[[], Any], ops: int, repeat: int = REPEATS,
                setup: Callable[[], Any] | None = None) -> list[float]:
    """Seconds per operation of each timed run of ``fn`` (after a warm-up
    run), the garbage collector paused so that none of its passes lands
    inside one run."""
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
    return per_op(run, ops, setup=undo)


def appendleft_cost(d: Any, n: int, ops: int) -> float:
    """Seconds per ``appendleft`` on ``d`` (a deque or a linked list of
    ``n``); the items pushed are popped again outside the clock, and at the
    end, so ``d`` is left as it was."""
    def run() -> None:
        push = d.appendleft
        for _ in range(ops):
            push(-1)

    def undo() -> None:                 # outside the clock
        pop = d.popleft
        for _ in range(len(d) - n):
            pop()
    t = per_op(run, ops, setup=undo)
    undo()
    return t


def implied_bandwidth(n: int, seconds_per_insert: float) -> float:
    """Bytes per second a front insert into ``n`` pointers would need."""
    return 8 * n / seconds_per_insert if seconds_per_insert else float("inf")
