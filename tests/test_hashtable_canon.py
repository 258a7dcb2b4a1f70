"""The hash-table lesson's canon: probe sequences, Robin Hood and growth,
checked against their definitions, Knuth's formulas and the real tables."""

import statistics

import pytest

from dsa.hashtable import ChainedHashTable, OpenAddressingHashTable
from dsa.lessons import hashtable_canon as hc


def first(kind, h, mask, n):
    seq = hc.probe_sequence(kind, h, mask)
    return [next(seq) for _ in range(n)]


def test_the_four_sequences_step_as_defined():
    assert first("linear", 6, 7, 4) == [6, 7, 0, 1]
    assert first("quadratic", 6, 7, 4) == [6, 7, 1, 4]        # +1, +2, +3
    step = ((5 << 32) >> 32) | 1
    assert first("double", (5 << 32) | 2, 15, 3) == [2, (2 + step) & 15, (2 + 2 * step) & 15]
    # CPython's: perturb >>= 5, then i = 5i + 1 + perturb.
    h = 0b1100000_00011
    i, perturb, expected = h & 31, h, []
    for _ in range(4):
        expected.append(i)
        perturb >>= 5
        i = (5 * i + 1 + perturb) & 31
    assert first("perturbation", h, 31, 4) == expected
    with pytest.raises(ValueError):
        next(hc.probe_sequence("cuckoo", 1, 7))


@pytest.mark.parametrize("kind", hc.SEQUENCES)
def test_every_sequence_reaches_every_slot(kind):
    for h in (0, 1, 12345, (1 << 63) + 99, (1 << 64) - 1):
        assert set(first(kind, h, 63, 64 * 8)) == set(range(64))


def test_fill_places_every_hash_and_counts_probes():
    hashes = [0, 8, 16, 1]                       # three share home slot 0
    slots, probes = hc.fill("linear", hashes, 8)
    assert probes == [1, 2, 3, 3]                # 1's home is taken by 8
    assert sorted(h for h in slots if h is not None) == sorted(hashes)
    assert hc.miss_probes("linear", slots, 24) == 5


def test_linear_probing_follows_knuth():
    for load in (0.5, 0.75):
        got = hc.probe_lengths("linear", load, 1 << 14, misses=4_000)
        hit, miss = hc.knuth_linear(load)
        assert got.insert_mean == pytest.approx(hit, rel=0.1)
        assert got.miss_mean == pytest.approx(miss, rel=0.2)


def test_spreading_sequences_beat_linear_when_full():
    rows = {k: hc.probe_lengths(k, 0.9, 1 << 13) for k in hc.SEQUENCES}
    for kind in ("quadratic", "double", "perturbation"):
        assert rows[kind].miss_mean < rows["linear"].miss_mean / 2
        assert rows[kind].insert_var < rows["linear"].insert_var


def test_only_perturbation_survives_patterned_hashes():
    pattern = hc.patterned_hashes(1 << 11)       # low 10 bits all zero
    rows = {k: hc.probe_lengths(k, 0.5, 1 << 12, hashes=pattern) for k in hc.SEQUENCES}
    assert rows["perturbation"].insert_mean < 5
    assert rows["linear"].insert_mean > 100


def test_robin_hood_keeps_the_mean_and_cuts_the_spread():
    capacity = 1 << 12
    hashes = hc.random_hashes(int(0.9 * capacity), seed=3)
    robin = hc.robin_hood_fill(hashes, capacity)
    _, plain = hc.fill("linear", hashes, capacity)
    assert len(robin) == len(plain) == len(hashes)
    assert statistics.fmean(robin) == pytest.approx(statistics.fmean(plain))
    assert hc.spread(robin)[1] < hc.spread(plain)[1] / 4
    assert hc.spread(robin)[2] < hc.spread(plain)[2]


def test_robin_hood_slots_hold_every_key_at_its_distance():
    # Every key is found by walking right from home: distance+1 probes.
    capacity = 64
    hashes = hc.random_hashes(50, seed=9)
    robin = hc.robin_hood_fill(hashes, capacity)
    assert min(robin) == 1 and sum(robin) >= len(hashes)


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
def test_growth_cost_sees_each_resize(cls):
    g = hc.growth_cost(cls, 3_000)
    table = cls()
    capacities = []
    table.on_resize = lambda e: capacities.append(e.new_capacity)
    for i in range(3_000):
        table[i] = i
    assert len(g.resizes) == len(capacities) > 5
    assert g.resizes == sorted(g.resizes) and g.resizes[-1] < 3_000
    assert 1.0 < g.moves_per_insert < 2.0          # fewer than two moves a key
    assert len(g.resize_ns) == len(g.resizes)
    assert g.amortised_ns * g.n == pytest.approx(g.total_ns)


def test_dict_growth_cost_finds_dicts_resizes():
    g = hc.dict_growth_cost(3_000)
    assert len(g.resizes) >= 8                      # 8 slots doubling past 3,000
    assert 1.0 < g.moves_per_insert < 2.0


def test_gc_paused_restores_the_collector():
    import gc

    from dsa.timing import gc_paused
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()                # it was off: it stays off
    finally:
        gc.enable()
