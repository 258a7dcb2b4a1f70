"""Dijkstra without the stale-entry test: the answers are right, but every stale entry of a vertex relaxes its out-edges again, n * m on the hub graph.

On random graphs a vertex has few stale entries, so nothing shows.  The
hub gets one entry per chain vertex, and each pops out and walks the n
edges to the fan.
"""

import heapq
import math
from collections import defaultdict


def shortest_paths(n, edges, source):
    out = defaultdict(list)
    for u, v, w in edges:
        out[u].append((v, w))
    dist = {v: math.inf for v in range(n)}
    dist[source] = 0
    heap = [(0, source)]
    while heap:
        _, u = heapq.heappop(heap)
        for v, w in out[u]:
            if dist[u] + w < dist[v]:
                dist[v] = dist[u] + w
                heapq.heappush(heap, (dist[v], v))
    return [dist[v] for v in range(n)]
