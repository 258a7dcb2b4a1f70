"""Shortest distances from one vertex of a graph with non-negative weights."""

from __future__ import annotations

import math
import random
from typing import Any, Callable, List, Optional, Tuple

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, declare

from ._heap_inputs import flatten, regroup, show_groups, sizes

#: An edge: (from, to, weight).
Edge = Tuple[int, int, int]
#: A case: the number of vertices, the edges flattened (``u, v, w, u, v,
#: w, ...``, see :func:`._heap_inputs.flatten`) and the source.
Case = Tuple[int, List[int], int]

#: The largest weight the constraints allow.
MAX_WEIGHT = 10**6

STATEMENT = """\
Write `shortest_paths(n: int, edges: list[tuple[int, int, int]], source: int) -> list[float]`
that returns the length of the shortest path from `source` to every vertex
of a directed graph.

The vertices are `0, 1, ..., n - 1`.  Each edge `(u, v, w)` leads from `u`
to `v` and has weight `w >= 0`; the length of a path is the sum of its
weights.  There may be several edges between the same two vertices and
edges from a vertex to itself.

Return a list `dist` of n numbers: `dist[v]` is the length of a shortest
path from `source` to `v`, so `dist[source] == 0`, and `math.inf` when no
path reaches `v`.  Reachable distances may be ints or floats; they are
compared as numbers.

Aim for O((n + m) log n) for m edges: Dijkstra's algorithm with a min-heap
of (distance, vertex) pairs.  The speed check times your code on sparse
graphs whose shortest paths are long, and on graphs built so that a vertex
with many out-edges is reached again and again by ever shorter paths; it
fails code whose time grows like n * m on either.  That is the worst case
of label-correcting searches, which take vertices from a plain queue or
stack (Bellman-Ford, "SPFA") and are fast on random graphs, and of a heap
search that relaxes the edges of a vertex again for every stale entry it
pops.
"""

EXAMPLES = (
    "`shortest_paths(3, [(0, 1, 4), (0, 2, 1), (2, 1, 2)], 0)` returns `[0, 3, 1]`: "
    "going through 2 beats the direct edge",
    "`shortest_paths(3, [(0, 1, 5)], 0)` returns `[0, 5, inf]`",
    "`shortest_paths(1, [], 0)` returns `[0]`",
)

CONSTRAINTS = (
    "1 <= n <= 10**5, 0 <= len(edges) <= 2 * 10**5",
    "0 <= u, v, source < n and 0 <= w <= 10**6",
)

HINTS = (
    "The vertex nearest to the source, apart from the source itself, is "
    "reached by a single edge.  Grow the set of vertices whose distance "
    "is known, nearest first.",
    "Keep tentative distances.  Repeatedly take the unfinished vertex with "
    "the smallest tentative distance: with weights >= 0, that distance is "
    "final.  Then relax its out-edges: `dist[u] + w < dist[v]` improves v.",
    "A min-heap of `(distance, vertex)` pairs finds that vertex in "
    "O(log n).  There is no cheap \"decrease key\": push a new pair on "
    "every improvement instead.",
    "A vertex may then come out of the heap several times.  Only the first "
    "time counts: skip a popped pair whose distance is larger than "
    "`dist[vertex]`.  And a vertex is finished when it is popped, not when "
    "it is pushed.",
)

STUB = '''\
"""Shortest paths from one source.

Return dist, a list of n numbers: dist[v] is the length of a shortest path
from source to v in the directed graph on vertices 0..n-1 with edges
(u, v, w), w >= 0 (parallel edges and self-loops allowed), and math.inf when
v cannot be reached.  Aim for O((n + m) log n) with a heap.

    shortest_paths(3, [(0, 1, 4), (0, 2, 1), (2, 1, 2)], 0)  ->  [0, 3, 1]
    shortest_paths(3, [(0, 1, 5)], 0)                        ->  [0, 5, inf]
    shortest_paths(1, [], 0)                                 ->  [0]
"""

from __future__ import annotations

import heapq
import math


def shortest_paths(n: int, edges: list[tuple[int, int, int]], source: int) -> list[float]:
    """Return the shortest distance from source to every vertex (math.inf if unreachable)."""
    raise NotImplementedError("write your solution here")
'''


