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
* **Ring buffers.**  :class:`RingDeque` is the other production design (the
  layout of Rust's ``VecDeque`` and Java's ``ArrayDeque``): one array used
  circularly, copied into one twice the size when full.  :func:`ring_vs_blocks`
  times it beside :class:`BlockedDeque`, both in Python.

The functions here compute; :mod:`dsa.lessons.deque` prints.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, List, Optional, Sequence, Tuple

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


def last_k_blocked(stream: Sequence[Any], k: int) -> List[Any]:
    """The same in :class:`BlockedDeque` (its append pops the far end past k)."""
    buf = BlockedDeque(maxlen=k)
    append = buf.append
    for item in stream:
        append(item)
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


Runs = Tuple[float, ...]           # seconds per item, one figure per timed run


def _median_of(field: str) -> Any:
    """A read-only property: the median of the runs held in ``field``."""
    return property(lambda row: statistics.median(getattr(row, field)),
                    doc=f"The median of {field}.")


class _BesideDeque:
    """What a row that times the Python twin beside ``collections.deque``
    derives from its ``deque_runs`` and ``blocked_runs``: the median seconds
    of each.  (A plain base, so that each row's dataclass keeps its own
    fields in its own order.)"""

    deque_s = _median_of("deque_runs")

    blocked_s = _median_of("blocked_runs")


def per_item_runs(fn: Callable[[], Any], items: int, repeat: int = 3,
                  least: float = 0.0) -> Runs:
    """Seconds per item of each of ``repeat`` runs, each calling ``fn()``
    (which handles ``items``) once, or, with ``least``, as many times as
    make a run last about that long, found by untimed calls first.

    The clock is ``time.perf_counter``, as for every other figure the
    lessons show, so that these seconds compare with theirs; on a shared
    machine, runs of at least ``least`` seconds even out what other
    programs, cache disturbance and interrupts add.
    """
    clock = time.perf_counter
    passes = 1
    if least > 0:
        while True:                       # untimed: warms up, sizes the runs
            t0 = clock()
            for _ in range(passes):
                fn()
            took = clock() - t0
            if took >= least / 4:
                break
            passes *= 2
        passes = max(1, math.ceil(passes * least / took))
    runs = []
    with gc_paused():
        for _ in range(repeat):
            t0 = clock()
            for _ in range(passes):
                fn()
            runs.append((clock() - t0) / (items * passes))
    return tuple(runs)


@dataclass(frozen=True)
class BoundedRow(_BesideDeque):
    """Seconds per item keeping the last ``k`` of a stream (the runs of each)."""

    k: int
    deque_runs: Runs
    list_runs: Runs
    blocked_runs: Runs

    list_s = _median_of("list_runs")


def bounded_buffer(ks: Sequence[int], stream_length: int, repeat: int = 3,
                   least: float = 0.0) -> List[BoundedRow]:
    """Time the three buffers at each ``k`` over one stream of ints
    (``least``: see :func:`per_item_runs`)."""
    stream = list(range(stream_length))
    rows = []
    for k in ks:
        def timed(keep: Callable[[Sequence[Any], int], List[Any]]) -> Runs:
            return per_item_runs(lambda: keep(stream, k), stream_length, repeat, least)
        rows.append(BoundedRow(k, timed(last_k_deque), timed(last_k_list),
                               timed(last_k_blocked)))
    return rows


# ---------------------------------------------------------------------------
# rotate


@dataclass(frozen=True)
class RotateRow(_BesideDeque):
    """Seconds for one ``rotate(steps)`` on a deque of ``n`` (the runs of each)."""

    n: int
    steps: int
    deque_runs: Runs
    blocked_runs: Runs


