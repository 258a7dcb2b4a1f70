"""Shortest paths from one source: Dijkstra's algorithm with a heap.

The idea
--------
Keep a tentative distance ``dist[v]`` for every vertex (``inf`` at first, 0
for the source) and grow the set of vertices whose distance is final,
nearest first.  Repeatedly take the unfinished vertex ``u`` with the
smallest tentative distance; that distance is final, so *relax* its
out-edges: for each edge ``(u, v, w)``, if ``dist[u] + w < dist[v]``, a
shorter way to ``v`` has been found.

Why the nearest unfinished vertex is final
------------------------------------------
Any path from the source to ``u`` leaves the finished set somewhere, along
an edge into an unfinished vertex ``x``.  The part up to ``x`` is at least
``dist[x]`` (the edge's tail is finished, so that edge was relaxed), and
``dist[x] >= dist[u]`` because ``u`` is the nearest unfinished vertex.  The
rest of the path only adds weights, which are ``>= 0``, so the whole path is
at least ``dist[u]``.  (With negative weights this argument fails, and so
does the algorithm.)

The heap and lazy deletion
--------------------------
A min-heap of ``(distance, vertex)`` pairs finds the nearest vertex in
O(log n).  ``heapq`` cannot lower the key of an entry already inside, so
every improvement simply pushes a new pair, and the old, larger pair stays
behind as a *stale* entry.  When a pair comes out of the heap, it is stale
exactly when its distance is larger than ``dist[vertex]``: that vertex was
already finished with a smaller distance, so the pair is skipped.  Each edge
pushes at most one pair, so the heap never holds more than m + 1 of them.

Cost
----
Building the adjacency lists is O(n + m).  Each vertex is finished once and
relaxes its out-edges once, so there are at most m + 1 pushes and as many
pops, each O(log m): O((n + m) log m) time, usually written
O((n + m) log n) because log m <= 2 log n when no two edges join the same
pair of vertices.  O(n + m) space.  Finding the nearest vertex by scanning
all n vertices instead costs O(n) per step, O(n**2) in all: fine for dense
graphs, slow for sparse ones.

The classic pitfall
-------------------
Marking a vertex finished when it is *pushed*, the way breadth-first search
marks vertices when they are discovered.  The first path found to a vertex
is not always the shortest: ``0 -> 2`` with weight 5 is found before
``0 -> 1 -> 2`` with weights 1 + 1, and the shorter path can no longer get
in.  A vertex is final when it is *popped*.

Two slow versions give right answers.  Dropping the stale test (``if d >
dist[u]: continue``) relaxes a vertex's out-edges again for every stale
entry it left in the heap; and a plain queue instead of the heap (the
"SPFA" form of Bellman-Ford) takes a vertex out again each time its
distance improves.  Both are quick on random graphs and O(n * m) on a
vertex with many out-edges whose distance improves many times, which the
speed check builds.  And "infinity" must be ``math.inf`` (or at least more
than any path can weigh): 10**9 is less than 2 * 10**5 edges of weight
10**6.
"""

from __future__ import annotations

import heapq
import math


def shortest_paths(n: int, edges: list[tuple[int, int, int]], source: int) -> list[float]:
    """Return the shortest distance from source to every vertex (math.inf if unreachable)."""
    graph: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # u -> [(v, w), ...]
    for u, v, w in edges:
        graph[u].append((v, w))

    dist: list[float] = [math.inf] * n
    dist[source] = 0
    heap = [(0, source)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue  # stale: u was finished earlier with a shorter distance
        for v, w in graph[u]:
            candidate = d + w
            if candidate < dist[v]:
                dist[v] = candidate
                heapq.heappush(heap, (candidate, v))
    return dist
