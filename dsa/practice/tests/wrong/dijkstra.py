"""WRONG: marks a vertex finished when it is pushed, not when it is popped.

That is breadth-first search with weights: a vertex keeps the distance of
the first path that discovers it.  With edges 0 -> 2 (weight 1), 0 -> 1
(weight 0) and 1 -> 2 (weight 0), vertex 2 is discovered from 0 at distance
1 and the shorter path through 1 is never let in.
"""

from __future__ import annotations

import heapq
import math


def shortest_paths(n: int, edges: list[tuple[int, int, int]], source: int) -> list[float]:
    """Return distances from source (but each vertex keeps its first distance)."""
    graph: dict[int, list[tuple[int, int]]] = {u: [] for u in range(n)}
    for u, v, w in edges:
        graph[u].append((v, w))

    dist: list[float] = [math.inf] * n
    dist[source] = 0
    finished = [False] * n
    finished[source] = True
    heap = [(0, source)]
    while heap:
        d, u = heapq.heappop(heap)
        for v, w in graph[u]:
            if not finished[v]:
                finished[v] = True  # the mistake: v is not final until it is popped
                dist[v] = d + w
                heapq.heappush(heap, (dist[v], v))
    return dist
