"""Uses 10**9 for "not reached yet" and turns it into math.inf at the end: right while distances stay small, wrong once a shortest path weighs more than 10**9.

The constraints allow 2 * 10**5 edges of weight up to 10**6; the large
inputs hold a path of 3,000 such edges.
"""

import heapq
import math

FAR = 10**9


def shortest_paths(n, edges, source):
    out = [[] for _ in range(n)]
    for u, v, w in edges:
        out[u].append((v, w))
    dist = [FAR] * n
    dist[source] = 0
    heap = [(0, source)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for v, w in out[u]:
            if d + w < dist[v]:
                dist[v] = d + w
                heapq.heappush(heap, (d + w, v))
    return [math.inf if d >= FAR else d for d in dist]