def rotate_cost(n: int, steps_list: Sequence[int], *, turns: int = 20,
                repeat: int = 3, least: float = 0.0) -> List[RotateRow]:
    """Time ``rotate(steps)`` then ``rotate(-steps)`` (back where it began)
    ``turns`` times, on ``collections.deque`` and :class:`BlockedDeque`
    (``least``: see :func:`per_item_runs`)."""
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
        rows.append(RotateRow(n, steps, per_item_runs(turn(d), 2 * turns, repeat, least),
                              per_item_runs(turn(b), 2 * turns, repeat, least)))
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
    runs: Runs                            # seconds per pair, each timed run

    seconds_per_op = _median_of("runs")


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
    runs = per_item_runs(run, ops, repeat)
    return SparesRow(type(q).__name__, length, ops, q.fresh // repeat, runs)


def spares(length: int, ops: int, block_size: int = 64,
           repeat: int = 3) -> List[SparesRow]:
    """The steady queue with the spares kept, and with them thrown away."""
    return [steady_queue(lambda: CountingBlocks(block_size=block_size), length, ops, repeat),
            steady_queue(lambda: NoSpares(block_size=block_size), length, ops, repeat)]


# ---------------------------------------------------------------------------
# The ring buffer, the other production design


class RingDeque:
    """A double-ended queue in one growable ring buffer.

    ``slots`` has a power-of-two length, so ``i & mask`` wraps a position
    round the end; ``head`` is the slot of the first item.  Both ends are a
    slot write and an index update; ``d[i]`` is one addition and one mask;
    when the array is full every item is copied, in order, into one twice
    the size (``copied`` counts them).  That is the layout of Rust's
    ``VecDeque`` and Java's ``ArrayDeque``, without their guards.
    """

    __slots__ = ("slots", "mask", "head", "length", "copied")

    def __init__(self, iterable: Iterable[Any] = (), capacity: int = 8) -> None:
        if capacity < 1 or capacity & (capacity - 1):
            raise ValueError("capacity must be a power of two")
        self.slots: List[Any] = [None] * capacity
        self.mask = capacity - 1
        self.head = 0
        self.length = 0
        self.copied = 0                   # items moved by growth, in all
        for item in iterable:
            self.append(item)

    def __len__(self) -> int:
        return self.length

    def append(self, item: Any) -> None:
        if self.length > self.mask:       # full
            self._grow()
        self.slots[(self.head + self.length) & self.mask] = item
        self.length += 1

    def appendleft(self, item: Any) -> None:
        if self.length > self.mask:
            self._grow()
        self.head = (self.head - 1) & self.mask
        self.slots[self.head] = item
        self.length += 1

    def pop(self) -> Any:
        if not self.length:
            raise IndexError("pop from an empty ring buffer")
        self.length -= 1
        i = (self.head + self.length) & self.mask
        item, self.slots[i] = self.slots[i], None
        return item

    def popleft(self) -> Any:
        if not self.length:
            raise IndexError("pop from an empty ring buffer")
        i = self.head
        item, self.slots[i] = self.slots[i], None
        self.head = (i + 1) & self.mask
        self.length -= 1
        return item

    def __getitem__(self, index: int) -> Any:
        if index < 0:
            index += self.length
        if not 0 <= index < self.length:
            raise IndexError("ring buffer index out of range")
        return self.slots[(self.head + index) & self.mask]

    def __iter__(self) -> Iterator[Any]:
        slots, head, mask = self.slots, self.head, self.mask
        for i in range(self.length):
            yield slots[(head + i) & mask]

    def _grow(self) -> None:
        # The O(n) step: every item into a new array twice the size.
        capacity = self.mask + 1
        self.slots = list(self) + [None] * capacity
        self.mask = 2 * capacity - 1
        self.head = 0
        self.copied += self.length


@dataclass(frozen=True)
class RingRow:
    """One operation timed on both Python deques (the runs of each)."""

    what: str
    ring_runs: Runs
    blocked_runs: Runs

    ring_s = _median_of("ring_runs")

    blocked_s = _median_of("blocked_runs")


def _queue(d: Any, ops: int) -> Callable[[], None]:
    """``ops`` append+popleft pairs on ``d``, which keeps its length."""
    def run() -> None:
        push, pop = d.append, d.popleft
        for i in range(ops):
            push(i)
            pop()
    return run


def _reads(d: Any, positions: Sequence[int]) -> Callable[[], None]:
    def run() -> None:
        for i in positions:
            d[i]
    return run


def _walk(d: Any) -> Callable[[], None]:
    def run() -> None:
        for _ in d:
            pass
    return run


def ring_vs_blocks(n: int, ops: int, reads: int, repeat: int = 3,
                   least: float = 0.0, seed: int = 1) -> Tuple[List[RingRow], int]:
    """Both deques of ``n`` items: a steady queue of ``ops`` pairs, ``reads``
    reads at random positions in the middle half, and a walk of every item
    (``least``: see :func:`per_item_runs`); also how many items the ring
    copied while ``n`` were appended."""
    ring, blocks = RingDeque(range(n)), BlockedDeque(range(n))
    copied = ring.copied
    rng = random.Random(seed)
    positions = [rng.randrange(n // 4, n - n // 4) for _ in range(reads)]

    def timed(what: str, make: Callable[[Any], Callable[[], None]], items: int) -> RingRow:
        return RingRow(what, per_item_runs(make(ring), items, repeat, least),
                       per_item_runs(make(blocks), items, repeat, least))
    rows = [timed("queue (append + popleft)", lambda d: _queue(d, ops), ops),
            timed("d[i] in the middle half", lambda d: _reads(d, positions), reads),
            timed("walk (for x in d)", _walk, n)]
    if list(ring) != list(blocks):
        raise AssertionError("the two deques disagree")
    return rows, copied


def growth_copies(n: int, capacity: int = 8) -> Optional[int]:
    """Items a RingDeque starting at ``capacity`` copies while ``n`` are appended."""
    ring = RingDeque(capacity=capacity)
    for i in range(n):
        ring.append(i)
    return ring.copied
