"""Keeping the garbage collector out of the timings of a problem's ``run``.

The complexity stage times whole trials: building the inputs, the
learner's code, turning the answer into an outcome.  When those make many
container objects (nodes of a linked list, the tuples and dicts of a
breadth-first search), Python's cyclic garbage collector runs again and
again in the middle of them, and a full collection walks every tracked
object in the worker.  On a few thousand nodes that can take three times as
long as the work itself, at moments that differ from one worker to the
other, so the clock measures the collector.  :func:`collector_paused` keeps
it from running for the length of a ``with`` block.  Reference counting
still frees everything that is not part of a reference cycle; whatever is
left in a cycle waits for the next collection, after the block.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

__all__ = ["collector_paused"]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the ``with`` block (in both
    workers alike), then let it run again if it was running."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()
