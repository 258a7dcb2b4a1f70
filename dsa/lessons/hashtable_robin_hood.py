"""The hash-table lesson's Robin Hood step, on the real table.

Two :class:`~dsa.hashtable.OpenAddressingHashTable` with linear probing,
the same keys at load 0.9, one with ``robin_hood=True``: the probe lengths
of their hits and misses from their own ``stats()``, then half the keys
deleted from each, tombstones against backward shift.  The simulation of
:mod:`.hashtable_canon` runs beside them on the same hashes, as a check.
If the C twins are built, one more row: the 64-byte lines a failed lookup
reads in the traced C twin, with and without Robin Hood.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass
from types import ModuleType
from typing import Callable, Optional

from dsa.hashtable import OpenAddressingHashTable, ProbeStats

from . import hashtable_canon as hc
from .figures import Figure, count
from .hashtable_common import columns_table, hooks, quick_count
from .runner import Context, Verdict, not_measured, threshold

LOAD = 0.9
SEED = 9                     # the keys
DELETE_SEED = 10             # which half goes
MISS_SEED = 11               # the failed lookups of the traced C twin
C_MISSES = 400


@dataclass(frozen=True)
class Spread:
    """One table's probes, before and after half its keys are deleted."""

    mean: float               # probes per successful lookup
    variance: float
    longest: int
    miss: float               # probes per failed lookup
    tombstones_after: int
    miss_after: float


def probe_lengths(stats: ProbeStats) -> list[int]:
    """Each key's probes for a successful lookup, from the histogram."""
    return [length for length, n in stats.histogram.items() for _ in range(n)]


