"""SLOW: takes the nearest remaining point k times over.

Right, but each of the k rounds scans every remaining point for the nearest
(``min``) and scans again to take it out (``remove``): O(n * k), which is
O(n**2) when k grows with n.
"""

from __future__ import annotations


def k_closest(points: list[tuple[int, int]], k: int) -> list[tuple[int, int]]:
    """Return the k points nearest to the origin, picked one at a time."""
    remaining = list(points)
    chosen = []
    for _ in range(k):
        nearest = min(remaining, key=lambda p: p[0] * p[0] + p[1] * p[1])
        remaining.remove(nearest)
        chosen.append(nearest)
    return chosen
