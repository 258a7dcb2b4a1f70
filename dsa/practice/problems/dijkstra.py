"""Shortest distances from one vertex of a graph with non-negative weights."""

from __future__ import annotations

import math
import random
from typing import Any, Callable, List, Optional, Tuple

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Problem

#: An edge: (from, to, weight).
Edge = Tuple[int, int, int]
#: A case: the number of vertices, the edges and the source.
Case = Tuple[int, List[Edge], int]

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
of (distance, vertex) pairs.
"""

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
    return n, edges, source


def _run(solution: Callable[..., Any], case: Case) -> List[Any]:
    """Call the solution on a fresh copy of the edges; return its distances."""
    n, edges, source = case
    result = solution(n, list(edges), source)
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


def _make_case(n: int, rng: random.Random) -> Case:
    """A sparse graph with a long shortest-path tree: n vertices, 4n edges, source 0.

    A path through all the vertices in random order (weights 1..10) carries
    every shortest path; the other 3n + 1 edges join random vertices with
    weights of at least 10n, so they never beat the path but keep the heap
    busy with entries that go stale.  Shortest paths n edges long are what
    slow down "relax every edge until nothing changes" (Bellman-Ford), which
    random graphs alone, whose shortest paths are short, would let pass.

    The edges share one int object per vertex, which keeps the whole graph
    small enough for the processor's cache at every size measured: timings
    of a graph that outgrows the cache are erratic on a busy machine.
    """
    order = list(range(1, n))
    rng.shuffle(order)
    path = [0] + order
    edges = [(path[i], path[i + 1], rng.randint(1, 10)) for i in range(n - 1)]
    for _ in range(3 * n + 1):
        edges.append((path[rng.randrange(n)], path[rng.randrange(n)],
                      rng.randint(10 * n, 20 * n)))
    rng.shuffle(edges)
    return n, edges, 0


PROBLEM = Problem(
    name="dijkstra",
    title="Shortest paths from one source",
    structure="heap",
    difficulty="hard",
    entry="shortest_paths",
    kind="function",
    statement=STATEMENT,
    examples=(
        "`shortest_paths(3, [(0, 1, 4), (0, 2, 1), (2, 1, 2)], 0)` returns `[0, 3, 1]`: "
        "going through 2 beats the direct edge",
        "`shortest_paths(3, [(0, 1, 5)], 0)` returns `[0, 5, inf]`",
        "`shortest_paths(1, [], 0)` returns `[0]`",
    ),
    constraints=(
        "1 <= n <= 10**5, 0 <= len(edges) <= 2 * 10**5",
        "0 <= u, v, source < n and 0 <= w <= 10**6",
    ),
    hints=(
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
    ),
    stub=STUB,
    reference="dsa.practice.solutions.dijkstra",
    cases=_cases(),
    run=_run,
    judge=_judge,
    complexity=Complexity(
        expected="O((n + m) log n)",
        max_exponent=1.3,
        sizes=(64, 128, 256, 512, 1024),
        make_case=_make_case,
        note="sparse graphs, m = 4n: a long path and random heavier edges",
    ),
    order=6,
    explicit_cases=(
        (1, [], 0),
        (3, [(0, 1, 5)], 0),
        (3, [(0, 1, 4), (0, 2, 1), (2, 1, 2)], 0),
        (3, [(1, 1, 0), (1, 0, 2), (1, 0, 1), (2, 1, 0)], 1),
    ),
)
