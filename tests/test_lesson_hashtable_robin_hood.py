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
