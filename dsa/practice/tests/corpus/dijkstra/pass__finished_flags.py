"""Dijkstra that marks a vertex finished when it is first popped and skips it after, instead of comparing with dist: O((n + m) log n), so it passes.

Either test throws away the stale entries; what matters is that a vertex's
out-edges are relaxed once, from its final distance.
"""

import heapq
import math


def shortest_paths(n, edges, source):
    out = [[] for _ in range(n)]
    for u, v, w in edges:
        out[u].append((v, w))
    dist = [0 if v == source else math.inf for v in range(n)]
    finished = [False] * n
    heap = [(0, source)]
    while heap:
        d, u = heapq.heappop(heap)
        if finished[u]:
            continue
        finished[u] = True
        for v, w in out[u]:
            if d + w < dist[v]:
                dist[v] = d + w
                heapq.heappush(heap, (d + w, v))
    return dist
