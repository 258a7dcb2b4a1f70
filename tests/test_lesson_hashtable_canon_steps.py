"""The hash-table lesson's canon steps: probe sequences, patterned keys,
the C table's tags and the price of a resize.

Each claim is fed figures that should make it agree and figures that should
make it differ (or leave it unsure); the exact counts the steps print are
checked against values worked out here, independently of the lesson.
"""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from dsa.lessons import hashtable_canon as hc
from dsa.lessons import hashtable_growth as growth
from dsa.lessons import hashtable_native as native
from dsa.lessons import hashtable_probes as probes
from dsa.lessons import questions, runner


def ctx(**shared) -> runner.Context:
    context = runner.Context(console=Console(file=io.StringIO(), width=100))
    context.shared.update(shared)
    return context


def lengths(kind, load, insert_mean, miss_mean, var=1.0, longest=10):
    return hc.ProbeLengths(kind, load, insert_mean, longest, var, miss_mean)


def race_rows(linear_scale=1.0, others_miss=10.0):
    rows = {}
    for load in probes.RACE_LOADS:
        hit, miss = hc.knuth_linear(load)
        rows[("linear", load)] = lengths("linear", load, hit * linear_scale,
                                         miss * linear_scale)
        for kind in ("quadratic", "double", "perturbation"):
            rows[(kind, load)] = lengths(kind, load, 2.5, others_miss)
    return {"capacity": 1 << 14, "rows": rows}


# ---------------------------------------------------------------------------
# Probe sequences


def test_knuth_claim_both_ways():
    assert probes.knuth_holds(ctx(probe_race=race_rows(1.02))).holds is True
    assert probes.knuth_holds(ctx(probe_race=race_rows(1.2))).holds is None
    assert probes.knuth_holds(ctx(probe_race=race_rows(2.0))).holds is False
    assert probes.knuth_holds(ctx()).holds is None                  # not measured


def test_spreading_claim_both_ways():
    assert probes.spreading_cuts_misses(ctx(probe_race=race_rows())).holds is True
    same = race_rows(others_miss=hc.knuth_linear(0.9)[1])
    assert probes.spreading_cuts_misses(ctx(probe_race=same)).holds is False
    near = race_rows(others_miss=hc.knuth_linear(0.9)[1] / 1.6)
    assert probes.spreading_cuts_misses(ctx(probe_race=near)).holds is None


def test_the_probe_race_question_reads_the_slowest_misses():
    question = questions.questions_for("hashtable")["probe_race"][0]
    assert question.measure({"probe_race": race_rows()})[0] == 0                    # linear
    tie = race_rows(others_miss=hc.knuth_linear(0.9)[1])
    assert question.measure({"probe_race": tie})[0] == len(question.choices) - 1    # about the same


def test_pooled_tables_are_one_sample():
    a = hc.ProbeLengths("linear", 0.5, 1.0, 3, 0.0, 2.0)
    b = hc.ProbeLengths("linear", 0.5, 3.0, 7, 0.0, 4.0)
    both = probes.pooled([a, b])
    assert (both.insert_mean, both.miss_mean, both.insert_max) == (2.0, 3.0, 7)
    assert both.insert_var == pytest.approx(1.0)    # values 1 and 3 around 2


def test_the_race_matches_knuth_when_run():
    context = ctx()
    context.quick = True
    probes.probe_race(context)
    verdict = probes.knuth_holds(context)
    assert verdict.holds is not False, verdict.evidence
    assert probes.spreading_cuts_misses(context).holds is True


def test_perturbation_walk_follows_cpython_rule():
    out = io.StringIO()
    context = runner.Context(console=Console(file=out, width=100))
    probes.perturbation_walk(context)
    text = " ".join(out.getvalue().split())
    mask = probes.WALK_SLOTS - 1
    # the walk printed, worked out again with CPython's recurrence
    hashes = hc.random_hashes(probes.WALK_FILLED, seed=5)
    filled, _ = hc.fill("perturbation", hashes, probes.WALK_SLOTS)
    h = probes._walker(filled, mask)
    i, perturb, path = h & mask, h, []
    while filled[i] is not None:
        path.append(i)
        perturb >>= 5
        i = (5 * i + 1 + perturb) & mask
    assert len(path) >= 2
    assert f"probe {len(path) + 1}: slot {i} is empty" in text
    assert f"chose slots {', '.join(map(str, path[1:] + [i]))}" in text


