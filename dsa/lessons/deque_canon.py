"""The deque lesson's canon: the features a blocked deque gets for free.

* **maxlen, a bounded buffer.**  ``deque(maxlen=k)`` keeps the last ``k``
  items: an append at one end drops an item at the other, in O(1).  A list
  doing the same (append, then ``del buf[0]``) shifts all ``k`` pointers
  every time.
* **rotate.**  ``d.rotate(r)`` moves ``r`` items from one end to the other,
  one at a time, so it costs O(min(r, n - r)) whatever the length: turning
  a million-item deque by one step is as cheap as turning a ten-item one.
* **Spare blocks.**  A queue in a steady state empties a block at its front
  about as often as it fills one at its back; keeping the emptied block for
  the next fill saves an allocation (and a free) every ``block_size``
  operations.  :class:`NoSpares` is the same deque with the spares thrown
  away, so the experiment can count and time what they save.

The functions here compute; :mod:`dsa.lessons.deque` prints.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, List, Sequence

from dsa.deque import BlockedDeque
from dsa.timing import gc_paused


# ---------------------------------------------------------------------------
# maxlen


def last_k_deque(stream: Sequence[Any], k: int) -> List[Any]:
    """The last ``k`` items of ``stream``, kept in ``deque(maxlen=k)``."""
    buf: deque = deque(maxlen=k)
    append = buf.append
    for item in stream:
        append(item)                      # past k, the oldest falls off
    return list(buf)


def last_k_list(stream: Sequence[Any], k: int) -> List[Any]:
    """The same with a list: append, then drop the oldest from the front."""
    buf: List[Any] = []
    append = buf.append
    for item in stream:
        append(item)
        if len(buf) > k:
            del buf[0]                    # shifts the other k pointers left
    return buf


def per_item(fn: Callable[[], Any], items: int, repeat: int = 3) -> float:
    """Median seconds per item of ``fn()`` over ``repeat`` runs."""
    runs = []
    with gc_paused():
        for _ in range(repeat):
            t0 = time.perf_counter()
            fn()
            runs.append(time.perf_counter() - t0)
    runs.sort()
    return runs[len(runs) // 2] / items


@dataclass(frozen=True)
class BoundedRow:
    """Seconds per item keeping the last ``k`` of a stream."""

    k: int
    deque_s: float
    list_s: float


def bounded_buffer(ks: Sequence[int], stream_length: int,
                   repeat: int = 3) -> List[BoundedRow]:
    """Time both buffers at each ``k`` over one stream of ints."""
    stream = list(range(stream_length))
    rows = []
    for k in ks:
        rows.append(BoundedRow(
            k, per_item(lambda: last_k_deque(stream, k), stream_length, repeat),
            per_item(lambda: last_k_list(stream, k), stream_length, repeat)))
    return rows


# ---------------------------------------------------------------------------
# rotate


@dataclass(frozen=True)
class RotateRow:
    """Seconds for one ``rotate(steps)`` on a deque of ``n``."""

    n: int
    steps: int
    deque_s: float
    blocked_s: float


def rotate_cost(n: int, steps_list: Sequence[int], *, turns: int = 20,
                repeat: int = 3) -> List[RotateRow]:
    """Time ``rotate(steps)`` then ``rotate(-steps)`` (back where it began)
    ``turns`` times, on ``collections.deque`` and :class:`BlockedDeque`."""
    rows = []
    d: deque = deque(range(n))
    b = BlockedDeque(range(n))
    for steps in steps_list:
        def turn(q: Any) -> Callable[[], None]:
            def run() -> None:
                for _ in range(turns):
                    q.rotate(steps)
                    q.rotate(-steps)
            return run
        rows.append(RotateRow(n, steps, per_item(turn(d), 2 * turns, repeat),
                              per_item(turn(b), 2 * turns, repeat)))
    if list(d) != list(b) or d[0] != 0:
        raise AssertionError("rotating back and forth moved the deques")
    return rows


# ---------------------------------------------------------------------------
# Spare blocks


class CountingBlocks(BlockedDeque):
    """A BlockedDeque that counts the blocks it had to allocate."""

    fresh = 0                             # per instance from the first count on

    def _take_block(self) -> Any:
        if not self._spare_blocks:
            self.fresh += 1
        return super()._take_block()


class NoSpares(CountingBlocks):
    """The same deque with every emptied block let go at once."""

    def _release_block(self, block: Any) -> None:
        block.prev = block.next = None    # cut the links; keep nothing


@dataclass(frozen=True)
class SparesRow:
    """A steady queue of ``length`` items, ``ops`` append+popleft pairs."""

    kind: str
    length: int
    ops: int
    fresh_blocks: int
    seconds_per_op: float


def steady_queue(make: Callable[[], CountingBlocks], length: int, ops: int,
                 repeat: int = 3) -> SparesRow:
    """Keep ``length`` items queued while ``ops`` items pass through."""
    q = make()
    q.extend(range(length))

    def run() -> None:
        push, pop = q.append, q.popleft
        for i in range(ops):
            push(i)
            pop()
    run()                                 # settle: the first crossings may allocate
    q.fresh = 0
    t = per_item(run, ops, repeat)
    return SparesRow(type(q).__name__, length, ops, q.fresh // repeat, t)


def spares(length: int, ops: int, block_size: int = 64,
           repeat: int = 3) -> List[SparesRow]:
    """The steady queue with the spares kept, and with them thrown away."""
    return [steady_queue(lambda: CountingBlocks(block_size=block_size), length, ops, repeat),
            steady_queue(lambda: NoSpares(block_size=block_size), length, ops, repeat)]
