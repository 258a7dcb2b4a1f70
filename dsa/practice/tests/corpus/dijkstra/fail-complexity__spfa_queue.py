"""Queue-based Bellman-Ford ("SPFA"): fast on random graphs and on one long path, n * m on the graph whose hub is reached again and again.

A vertex goes back in the queue whenever its distance improves.  The hub's
distance improves once per chain vertex, and each time the hub comes out
of the queue it relaxes its n out-edges again.
"""

import math
from collections import deque


def shortest_paths(n, edges, source):
    out = [[] for _ in range(n)]
    for u, v, w in edges:
        out[u].append((v, w))
    dist = [math.inf] * n
    dist[source] = 0
    queue = deque([source])
    waiting = [False] * n
    waiting[source] = True
    while queue:
        u = queue.popleft()
        waiting[u] = False
        for v, w in out[u]:
            if dist[u] + w < dist[v]:
                dist[v] = dist[u] + w
                if not waiting[v]:
                    waiting[v] = True
                    queue.append(v)
    return dist
