"""Sorts every point by its distance and keeps the first k: O(n log n), which the statement accepts, so it passes."""

from __future__ import annotations


def k_closest(points: list[tuple[int, int]], k: int) -> list[tuple[int, int]]:
    return sorted(points, key=lambda p: p[0] * p[0] + p[1] * p[1])[:k]
