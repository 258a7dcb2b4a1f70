"""The heap lesson's canon: heapsort, the two pops, the arity sweep and
Dijkstra, checked against the standard library and brute force."""

import heapq
import math
import random

import pytest

from dsa.heap import HeapStats
from dsa.lessons import heap_canon as hc


@pytest.mark.parametrize("seed", range(30))
def test_heapsort_sorts_in_place_like_sorted(seed):
    rng = random.Random(seed)
    a = [rng.randrange(-20, 20) for _ in range(rng.randrange(0, 60))]
    expected = sorted(a)
    same = a
    hc.heapsort(a)
    assert a is same and a == expected


def test_heapsort_counts_and_reports_each_swap():
    values = list(range(200, 0, -1))
    stats = HeapStats()
    seen = []
    a = list(values)
    hc.heapsort(a, stats=stats, on_swap=lambda i, j: seen.append((i, j)))
    assert a == sorted(values)
    n = len(values)
    assert stats.comparisons <= 2 * n * math.log2(n)
    assert stats.comparisons >= n                    # at least one a sift
    assert stats.swaps == len(seen)                  # every swap shown once
    assert (0, n - 1) in seen                        # the first root-to-end swap


def test_sorted_comparisons_counts_what_sorted_does():
    counter = [0]
    values = [5, 1, 4, 2, 3]
    sorted(hc.Counted(v, counter) for v in values)
    assert hc.sorted_comparisons(values) == counter[0] > 0
    assert hc.sorted_comparisons(list(range(100))) == 99     # one run, n - 1


def test_heapsort_comparisons_against_sorted():
    rng = random.Random(4)
    values = [rng.random() for _ in range(4096)]
    stats = hc.heapsort_comparisons(values)
    # Heapsort makes about 2 n log2 n comparisons, Timsort about n log2 n.
    assert 1.5 < stats.comparisons / hc.sorted_comparisons(values) < 2.6


def test_leaf_first_pop_saves_comparisons():
    counts = hc.pop_comparisons(1 << 12, 500)
    depth = 12
    assert depth - 2 <= counts.leaf_first <= depth + 4
    assert 1.5 * depth <= counts.textbook <= 2 * depth + 2
    assert 0.3 < counts.saved < 0.6


def test_leaf_first_counts_match_heapq_itself():
    # pop_comparisons counts heapq's own pops: the same count as a manual run.
    rng = random.Random(1)
    values = [rng.random() for _ in range(1000)]
    counter = [0]
    heap = [hc.Counted(v, counter) for v in values]
    heapq.heapify(heap)
    counter[0] = 0
    for _ in range(100):
        heapq.heappop(heap)
    assert hc.pop_comparisons(1000, 100).leaf_first == counter[0] / 100


@pytest.mark.parametrize("size, arity, expected", [
    (1, 2, 0), (2, 2, 1), (3, 2, 1), (4, 2, 2), (7, 2, 2), (8, 2, 3),
    (1_000_000, 2, 19), (1_000_000_000, 2, 29), (5, 4, 1), (6, 4, 2), (21, 4, 2),
    (22, 4, 3)])
def test_levels(size, arity, expected):
    assert hc.levels(size, arity) == expected


def test_arity_sweep_on_the_c_twin():
    native = pytest.importorskip("dsa.native.heap")
    rows = hc.arity_sweep(native, 1 << 12, (2, 4, 8), ops=2_000, counted=500)
    assert [r.arity for r in rows] == [2, 4, 8]
    assert [r.levels for r in rows] == [12, 6, 4]
    # Shallower trees: fewer comparisons a push; wider levels: more a pop.
    assert rows[0].push_comparisons > rows[2].push_comparisons
    assert rows[0].pop_comparisons < rows[2].pop_comparisons
    assert rows[0].pop_lines > rows[1].pop_lines
    assert all(r.pop_ns > 0 and r.push_ns > 0 for r in rows)


def bellman_ford(graph, source):
    dist = {source: 0.0}
    for _ in range(len(graph)):
        for v, edges in graph.items():
            if v in dist:
                for w, weight in edges:
                    if w not in dist or dist[v] + weight < dist[w] - 1e-12:
                        dist[w] = dist[v] + weight
    return dist


@pytest.mark.parametrize("seed", range(5))
def test_both_dijkstras_find_the_shortest_paths(seed):
    graph = hc.random_graph(60, 4, seed=seed)
    truth = bellman_ford(graph, 0)
    indexed, iwork = hc.dijkstra_indexed(graph, 0)
    lazy, lwork = hc.dijkstra_lazy(graph, 0)
    assert hc.same_distances(indexed, truth) and hc.same_distances(lazy, truth)
    assert len(truth) == 60                           # the ring reaches all
    # Indexed: each node enters once; lazy: once per improvement, the extra
    # entries popped stale.  Both settle every node once.
    assert iwork.pushes == iwork.pops == 60 and iwork.stale == 0
    assert lwork.pushes == lwork.pops == 60 + lwork.stale
    assert lwork.stale == iwork.changes
    assert iwork.largest <= lwork.largest


def test_same_distances_notices_a_difference():
    assert not hc.same_distances({0: 0.0, 1: 2.0}, {0: 0.0, 1: 2.5})
    assert not hc.same_distances({0: 0.0}, {0: 0.0, 1: 1.0})
