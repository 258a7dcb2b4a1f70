"""Quickselect that always takes the first point as its pivot: fast on random points, but on points sorted from the farthest each pass splits off a single point, O(n**2), and the farthest-first family fails it."""

from __future__ import annotations


def k_closest(points: list[tuple[int, int]], k: int) -> list[tuple[int, int]]:
    dist = [x * x + y * y for x, y in points]
    order = list(range(len(points)))
    low, high = 0, len(order) - 1
    while low < high:
        pivot = dist[order[low]]  # the first one: a bad pivot on sorted input
        store = low
        for i in range(low + 1, high + 1):
            if dist[order[i]] < pivot:
                store += 1
                order[i], order[store] = order[store], order[i]
        order[low], order[store] = order[store], order[low]
        if store == k - 1:
            break
        if store < k - 1:
            low = store + 1
        else:
            high = store - 1
    return [points[i] for i in order[:k]]