# ---------------------------------------------------------------------------
# Patterned keys


def test_masked_patterns_cost_n_over_2_exactly():
    n = 1_024
    context = ctx()
    context.quick = True
    probes.patterned_keys(context)
    found = context.shared["patterned_keys"]
    assert found["n"] == n
    shifted = found["results"][("i << 32", "linear, slot = hash & mask")]
    assert shifted[0] == (n + 1) / 2 and shifted[1] == n and shifted[3] == 1
    # i * 1024 in 2,048 slots: two homes, 512 keys behind each, no merging
    aligned = found["results"][("i * 1024", "linear, slot = hash & mask")]
    assert aligned[0] == (512 + 1) / 2 and aligned[3] == 2
    assert probes.mixing_fixes_patterns(context).holds is True


def test_mixing_claim_both_ways():
    def results(raw, mixed, perturbed):
        return {"n": 1_000, "results": {
            ("i << 32", "linear, slot = hash & mask"): (raw, 0, 0.0, 1),
            ("i << 32", "linear on mix64(hash)"): (mixed, 0, 0.0, 1),
            ("i << 32", "perturbation (dict's)"): (perturbed, 0, 0.0, 1)}}
    assert probes.mixing_fixes_patterns(ctx(patterned_keys=results(500, 1.5, 8))).holds
    assert probes.mixing_fixes_patterns(
        ctx(patterned_keys=results(1.5, 1.5, 1.5))).holds is False
    assert probes.mixing_fixes_patterns(
        ctx(patterned_keys=results(500, 40, 8))).holds is False


def test_mix64_moves_high_bits_down():
    homes = {hc.mix64(i << 32) & 1023 for i in range(1024)}
    assert len(homes) > 500
    assert hc.mix64(0) == 0 and hc.mix64(1) != 1


# ---------------------------------------------------------------------------
# The tags


def test_tag_walk_predicts_the_traced_lines():
    nh = pytest.importorskip("dsa.native.hashtable")
    table = nh.OpenAddressingHashTable(capacity=256, max_load_factor=0.95, seed=3,
                                       traced=True)
    rng = random.Random(4)
    keys = rng.sample(range(1, 1 << 62), 240)
    table.update((k, k) for k in keys[:200])
    slots, layout = table.slots(), table.memory_layout()
    for key in keys:
        assert (key in table) == (key in keys[:200])
        walk = native.tag_walk(slots, table.hash_of, key, layout)
        assert walk["lines"] == table.last_lines
        assert walk["compares"] <= walk["full"]
        assert walk["lines"] <= walk["lines_untagged"]


def test_tags_claim_both_ways():
    miss = {"full": 30.0, "compares": 0.25, "measured_lines": 1.8, "lines": 1.8,
            "lines_untagged": 10.0, "exact": True}
    hit = dict(miss, full=4.0, compares=1.0, exact=True)
    assert native.tags_filter_probes(ctx(c_tags={"hit": hit, "miss": miss})).holds is True
    every = dict(miss, compares=30.0)
    assert native.tags_filter_probes(ctx(c_tags={"hit": hit, "miss": every})).holds is False
    wrong = dict(miss, exact=False)
    assert native.tags_filter_probes(ctx(c_tags={"hit": hit, "miss": wrong})).holds is False


# ---------------------------------------------------------------------------
# The price of a resize


def growth_figures(resize_ns: float, ordinary: float, n: int = 1_000) -> hc.GrowthCost:
    resizes = [7, 15, 31, 63, 127, 255, 511]
    times = [int(ordinary)] * n
    for i in resizes:
        times[i] = int(ordinary + resize_ns * i / resizes[-1])
    return hc.GrowthCost(n, resizes, sum(resizes), float(ordinary),
                         [float(times[i]) for i in resizes], float(sum(times)), times)