@st.composite
def _cases(draw: Callable[..., Any]) -> Case:
    """A small, fairly dense random graph: up to 6 vertices, 4 to 20 edges, weights 0..9.

    Density matters: a wrong answer needs two different paths to the same
    vertex, and graphs with hardly any edges rarely have them.  The graph
    without edges is among the named edge cases.
    """
    n = draw(st.integers(1, 6))
    vertex = st.integers(0, n - 1)
    edge = st.tuples(vertex, vertex, st.integers(0, 9))
    edges = draw(st.lists(edge, min_size=4, max_size=20))
    source = draw(vertex)
    return _case(n, edges, source)


def _case(n: int, edges: List[Edge], source: int) -> Case:
    """A case as it travels: the edges flattened."""
    return n, flatten(edges), source


def _show(case: Case) -> str:
    n, flat, source = case
    return f"n = {n}, edges = {show_groups(flat, 3)}, source = {source}"


def _run(solution: Callable[..., Any], case: Case) -> List[Any]:
    """Call the solution on fresh edges; return its distances.

    The edges share one int object per vertex, as a graph built in one
    process would (the case arrives with a new int for every mention of a
    vertex): half the memory, so that the largest growth graphs still fit
    in the processor's cache, whose misses a busy machine makes erratic.
    """
    n, flat, source = case
    vertex = list(range(n))
    edges = [(vertex[u], vertex[v], w) for u, v, w in regroup(flat, 3)]
    result = solution(n, edges, source)
    if not isinstance(result, (list, tuple)):
        raise TypeError(
            f"shortest_paths must return a list of n distances, "
            f"not {type(result).__name__}"
        )
    for d in result:
        if isinstance(d, bool) or not isinstance(d, (int, float)):
            raise TypeError(
                f"every distance must be a number (math.inf when unreachable), "
                f"but the list holds a {type(d).__name__}: {d!r}"
            )
    return list(result)


def _judge(case: Case, expected: List[Any], actual: List[Any]) -> Optional[str]:
    """Compare the distances as numbers, vertex by vertex."""
    if len(actual) != len(expected):
        return f"expected {len(expected)} distances (one per vertex), got {len(actual)}"
    for v, (want, got) in enumerate(zip(expected, actual)):
        if not math.isclose(want, got, rel_tol=1e-9):
            return f"the distance to vertex {v} should be {want}, not {got}"
    return None


# Growth inputs: sparse graphs (m about 2n) with the source 0, the
# other vertices labelled at random and the edges shuffled, so that no
# order of the input helps.  Weights stay within the constraints.


