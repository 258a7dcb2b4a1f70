"""The heap lesson's canon: what the standard texts teach beside the basics.

Four topics, each a small algorithm and an experiment on this machine:

* **heapsort in place**: a max-heap built in the list itself, then the
  root swapped to the end n - 1 times; O(n log n) comparisons and no memory
  beyond the list;
* **heapq's leaf-first pop**: the hole sinks to a leaf choosing the smaller
  child (one comparison a level) and the last item climbs back, against the
  textbook's two comparisons a level;
* **the d-ary trade-off**: more children per node make the tree shallower
  (fewer levels for a push) but each level of a pop compares more children;
  the lines touched decide which wins once the heap is out of cache;
* **an indexed priority queue driving Dijkstra**: changing a priority in
  place (a side index from item to position) against heapq's usual trick of
  pushing duplicates and skipping the stale ones.

The functions here compute; :mod:`dsa.lessons.heap` prints.
"""

from __future__ import annotations

import heapq
import math
import random
import statistics
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from dsa.heap import HeapStats, IndexedPriorityQueue, heapify_bottom_up, sift_down

Graph = Dict[int, List[Tuple[int, float]]]


# ---------------------------------------------------------------------------
# Heapsort


def heapsort(a: List[Any], *, stats: Optional[HeapStats] = None,
             on_swap: Optional[Callable[[int, int], None]] = None,
             on_place: Optional[Callable[[int], None]] = None) -> None:
    """Sort ``a`` ascending in place: O(n log n) time, O(1) extra space.

    Make ``a`` a *max*-heap bottom-up, so the largest item is at the root.
    Then, with the heap part ``a[:end]`` shrinking from the right, swap the
    root with ``a[end - 1]`` (the largest left joins the sorted tail) and
    sift the new root down within the heap part.  Not stable: equal items
    may change order, as the swaps jump across the list.

    ``on_swap(i, j)`` is told of every swap; ``on_place(end)`` just before
    the root is swapped into its place at ``end`` (so that a picture can
    tell that swap from the sifts).

    >>> a = [3, 5, 7, 9, 12, 8, 14]
    >>> heapsort(a); a
    [3, 5, 7, 8, 9, 12, 14]
    """
    heapify_bottom_up(a, stats=stats, reverse=True, on_swap=on_swap)
    for end in range(len(a) - 1, 0, -1):
        if on_place is not None:
            on_place(end)
        a[0], a[end] = a[end], a[0]          # the largest left goes to its place
        if stats is not None:
            stats.swaps += 1
        if on_swap is not None:
            on_swap(0, end)
        sift_down(a, 0, end, reverse=True, stats=stats, on_swap=on_swap)


class Counted:
    """A value whose comparisons are counted, to count what ``sorted`` and
    :mod:`heapq` do (both compare with ``<`` only)."""

    __slots__ = ("value", "counter")

    def __init__(self, value: Any, counter: List[int]) -> None:
        self.value = value
        self.counter = counter

    def __lt__(self, other: "Counted") -> bool:
        self.counter[0] += 1
        return bool(self.value < other.value)


def sorted_comparisons(values: Sequence[Any]) -> int:
    """How many comparisons ``sorted`` makes on ``values``."""
    counter = [0]
    sorted(Counted(v, counter) for v in values)
    return counter[0]


def heapsort_comparisons(values: Sequence[Any]) -> HeapStats:
    """Comparisons and swaps of :func:`heapsort` on a copy of ``values``."""
    stats = HeapStats()
    heapsort(list(values), stats=stats)
    return stats


# ---------------------------------------------------------------------------
# Two ways to pop


@dataclass(frozen=True)
class PopCounts:
    """Comparisons per pop on a heap of ``size`` random items."""

    size: int
    pops: int
    textbook: float          # swap-based sift down: better child, then the item
    leaf_first: float        # heapq: the hole sinks to a leaf, the item climbs back

    @property
    def saved(self) -> float:
        """Share of the textbook's comparisons heapq does not make."""
        return 1 - self.leaf_first / self.textbook if self.textbook else 0.0


def pop_comparisons(size: int, pops: int, seed: int = 1) -> PopCounts:
    """Count both pops on the same random heap, ``pops`` times each (fewer
    than ``size``: the heap must not run dry)."""
    if not 0 < pops < size:
        raise ValueError(f"pops must be between 1 and size - 1, not {pops}")
    rng = random.Random(seed)
    values = [rng.random() for _ in range(size)]

    stats = HeapStats()
    textbook = list(values)
    heapify_bottom_up(textbook)
    for _ in range(pops):
        last = textbook.pop()
        textbook[0] = last
        sift_down(textbook, 0, stats=stats)

    counter = [0]
    leaf_first = [Counted(v, counter) for v in values]
    heapq.heapify(leaf_first)
    counter[0] = 0
    for _ in range(pops):
        heapq.heappop(leaf_first)
    return PopCounts(size, pops, stats.comparisons / pops, counter[0] / pops)


# ---------------------------------------------------------------------------
# The d-ary trade-off


@dataclass(frozen=True)
class AritySweepRow:
    """One arity: levels, comparisons and lines per operation, nanoseconds."""

    arity: int
    size: int
    levels: int
    pop_comparisons: float
    push_comparisons: float
    pop_lines: float
    push_lines: float
    pop_ns: float
    push_ns: float
    pop_runs: Tuple[float, ...] = ()     # every timed run's pop ns


