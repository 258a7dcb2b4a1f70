"""The lessons' cost model: its counts, its published unit costs and its
predictions, driven with injected unit costs."""

import heapq
import math
import random

import pytest

from dsa.lessons import cost_model as cm


class CountingFloat(float):
    """A float that counts the comparisons made on it."""

    seen = 0

    def __lt__(self, other):
        CountingFloat.seen += 1
        return float.__lt__(self, other)

    def __eq__(self, other):
        CountingFloat.seen += 1
        return float.__eq__(self, other)

    __hash__ = float.__hash__


def test_plain_drain_compares_matches_a_counted_drain():
    n = 400
    CountingFloat.seen = 0
    queue = [CountingFloat(x) for x in range(n, 0, -1)]
    random.Random(3).shuffle(queue)
    while queue:
        smallest = min(queue)
        queue.remove(smallest)
    # min() compares with <, remove() scans with == up to the minimum.
    assert CountingFloat.seen == pytest.approx(cm.plain_drain_compares(n), rel=0.05)


def test_heapify_levels_matches_heapq_on_descending_input():
    for n in (1023, 4096, 10_000):
        CountingFloat.seen = 0
        items = [CountingFloat(x) for x in range(n, 0, -1)]
        heapq.heapify(items)
        assert CountingFloat.seen == pytest.approx(cm.heapify_levels(n), rel=0.08)


def test_published_costs_come_from_the_published_figures():
    pub = cm.published_costs()
    assert pub.call == pytest.approx(53.3e-9)
    assert pub.shift == pytest.approx(255_486e-9 / 500_000)
    assert pub.compare == pytest.approx(72.0 / (0.75 * 100_000 ** 2), rel=1e-4)
    assert pub.level * 17_951_445 + 1_000_000 * pub.call == pytest.approx(322.7e-3)
    assert set(pub.sources) == {"call", "compare", "level", "shift"}
    assert 15e9 < pub.bandwidth < 17e9


def test_the_model_reproduces_the_published_build_ratio():
    pub = cm.published_costs()
    push = cm.push_build(1_000_000, 17_951_445, pub)
    heapify = cm.heapify_build(1_000_000, pub)
    assert push == pytest.approx(322.7e-3)           # by construction
    assert push / heapify == pytest.approx(322.7 / 21.0, rel=0.10)


def test_drain_ratio_follows_the_memory_price():
    base = cm.UnitCosts(call=20e-9, compare=10e-9, level=15e-9, shift=0.2e-9)
    slow_memory = cm.UnitCosts(call=20e-9, compare=10e-9, level=15e-9, shift=0.4e-9)
    fast_interp = cm.UnitCosts(call=10e-9, compare=5e-9, level=7.5e-9, shift=0.2e-9)
    n = 100_000

    def ratio(u):
        return cm.insort_drain(n, u) / cm.heap_drain(n, u)
    # Shifting is most of insort's time at this size, so a slower memory
    # nearly doubles the ratio and a faster interpreter nearly doubles it too.
    assert 1.8 < ratio(slow_memory) / ratio(base) < 2.0
    assert 1.8 < ratio(fast_interp) / ratio(base) < 2.0


def test_heap_predictions_with_and_without_this_machine():
    pub = cm.published_costs()
    now = cm.UnitCosts(call=18e-9, compare=10e-9, level=18e-9, shift=0.19e-9)
    rows = cm.heap_predictions(pub, now, drain_n=100_000, drain_now=12.0,
                               build_n=1_000_000, build_swaps=17_951_445,
                               build_pub=322.7 / 21.0, build_now=6.0)
    assert [p.what for p in rows] == ["drain: insort / heap", "build: push loop / heapify"]
    drain = rows[0]
    assert drain.model_now == pytest.approx(
        cm.insort_drain(100_000, now) / cm.heap_drain(100_000, now))
    assert drain.miss() == pytest.approx(12.0 / drain.model_now)
    alone = cm.heap_predictions(pub, None, drain_n=100_000, drain_now=None,
                                build_n=1_000_000, build_swaps=17_951_445,
                                build_pub=15.4, build_now=None)
    assert alone[0].model_now is None and alone[0].miss() is None
    table = cm.model_rows(alone)
    assert table[0][3] == "—" and table[0][1].endswith("x")