def _long_path(n: int, rng: random.Random) -> Case:
    """A path through all the vertices in random order carries every
    shortest path; n + 1 heavier edges join random vertices and never beat
    it, but keep the heap busy with entries that go stale.

    Shortest paths n edges long are what slow down "relax every edge until
    nothing changes" (Bellman-Ford) and a label-correcting search that takes
    vertices from a stack, which random graphs, whose shortest paths are
    short, would let pass.
    """
    order = list(range(1, n))
    rng.shuffle(order)
    path = [0] + order
    light = max(1, MAX_WEIGHT // (2 * n))  # the whole path weighs at most MAX_WEIGHT / 2
    edges = list(zip(path, path[1:], rng.choices(range(1, light + 1), k=n - 1)))
    edges += zip(rng.choices(path, k=n + 1), rng.choices(path, k=n + 1),
                 rng.choices(range(MAX_WEIGHT // 2 + 1, MAX_WEIGHT + 1), k=n + 1))
    rng.shuffle(edges)
    return _case(n, edges, 0)


def _hub_reached_again(n: int, rng: random.Random) -> Case:
    """A chain from the source, every chain vertex with an edge to one hub,
    and the hub with two edges to each of the other n/2 vertices (the fan).

    The further along the chain, the shorter the way to the hub: from the
    i-th chain vertex it is B - d(i), d(i) the chain's length up to there.
    A search that finishes the hub before the chain does (a queue, in
    rounds, or a heap entry relaxed although it is stale) relaxes the fan
    again for each of the n/2 improvements: n**2 / 2 relaxations.
    Dijkstra's algorithm finishes the hub once, after the whole chain.
    """
    chain_length = (n - 2) // 2
    labels = list(range(1, n))
    rng.shuffle(labels)
    chain, hub, fan = labels[:chain_length], labels[chain_length], labels[chain_length + 1:]
    steps = rng.choices(range(1, 11), k=chain_length)
    reach = []  # d(i): the length of the chain up to its i-th vertex
    total = 0
    for step in steps:
        total += step
        reach.append(total)
    top = 2 * total + 1  # B: every edge to the hub weighs at least 1
    edges = [(0, chain[0], steps[0])]
    edges += [(chain[i], chain[i + 1], steps[i + 1]) for i in range(chain_length - 1)]
    edges += [(chain[i], hub, top - 2 * reach[i]) for i in range(chain_length)]
    edges += zip([hub] * (2 * len(fan)), fan + fan, rng.choices(range(1, 11), k=2 * len(fan)))
    rng.shuffle(edges)
    return _case(n, edges, 0)


COMPLEXITY = Complexity(
    expected="O((n + m) log n)",
    max_exponent=1.6,
    sizes=sizes(128, 2048),
    families={"long shortest paths": _long_path, "hub reached again": _hub_reached_again},
    repeats=7,
    note="sparse graphs, m = 2n: long shortest paths, or a hub reached again and again",
)


def _large(rng: random.Random) -> List[Case]:
    """At the limits of the constraints, in two ways that a solution slow in
    n * m still finishes quickly.

    A path of 3,000 vertices with weights near the largest allowed, so that
    distances reach 3 * 10**9 (an "infinity" of 10**9 is beaten), with 9,000
    more edges that all lead back towards the source, so that none is a
    short cut; and 10**5 vertices with as many edges, of which the source
    reaches only 200 vertices: every other distance is math.inf.

    (The second graph has half the edges the constraints allow: its point
    is the number of vertices, and a graph twice as large takes a second
    longer to draw and send on a busy machine.)
    """
    n = 3000
    order = list(range(1, n))
    rng.shuffle(order)
    path = [0] + order
    edges = [(path[i], path[i + 1], rng.randint(MAX_WEIGHT - 1000, MAX_WEIGHT))
             for i in range(n - 1)]
    for _ in range(3 * n):
        later, earlier = sorted(rng.sample(range(n), 2), reverse=True)
        edges.append((path[later], path[earlier], rng.randint(0, MAX_WEIGHT)))
    rng.shuffle(edges)
    wide_n, reached = 10**5, 200
    inside = rng.choices(range(reached), k=8 * reached)
    apart = [(u, v, w) for u, v, w in zip(inside[0::2], inside[1::2],
                                           rng.choices(range(MAX_WEIGHT + 1), k=4 * reached))]
    count = wide_n - 4 * reached
    apart += zip(rng.choices(range(reached, wide_n), k=count), rng.choices(range(wide_n), k=count),
                 rng.choices(range(MAX_WEIGHT + 1), k=count))
    for i in range(4 * reached):  # the edges among the reached vertices go anywhere
        j = rng.randrange(len(apart))
        apart[i], apart[j] = apart[j], apart[i]
    return [_case(n, edges, 0), _case(wide_n, apart, 0)]


PROBLEM = declare(
    globals(),
    Listing("Shortest paths from one source", "heap", "hard", order=6),
    entry="shortest_paths",
    explicit_cases=tuple(_case(*graph) for graph in (
        (1, [], 0),
        (3, [(0, 1, 5)], 0),
        (3, [(0, 1, 4), (0, 2, 1), (2, 1, 2)], 0),
        (3, [(1, 1, 0), (1, 0, 2), (1, 0, 1), (2, 1, 0)], 1),
        (3, [(0, 1, MAX_WEIGHT), (1, 2, MAX_WEIGHT), (0, 2, MAX_WEIGHT)], 0),
    )),
)