def levels(size: int, arity: int) -> int:
    """Levels below the root of a complete ``arity``-ary tree of ``size``."""
    depth, first, width = 0, 1, arity
    while first < size:                  # nodes before the next level start
        first += width
        width *= arity
        depth += 1
    return depth


def counted_ops(native: Any, size: int, arity: int, ops: int,
                seed: int = 1) -> Tuple[float, float]:
    """Comparisons per pop and per push of the C twin on ``size`` random
    items (``ops`` of each, the heap refilled to its size)."""
    rng = random.Random(seed)
    heap = native.DaryHeap((rng.getrandbits(40) for _ in range(size)),
                           arity=arity, count=True)
    heap.reset_stats()
    popped = [heap.pop() for _ in range(ops)]
    pop_cmp = heap.stats.comparisons / ops
    heap.reset_stats()
    for item in popped:                   # back to its size, random again
        heap.push(item)
    push_cmp = heap.stats.comparisons / ops
    return pop_cmp, push_cmp


def arity_sweep(native: Any, size: int, arities: Sequence[int] = (2, 3, 4, 8), *,
                ops: int = 20_000, counted: int = 2_000, seed: int = 1,
                repeat: int = 1) -> List[AritySweepRow]:
    """Measure each arity on the C twin: counts from its counters and traced
    build, nanoseconds from its timed kernel (inside C), the median of
    ``repeat`` runs."""
    counts = {}
    for d in arities:
        pop_cmp, push_cmp = counted_ops(native, size, d, counted, seed)
        lines = native.lines_per_op(size, arity=d, ops=counted, seed=seed)
        if not lines.ok:
            raise AssertionError(f"the C heap kernel reported a broken {d}-ary heap")
        counts[d] = (pop_cmp, push_cmp, lines.pop_lines, lines.push_lines)
    # The arities take turns, run after run, so that a burst of other work on
    # the machine hits them all alike.
    runs: Dict[int, List[Any]] = {d: [] for d in arities}
    for k in range(repeat):
        for d in arities:
            cost = native.op_cost(size, arity=d, ops=ops, seed=seed + k)
            if not cost.ok:
                raise AssertionError(f"the C heap kernel reported a broken {d}-ary heap")
            runs[d].append(cost)
    return [AritySweepRow(d, size, levels(size, d), *counts[d],
                          statistics.median(r.pop_ns for r in runs[d]),
                          statistics.median(r.push_ns for r in runs[d]),
                          tuple(r.pop_ns for r in runs[d]))
            for d in arities]


# ---------------------------------------------------------------------------
# Dijkstra with an indexed priority queue


def random_graph(nodes: int, edges_per_node: int, seed: int = 1) -> Graph:
    """A connected directed graph: a ring (so every node is reachable from
    0) plus random edges, weights uniform in [1, 100)."""
    rng = random.Random(seed)
    graph: Graph = {v: [((v + 1) % nodes, rng.uniform(1, 100))] for v in range(nodes)}
    for v in range(nodes):
        for _ in range(edges_per_node - 1):
            graph[v].append((rng.randrange(nodes), rng.uniform(1, 100)))
    return graph


@dataclass
class QueueWork:
    """What a shortest-path run asked of its priority queue."""

    pushes: int = 0
    pops: int = 0
    stale: int = 0           # popped, but already settled: wasted work
    changes: int = 0         # priorities lowered in place
    largest: int = 0         # most entries held at once


def dijkstra_indexed(graph: Graph, source: int) -> Tuple[Dict[int, float], QueueWork]:
    """Shortest distances from ``source``, lowering priorities in place: the
    queue holds each unsettled node once."""
    dist = {source: 0.0}
    work = QueueWork()
    queue: IndexedPriorityQueue[int] = IndexedPriorityQueue()
    queue.push(source, 0.0)
    work.pushes += 1
    settled = set()
    while queue:
        node, d = queue.popitem()
        work.pops += 1
        settled.add(node)
        for nxt, weight in graph[node]:
            if nxt in settled:
                continue
            nd = d + weight
            if nxt not in dist or nd < dist[nxt]:
                dist[nxt] = nd
                if nxt in queue:
                    queue.change_priority(nxt, nd)
                    work.changes += 1
                else:
                    queue.push(nxt, nd)
                    work.pushes += 1
        work.largest = max(work.largest, len(queue))
    return dist, work


def dijkstra_lazy(graph: Graph, source: int) -> Tuple[Dict[int, float], QueueWork]:
    """Shortest distances with :mod:`heapq`: push a node again whenever its
    distance drops and skip the entries that are out of date when popped."""
    dist = {source: 0.0}
    work = QueueWork()
    heap = [(0.0, source)]
    work.pushes += 1
    settled = set()
    while heap:
        d, node = heapq.heappop(heap)
        work.pops += 1
        if node in settled:
            work.stale += 1
            continue
        settled.add(node)
        for nxt, weight in graph[node]:
            nd = d + weight
            if nxt not in settled and (nxt not in dist or nd < dist[nxt]):
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
                work.pushes += 1
        work.largest = max(work.largest, len(heap))
    return dist, work


def same_distances(a: Dict[int, float], b: Dict[int, float]) -> bool:
    """The two runs found the same distances (to rounding)."""
    return a.keys() == b.keys() and all(math.isclose(a[k], b[k]) for k in a)
