"""The hash-table lesson's Robin Hood step.

The claims are fed figures that should make them agree and figures that
should make them differ (or leave them unsure); the figures the step prints
are checked against the real table and the simulation, worked out here.
"""

from __future__ import annotations

import io
import random
import statistics

from rich.console import Console

from dsa.hashtable import OpenAddressingHashTable
from dsa.lessons import hashtable_canon as hc
from dsa.lessons import hashtable_robin_hood as rh
from dsa.lessons import questions, runner


def ctx(**shared) -> runner.Context:
    context = runner.Context(console=Console(file=io.StringIO(), width=100))
    context.shared.update(shared)
    return context


def spreads(variance=290.0, robin_variance=20.0, longest=263, robin_longest=21,
            robin_mean=5.5, tombstones=921, robin_tombstones=0, miss_after=47.4,
            robin_miss_after=1.6):
    plain = rh.Spread(5.5, variance, longest, 47.4, tombstones, miss_after)
    robin = rh.Spread(robin_mean, robin_variance, robin_longest, 6.0,
                      robin_tombstones, robin_miss_after)
    return {"robin_hood": {"n": 1843, "plain": plain, "robin": robin}}


def test_evens_out_claim_both_ways():
    assert rh.robin_hood_evens_out(ctx(**spreads())).holds is True
    assert rh.robin_hood_evens_out(ctx(**spreads(robin_variance=100.0))).holds is None
    assert rh.robin_hood_evens_out(ctx(**spreads(robin_variance=250.0))).holds is False
    assert rh.robin_hood_evens_out(ctx(**spreads(robin_mean=5.6))).holds is False
    assert rh.robin_hood_evens_out(ctx(**spreads(robin_longest=263))).holds is False
    assert rh.robin_hood_evens_out(ctx()).holds is None              # not measured


def test_backward_shift_claim_both_ways():
    assert rh.backward_shift_clears(ctx(**spreads())).holds is True
    assert rh.backward_shift_clears(ctx(**spreads(robin_tombstones=3))).holds is False
    assert rh.backward_shift_clears(ctx(**spreads(robin_miss_after=30.0))).holds is False
    assert rh.backward_shift_clears(ctx(**spreads(tombstones=0))).holds is False
    assert rh.backward_shift_clears(ctx()).holds is None


def test_the_step_shows_the_real_tables():
    context = ctx()
    context.quick = True
    rh.robin_hood(context)
    found = context.shared["robin_hood"]
    capacity = 1 << 11
    n = found["n"]
    assert n == int(0.9 * capacity)
    keys = random.Random(rh.SEED).sample(range(1 << 60), n)
    plain, robin = found["plain"], found["robin"]
    # Worked out again: the simulation of Robin Hood on the same hashes
    # gives the real table's probes exactly, and plain linear probing the
    # same total.
    simulated = hc.robin_hood_fill(keys, capacity)
    assert robin.variance == statistics.pvariance(simulated)
    assert robin.longest == max(simulated)
    _, linear = hc.fill("linear", keys, capacity)
    assert plain.mean == robin.mean == statistics.fmean(simulated)
    assert plain.variance == statistics.pvariance(linear)
    assert plain.longest == max(linear)
    assert plain.tombstones_after == n // 2 and robin.tombstones_after == 0
    # a tombstone never ends a search: the plain misses do not change
    assert plain.miss_after == plain.miss
    table = OpenAddressingHashTable(dict.fromkeys(keys), capacity=capacity,
                                    max_load_factor=0.9, robin_hood=True)
    assert robin.miss == table.stats().expected_probes_miss
    assert rh.robin_hood_evens_out(context).holds is True
    assert rh.backward_shift_clears(context).holds is True
    text = " ".join(context.console.file.getvalue().split())
    assert f"longest probe {plain.longest:,} {robin.longest:,}" in text


def test_the_question_reads_the_variance_ratio():
    question = questions.questions_for("hashtable")["robin_hood"][0]
    assert question.claim == "robin_hood_evens_out"
    assert question.measure(spreads(290.0, 20.0))[0] == 2           # 10x to 50x
    assert question.measure(spreads(290.0, 200.0))[0] == 0          # under 2x


def _robin_hood_miss_lines(slots, hash_of, key, layout):
    """The lines a failed Robin Hood lookup reads in the C twin, walked
    here: the state byte and the slot of every slot up to an empty one or a
    resident nearer to its home than the search has travelled."""
    mask = len(slots) - 1
    i, travelled, lines = hash_of(key) & mask, 0, set()
    while True:
        lines.add((layout.states_address + i) // 64)
        if slots[i] is None:
            return len(lines)
        lines.add((layout.slots_address + 16 * i) // 64)
        if (i - hash_of(slots[i])) & mask < travelled:
            return len(lines)
        i, travelled = (i + 1) & mask, travelled + 1


def test_the_c_row_counts_the_lines_a_walk_of_the_c_layout_gives():
    import pytest
    from dsa.lessons import hashtable_native as hn
    nh = pytest.importorskip("dsa.native.hashtable")
    capacity = 1 << 11
    keys = random.Random(rh.SEED).sample(range(1 << 60), int(rh.LOAD * capacity))
    walked = []
    for robin_hood in (False, True):
        table = nh.OpenAddressingHashTable(dict.fromkeys(keys, 0), capacity=capacity,
                                           max_load_factor=rh.LOAD, seed=rh.SEED,
                                           robin_hood=robin_hood)
        slots, layout = table.slots(), table.memory_layout()
        walk = (_robin_hood_miss_lines if robin_hood else
                lambda *a: hn.tag_walk(*a)["lines"])
        walked.append(statistics.fmean(walk(slots, table.hash_of, key, layout)
                                       for key in rh.c_misses()))
    measured = (rh.c_miss_lines(nh, keys, capacity, False),
                rh.c_miss_lines(nh, keys, capacity, True))
    assert measured == pytest.approx(tuple(walked), abs=1e-12)
    assert measured[1] > measured[0]     # the C twin pays a slot line per step
    context = ctx()
    context.quick = True
    rh.robin_hood(context)
    assert context.shared["robin_hood"]["c_miss_lines"] == measured
    text = " ".join(context.console.file.getvalue().split())
    assert f"lines {measured[0]:.2f} {measured[1]:.2f}" in text
