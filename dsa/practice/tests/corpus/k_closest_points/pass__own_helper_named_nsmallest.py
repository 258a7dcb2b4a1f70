"""Writes its own heap helper and happens to call it nsmallest: the name is the learner's, not heapq's, so the forbidden-name check must let it pass."""

from __future__ import annotations

import heapq


def nsmallest(k: int, points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The k points nearest the origin, with a max-heap of k entries."""
    kept: list[tuple[int, int, int]] = []
    for x, y in points:
        entry = (-(x * x + y * y), x, y)
        if len(kept) < k:
            heapq.heappush(kept, entry)
        elif entry > kept[0]:
            heapq.heapreplace(kept, entry)
    return [(x, y) for _, x, y in kept]


def k_closest(points: list[tuple[int, int]], k: int) -> list[tuple[int, int]]:
    return nsmallest(k, points)
