"""SLOW: Dijkstra that finds the nearest vertex by scanning.

Every step scans all n vertices for the unfinished one with the smallest
tentative distance: O(n) per step, O(n**2 + m) in all.  That is the right
choice for a dense graph (m close to n**2), but on a sparse graph the heap's
O((n + m) log n) is far faster.
"""

from __future__ import annotations

import math


def shortest_paths(n: int, edges: list[tuple[int, int, int]], source: int) -> list[float]:
    """Return the shortest distance from source to every vertex (math.inf if unreachable)."""
    graph: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for u, v, w in edges:
        graph[u].append((v, w))

    dist: list[float] = [math.inf] * n
    dist[source] = 0
    finished = [False] * n
    for _ in range(n):
        # The unfinished vertex with the smallest tentative distance: an O(n) scan.
        u, best = -1, math.inf
        for v in range(n):
            if not finished[v] and dist[v] < best:
                u, best = v, dist[v]
        if u == -1:
            break  # every vertex left is unreachable
        finished[u] = True
        for v, w in graph[u]:
            if best + w < dist[v]:
                dist[v] = best + w
    return dist
