"""WRONG: a min-heap by distance, so the k *farthest* points survive.

Pushing ``(x*x + y*y, x, y)`` puts the nearest point on top, and popping
the top whenever the heap holds more than k points throws the nearest ones
away.  On ``[(0, 0), (3, 0)]`` with k = 1 it returns ``[(3, 0)]``.
"""

from __future__ import annotations

import heapq


def k_closest(points: list[tuple[int, int]], k: int) -> list[tuple[int, int]]:
    """Return k points (but the farthest ones)."""
    heap: list[tuple[int, int, int]] = []
    for x, y in points:
        heapq.heappush(heap, (x * x + y * y, x, y))  # the mistake: no minus sign
        if len(heap) > k:
            heapq.heappop(heap)  # drops the nearest point
    return [(x, y) for _, x, y in heap]
