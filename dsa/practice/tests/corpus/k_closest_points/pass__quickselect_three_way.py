"""Quickselect around random pivots with a three-way partition (nearer, as far, farther): O(n) on average even when many points tie, no heap at all, and reordering the input is allowed, so it passes."""

from __future__ import annotations

import random


def k_closest(points: list[tuple[int, int]], k: int) -> list[tuple[int, int]]:
    dist = [x * x + y * y for x, y in points]
    order = list(range(len(points)))
    low, high = 0, len(order)  # the k-th nearest lies in order[low:high]
    while high - low > 1:
        pivot = dist[order[random.randrange(low, high)]]
        nearer = [i for i in order[low:high] if dist[i] < pivot]
        same = [i for i in order[low:high] if dist[i] == pivot]
        farther = [i for i in order[low:high] if dist[i] > pivot]
        order[low:high] = nearer + same + farther
        if k <= low + len(nearer):
            high = low + len(nearer)
        elif k <= low + len(nearer) + len(same):
            break  # the boundary falls among the ties: any of them will do
        else:
            low += len(nearer) + len(same)
    return [points[i] for i in order[:k]]
