"""The hash-table lesson's canon: probe sequences and what growth costs.

* **Four probe sequences side by side.**  Where a key looks after its home
  slot is taken: the next slot (linear), slots 1, 3, 6, 10 ... away
  (quadratic, triangular numbers, which visit every slot of a power-of-two
  table), a step drawn from a second hash (double hashing), or CPython's
  perturbation, which feeds the hash's high bits into the jumps until they
  are used up.  The experiment fills one slot array per sequence to a
  load and counts the probes an insert, a hit and a miss take.
* **Patterned keys.**  Hashes whose low bits are all alike (``i << 32``,
  ``i * 1024``) share a home slot when the slot is the hash masked;
  :func:`mix64` spreads them first, perturbation lets the high bits into
  the probes.
* **Robin Hood insertion.**  Linear probing where a key that has travelled
  further than the one sitting in a slot takes the slot and sends the other
  on: the average probe length stays the same, its spread collapses.
* **What growth costs.**  A table that doubles when it fills moves every key
  at each doubling, so one insert in a while is slow; the moves add up to
  fewer than two per key, so the average stays O(1).

These are simulations of slot arrays holding only hashes (no keys, no
values), so they count exactly what the sequence decides and nothing else.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, List, Optional, Sequence

from dsa._hashtable_parts import mix_hash
from dsa.timing import gc_paused, per_unit

WORD = (1 << 64) - 1
PERTURB_SHIFT = 5

SEQUENCES = ("linear", "quadratic", "double", "perturbation")


def probe_sequence(kind: str, h: int, mask: int) -> Iterator[int]:
    """The slots a key with hash ``h`` tries, in order, in a table of
    ``mask + 1`` slots (a power of two)."""
    i = h & mask
    if kind == "linear":
        while True:
            yield i
            i = (i + 1) & mask
    elif kind == "quadratic":
        step = 0
        while True:
            yield i
            step += 1
            i = (i + step) & mask         # home + 1, + 3, + 6, ...: triangular
    elif kind == "double":
        step = ((h >> 32) | 1) & mask or 1  # odd, so it visits every slot
        while True:
            yield i
            i = (i + step) & mask
    elif kind == "perturbation":
        perturb = h & WORD
        while True:
            yield i
            perturb >>= PERTURB_SHIFT
            i = (5 * i + 1 + perturb) & mask
    else:
        raise ValueError(f"kind must be one of {', '.join(SEQUENCES)}, got {kind!r}")


@dataclass(frozen=True)
class ProbeLengths:
    """Probes per operation at one load, for one sequence."""

    kind: str
    load: float
    insert_mean: float       # = a successful lookup's mean, keys unchanged
    insert_max: int
    insert_var: float
    miss_mean: float


def fill(kind: str, hashes: Sequence[int], capacity: int) -> tuple[list, list[int]]:
    """Insert ``hashes`` into ``capacity`` slots; return the slots and the
    probes each insert took."""
    mask = capacity - 1
    slots: List[Optional[int]] = [None] * capacity
    probes = []
    for h in hashes:
        for n, i in enumerate(probe_sequence(kind, h, mask), 1):
            if slots[i] is None:
                slots[i] = h
                probes.append(n)
                break
            if n > capacity:
                raise RuntimeError(f"{kind} probing found no empty slot")
    return slots, probes


def miss_probes(kind: str, slots: Sequence[Optional[int]], h: int) -> int:
    """Probes for a lookup of an absent hash: up to the first empty slot."""
    for n, i in enumerate(probe_sequence(kind, h, len(slots) - 1), 1):
        if slots[i] is None:
            return n
    return len(slots)


def random_hashes(count: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(64) for _ in range(count)]


def patterned_hashes(count: int) -> list[int]:
    """Hashes with their low 10 bits all zero (``hash(i * 1024)``)."""
    return [i * 1024 for i in range(count)]


#: splitmix64's finaliser, the mixer the real tables switch to
#: (:func:`dsa._hashtable_parts.mix_hash`): every output bit depends on every
#: input bit, so hashes that differ only in their high bits get different
#: low bits.
mix64 = mix_hash


def probe_lengths(kind: str, load: float, capacity: int, *, seed: int = 1,
                  hashes: Optional[Sequence[int]] = None,
                  misses: int = 2_000) -> ProbeLengths:
    """Fill ``capacity`` slots to ``load`` with random (or the given) hashes
    and measure the probes of the inserts and of ``misses`` absent lookups."""
    count = int(load * capacity)
    keys = list(hashes[:count]) if hashes is not None else random_hashes(count, seed)
    slots, probes = fill(kind, keys, capacity)
    absent = random_hashes(misses, seed + 1)
    missing = [miss_probes(kind, slots, h) for h in absent]
    return ProbeLengths(kind, load, statistics.fmean(probes), max(probes),
                        statistics.pvariance(probes), statistics.fmean(missing))


def knuth_linear(load: float) -> tuple[float, float]:
    """Knuth's expected probes for linear probing with random hashes:
    ``(1 + 1/(1-a)) / 2`` for a hit, ``(1 + 1/(1-a)²) / 2`` for a miss."""
    return (1 + 1 / (1 - load)) / 2, (1 + 1 / (1 - load) ** 2) / 2


# ---------------------------------------------------------------------------
# Robin Hood


def robin_hood_fill(hashes: Sequence[int], capacity: int) -> list[int]:
    """Linear probing, Robin Hood style: return each key's final distance
    from its home slot plus one (its probes for a successful lookup).

    On the way to an empty slot, the travelling key compares how far it has
    come with how far the key in the slot has come; if it has come further,
    it takes the slot and the displaced key travels on.
    """
    mask = capacity - 1
    slots: List[Optional[int]] = [None] * capacity
    dist = [0] * capacity                  # distance from home of each slot's key
    for h in hashes:
        i, d, key = h & mask, 0, h
        while slots[i] is not None:
            if dist[i] < d:                # the richer key gives way
                slots[i], key = key, slots[i]
                dist[i], d = d, dist[i]
            i, d = (i + 1) & mask, d + 1
        slots[i], dist[i] = key, d
    return [dist[i] + 1 for i in range(capacity) if slots[i] is not None]


def spread(probes: Sequence[int]) -> tuple[float, float, int]:
    """Mean, variance and longest of a list of probe counts."""
    return statistics.fmean(probes), statistics.pvariance(probes), max(probes)


# ---------------------------------------------------------------------------
# What growth costs


def _per_insert(total: str) -> Any:
    """A read-only property: the row's ``total`` shared out over its ``n``
    inserts (0 for no inserts)."""
    return property(lambda row: per_unit(getattr(row, total), row.n),
                    doc=f"{total} per insert.")


@dataclass(frozen=True)
class GrowthCost:
    """Per-insert times of a growing table, around its resizes."""

    n: int
    resizes: list[int]           # the insert numbers that triggered a resize
    moved: int                   # keys placed again by all resizes
    median_ns: float             # a typical insert
    resize_ns: list[float]       # the inserts that resized
    total_ns: float
    times: list[int] = field(default_factory=list, repr=False)   # every insert's

    moves_per_insert = _per_insert("moved")

    amortised_ns = _per_insert("total_ns")


def insert_times(table: Any, n: int, after: Optional[Callable[[int], None]] = None,
                 clock: Callable[[], int] = time.perf_counter_ns) -> list[int]:
    """Nanoseconds of each of ``n`` inserts of new int keys (clock included),
    with the cyclic garbage collector paused: its passes over a growing heap
    would land on random inserts and hide the resizes.  ``after(i)``, if
    given, runs after insert ``i``, outside the clock."""
    times = [0] * n
    with gc_paused():
        for i in range(n):
            t0 = clock()
            table[i] = i
            times[i] = clock() - t0
            if after is not None:
                after(i)
    return times


def dict_growth_cost(n: int) -> GrowthCost:
    """:func:`growth_cost` for ``dict``, which has no resize hook: a resize
    shows as a change of ``sys.getsizeof`` (read outside the clock)."""
    table: dict = {}
    resizes: list[int] = []
    size = [sys.getsizeof(table)]

    def resized(i: int) -> None:
        now = sys.getsizeof(table)
        if now != size[0]:
            size[0] = now
            resizes.append(i)
    times = insert_times(table, n, resized)
    moved = sum(resizes)                  # every key already in is placed again
    return GrowthCost(n, resizes, moved, float(statistics.median(times)),
                      [float(times[i]) for i in resizes], float(sum(times)), times)


def growth_cost(make: Callable[[], Any], n: int) -> GrowthCost:
    """Time every insert of ``n`` new keys into a fresh ``make()`` table,
    noting through its ``on_resize`` hook which inserts resized and how many
    keys each placed again."""
    table = make()
    resizes: list[int] = []
    moved = [0]

    def resized(event: Any) -> None:
        resizes.append(len(table) - 1)    # the hook runs once the new key is in
        moved[0] += event.keys_total
    table.on_resize = resized
    times = insert_times(table, n)
    return GrowthCost(n, resizes, moved[0], float(statistics.median(times)),
                      [float(times[i]) for i in resizes],
                      float(sum(times)), times)
