"""A label-correcting search that takes vertices from a stack (a list popped at the end): right, but it re-relaxes whole stretches of a long shortest path again and again.

With a stack, the vertex improved last is explored first, deep along paths
that later turn out too long; on the growth input whose shortest paths run
through every vertex, that costs far more than n * log n.
"""

import math


def shortest_paths(n, edges, source):
    out = {u: [] for u in range(n)}
    for u, v, w in edges:
        out[u].append((v, w))
    dist = [math.inf] * n
    dist[source] = 0
    todo, waiting = [source], {source}
    while todo:
        u = todo.pop()
        waiting.discard(u)
        for v, w in out[u]:
            if dist[u] + w < dist[v]:
                dist[v] = dist[u] + w
                if v not in waiting:
                    waiting.add(v)
                    todo.append(v)
    return dist
