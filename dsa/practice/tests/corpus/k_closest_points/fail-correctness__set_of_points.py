"""Puts the points in a set first, so a point listed twice counts once: with two copies of the nearest point it returns too few distinct copies, and the judge fails it."""

from __future__ import annotations

import heapq


def k_closest(points: list[tuple[int, int]], k: int) -> list[tuple[int, int]]:
    kept: list[tuple[int, int, int]] = []
    for x, y in set(points):  # the mistake: duplicates vanish
        heapq.heappush(kept, (-(x * x + y * y), x, y))
        if len(kept) > k:
            heapq.heappop(kept)
    return [(x, y) for _, x, y in kept]