def measure(keys: list[int], capacity: int, robin_hood: bool) -> Spread:
    """Fill a real table with ``keys``, read its stats, delete half, again."""
    table = OpenAddressingHashTable(dict.fromkeys(keys), capacity=capacity,
                                    max_load_factor=LOAD, robin_hood=robin_hood)
    assert table.capacity == capacity      # no growth: the load is LOAD
    before = table.stats()
    probes = probe_lengths(before)
    for key in random.Random(DELETE_SEED).sample(keys, len(keys) // 2):
        del table[key]
    after = table.stats()
    return Spread(statistics.fmean(probes), statistics.pvariance(probes),
                  max(probes), before.expected_probes_miss, after.tombstones,
                  after.expected_probes_miss)


def c_miss_lines(nh: ModuleType, keys: list[int], capacity: int,
                 robin_hood: bool) -> float:
    """Mean lines per failed lookup in the traced C twin holding ``keys``
    (its keyed hash, so other homes than the Python twin's)."""
    table = nh.OpenAddressingHashTable(dict.fromkeys(keys, 0), capacity=capacity,
                                       max_load_factor=LOAD, seed=SEED,
                                       robin_hood=robin_hood, traced=True)
    assert table.capacity == capacity
    lines = []
    for key in c_misses():
        assert key not in table
        lines.append(table.last_lines)
    return statistics.fmean(lines)


def c_misses() -> list[int]:
    """Keys the lesson's tables (keys below 2**60) do not hold."""
    return random.Random(MISS_SEED).sample(range(1 << 60, 1 << 61), C_MISSES)


@hooks.experiment("robin_hood")
def robin_hood(ctx: Context) -> None:
    c = ctx.console
    capacity = quick_count(ctx, 1 << 13, 1 << 11, "slots", " (the spread depends "
                           "on the load; the longest probe grows slowly with size).")
    n = int(LOAD * capacity)
    # An int below 2**61 - 1 is its own hash: these keys hash at random.
    keys = random.Random(SEED).sample(range(1 << 60), n)
    with ctx.working("filling two tables and deleting half of each"):
        plain, robin = measure(keys, capacity, False), measure(keys, capacity, True)
        nh = ctx.native_module("hashtable")
        c_lines: Optional[tuple[float, float]] = None if nh is None else (
            c_miss_lines(nh, keys, capacity, False),
            c_miss_lines(nh, keys, capacity, True))
    simulated = hc.spread(hc.robin_hood_fill(keys, capacity))
    ctx.shared["robin_hood"] = {"n": n, "plain": plain, "robin": robin,
                                "c_miss_lines": c_lines}
    table = columns_table(
        f"{count(n)} random int keys in {count(capacity)} slots (load {LOAD}), "
        "linear probing: OpenAddressingHashTable.stats()",
        ("", "plain", "robin_hood=True", "simulated Robin Hood"))
    table.add_row("probes per hit, mean", f"{plain.mean:.2f}", f"{robin.mean:.2f}",
                  f"{simulated[0]:.2f}")
    table.add_row("variance", f"{plain.variance:.1f}", f"{robin.variance:.1f}",
                  f"{simulated[1]:.1f}")
    table.add_row("longest probe", count(plain.longest), count(robin.longest),
                  count(simulated[2]))
    table.add_row("probes per failed lookup", f"{plain.miss:.1f}", f"{robin.miss:.1f}",
                  "")
    # The C twin reads a resident's key to learn its distance, so its Robin
    # Hood misses are shorter but read a slot line where plain ones read tags.
    table.add_row("  in the traced C twin: lines",
                  *(("C twins not built", "") if c_lines is None else
                    (f"{c_lines[0]:.2f}", f"{c_lines[1]:.2f}")), "")
    table.add_row(f"after deleting {count(n // 2)} keys: tombstones",
                  count(plain.tombstones_after), count(robin.tombstones_after), "")
    table.add_row("  probes per failed lookup", f"{plain.miss_after:.1f}",
                  f"{robin.miss_after:.1f}", "")
    c.print(table)
    ctx.table(f"Robin Hood at load {LOAD} (the real table, {count(capacity)} slots)", [
        Figure("variance of the probes per hit", "—",
               f"{robin.variance:.1f}", f"plain: {plain.variance:.1f}"),
        Figure("longest probe", "—", count(robin.longest),
               f"plain: {count(plain.longest)}"),
        Figure("failed lookup after deleting half", "—",
               f"{robin.miss_after:.1f} probes",
               f"plain, {count(plain.tombstones_after)} tombstones: "
               f"{plain.miss_after:.1f}"),
    ], caption="Both tables hold the same keys and fill the same slots; only "
               "which key sits where inside a run differs.")


def _judged(ctx: Context, judge: Callable[[Spread, Spread], Verdict]) -> Verdict:
    """``judge(plain, robin)`` on the step's figures, if it ran."""
    found = ctx.shared.get("robin_hood")
    if found is None:
        return not_measured("the Robin Hood tables")
    return judge(found["plain"], found["robin"])


@hooks.claim("robin_hood_evens_out")
def robin_hood_evens_out(ctx: Context) -> Verdict:
    return _judged(ctx, _evens_out)


def _evens_out(plain: Spread, robin: Spread) -> Verdict:
    ratio = plain.variance / max(robin.variance, 1e-9)
    values = {"mean": f"{plain.mean:.2f}", "robin_mean": f"{robin.mean:.2f}",
              "variance": f"{plain.variance:.1f}",
              "robin_variance": f"{robin.variance:.1f}", "ratio": f"{ratio:.0f}x",
              "longest": count(plain.longest), "robin_longest": count(robin.longest),
              "miss": f"{plain.miss:.1f}", "robin_miss": f"{robin.miss:.1f}"}
    same_mean = abs(plain.mean - robin.mean) < 1e-9
    holds = (threshold(ratio, 4.0, 1.5) if same_mean and robin.longest < plain.longest
             else False)
    return Verdict(holds, f"mean {values['mean']} / {values['robin_mean']} probes, "
                   f"variance {values['variance']} / {values['robin_variance']}, "
                   f"longest {values['longest']} / {values['robin_longest']} "
                   "(plain / Robin Hood)", values)


@hooks.claim("backward_shift_clears")
def backward_shift_clears(ctx: Context) -> Verdict:
    return _judged(ctx, _clears)


def _clears(plain: Spread, robin: Spread) -> Verdict:
    values = {"tombstones": count(plain.tombstones_after),
              "robin_tombstones": count(robin.tombstones_after),
              "miss_after": f"{plain.miss_after:.1f}",
              "robin_miss_after": f"{robin.miss_after:.1f}"}
    holds = (robin.tombstones_after == 0 and plain.tombstones_after > 0
             and robin.miss_after * 2 < plain.miss_after)
    return Verdict(holds, f"after deleting half: {values['tombstones']} tombstones, "
                   f"{values['miss_after']} probes per miss (plain); "
                   f"{values['robin_tombstones']}, {values['robin_miss_after']} "
                   "(backward shift)", values)