def test_measure_shift_subtracts_the_calls():
    calls = []

    def timer(fn, ops):
        fn()
        calls.append(ops)
        return 2 * 10e-9 + 1000 * 0.5e-9       # two calls plus 1,000 shifts
    assert cm.measure_shift(1000, timer, call=10e-9, ops=3) == pytest.approx(0.5e-9)
    assert calls == [3]


def test_front_insert_is_a_call_plus_the_shift():
    u = cm.UnitCosts(call=50e-9, compare=1e-9, level=1e-9, shift=0.5e-9)
    assert cm.front_insert(1_000_000, u) == pytest.approx(50e-9 + 0.5e-3)
    assert math.isinf(cm.UnitCosts(1, 1, 1, 0).bandwidth)


# ---------------------------------------------------------------------------
# The linked-list lesson's walks


WALK = cm.WalkCosts(far=200e-9, loop=0.25e-9, bandwidth=10e9, visit=20e-9,
                    visit_far=100e-9)


def test_a_streamed_element_costs_the_slower_of_the_loop_and_the_bus():
    assert WALK.stream == pytest.approx(0.8e-9)            # 8 bytes at 10 GB/s
    fast_bus = cm.WalkCosts(far=200e-9, loop=0.25e-9, bandwidth=64e9, visit=20e-9,
                            visit_far=100e-9)
    assert fast_bus.stream == pytest.approx(0.25e-9)       # the loop sets the pace
    no_loop = cm.WalkCosts(far=1e-9, loop=None, bandwidth=8e9, visit=1e-9,
                           visit_far=1e-9)
    assert no_loop.stream == pytest.approx(1e-9)


def test_the_walk_ratios_follow_from_the_prices():
    assert cm.chase_vs_stream(WALK) == pytest.approx(250.0)
    # (20 + 3 * 100) / 20
    assert cm.shuffled_visit(WALK) == pytest.approx(320e-9)
    assert cm.shuffled_vs_in_order(WALK) == pytest.approx(16.0)
    # measured 8.5x leaves 150 ns of memory a visit where the model has 300
    assert cm.chains_in_flight(WALK, 8.5) == pytest.approx(2.0)
    assert cm.chains_in_flight(WALK, 1.0) == math.inf


def test_the_published_walk_prices_come_from_the_published_figures():
    pub = cm.published_walk_costs()
    assert pub.stream == pytest.approx(0.62e-9)
    assert pub.bandwidth == pytest.approx(8 / 0.62e-9)
    assert cm.chase_vs_stream(pub) == pytest.approx(81.5 / 0.62)
    assert cm.shuffled_vs_in_order(pub) == pytest.approx((44.4 + 3 * 81.5) / 44.4)
    assert set(pub.sources) == {"far", "stream", "visit", "visit far"}


def test_walk_predictions_pair_the_model_with_the_measurements():
    pub = cm.published_walk_costs()
    chase, shuffled = cm.walk_predictions(pub, WALK, chase_now=500.0, shuffled_now=8.0)
    assert chase.published == 132 and chase.model_now == pytest.approx(250.0)
    assert chase.miss() == pytest.approx(2.0)
    assert shuffled.published == pytest.approx(265.8 / 44.4)
    assert shuffled.miss() == pytest.approx(0.5)
    alone = cm.walk_predictions(pub, None, chase_now=None, shuffled_now=None)
    assert alone[0].model_now is None and alone[1].miss() is None


@pytest.mark.parametrize("miss, verdict", [(1.0, True), (1.5, True), (1 / 1.5, True),
                                           (1.7, None), (0.55, None), (2.01, False),
                                           (0.4, False)])
def test_within_reads_a_miss_either_way(miss, verdict):
    assert cm.within(miss) is verdict


def test_prediction_rows_without_a_published_figure_show_a_dash():
    # A ratio the article did not publish has no published miss to show.
    p = cm.Prediction("unpublished", model_published=2.0, published=None,
                      model_now=3.0, measured_now=6.0)
    assert p.miss_published() is None and p.miss() == 2.0
    (row,) = cm.prediction_rows([p])
    assert "measured / model: — published" in str(row)
