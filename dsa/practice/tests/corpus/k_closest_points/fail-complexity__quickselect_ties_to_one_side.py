"""Quickselect around random pivots whose partition puts every point as far as the pivot on one side: quick when distances differ, but with only three distances it splits off one point per pass, O(n**2), and the many-ties family fails it."""

from __future__ import annotations

import random


def k_closest(points: list[tuple[int, int]], k: int) -> list[tuple[int, int]]:
    def far(i: int) -> int:
        x, y = points[i]
        return x * x + y * y

    low, high = 0, len(points) - 1
    while low < high:
        pick = random.randint(low, high)
        points[pick], points[high] = points[high], points[pick]
        pivot = far(high)
        store = low
        for i in range(low, high):
            if far(i) < pivot:
                points[i], points[store] = points[store], points[i]
                store += 1
        points[store], points[high] = points[high], points[store]
        if store < k - 1:
            low = store + 1
        elif store > k - 1:
            high = store - 1
        else:
            break
    return points[:k]