def test_computed_amortised_is_ordinary_plus_priced_moves():
    g = growth_figures(resize_ns=51_100.0, ordinary=100.0)
    assert growth.ordinary_ns(g) == pytest.approx(100.0)
    # every resize costs in proportion to its keys: computed == measured
    assert growth.computed_amortised(g) == pytest.approx(g.amortised_ns, rel=1e-3)


def test_growth_claims_both_ways():
    flat = {name: growth_figures(51_100.0, 100.0) for name, _ in growth.TABLES}
    assert growth.resize_is_a_spike(ctx(growth_cost=flat)).holds is True
    assert growth.amortised_stays_flat(ctx(growth_cost=flat)).holds is True
    small = {name: growth_figures(500.0, 100.0) for name, _ in growth.TABLES}
    assert growth.resize_is_a_spike(ctx(growth_cost=small)).holds is False
    g = growth_figures(51_100.0, 100.0)
    # every resize twice as slow as the largest: not in proportion to the keys moved
    level = [2 * g.resize_ns[-1]] * len(g.resizes)
    slow = hc.GrowthCost(g.n, g.resizes, g.moved, g.median_ns, level,
                         g.total_ns + sum(level) - sum(g.resize_ns), g.times)
    lopsided = dict(flat, dict=slow)
    assert growth.amortised_stays_flat(ctx(growth_cost=lopsided)).holds is False
    half = [t * 0.5 + g.resize_ns[-1] * 0.5 for t in g.resize_ns]
    near = hc.GrowthCost(g.n, g.resizes, g.moved, g.median_ns, half,
                         g.total_ns + sum(half) - sum(g.resize_ns), g.times)
    assert growth.amortised_stays_flat(ctx(growth_cost=dict(flat, dict=near))).holds \
        is None
    many = hc.GrowthCost(g.n, g.resizes, 3 * g.n, g.median_ns, g.resize_ns,
                         g.total_ns, g.times)
    assert growth.amortised_stays_flat(ctx(growth_cost=dict(flat, dict=many))).holds \
        is False


# ---------------------------------------------------------------------------
# The texts the claims fill


def test_every_field_of_the_new_claims_texts_is_filled():
    import re

    claims = runner.parse(runner.load_text("hashtable")).claims
    miss = {"full": 30.0, "compares": 0.25, "measured_lines": 1.8, "lines": 1.8,
            "lines_untagged": 10.0, "exact": True}
    flat = {name: growth_figures(51_100.0, 100.0) for name, _ in growth.TABLES}
    patterned = {"n": 1_000, "results": {
        ("i << 32", "linear, slot = hash & mask"): (500, 0, 0.0, 1),
        ("i << 32", "linear on mix64(hash)"): (1.5, 0, 0.0, 1),
        ("i << 32", "perturbation (dict's)"): (8, 0, 0.0, 1)}}
    verdicts = {
        "knuth_holds": probes.knuth_holds(ctx(probe_race=race_rows())),
        "spreading_cuts_misses": probes.spreading_cuts_misses(ctx(probe_race=race_rows())),
        "mixing_fixes_patterns": probes.mixing_fixes_patterns(ctx(patterned_keys=patterned)),
        "tags_filter_probes": native.tags_filter_probes(
            ctx(c_tags={"hit": miss, "miss": miss})),
        "resize_is_a_spike": growth.resize_is_a_spike(ctx(growth_cost=flat)),
        "amortised_stays_flat": growth.amortised_stays_flat(ctx(growth_cost=flat)),
    }
    for name, verdict in verdicts.items():
        texts = claims[name]
        for text in (texts.agrees, texts.differs, texts.unsure):
            if text:
                left = re.findall(r"\{(\w+)\}", runner.fill(text, verdict.values))
                assert not left, (name, left)
