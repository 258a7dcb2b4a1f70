"""SLOW: one sorted list, the insert position found by a scan.

Finding where a number goes walks the list from the front, and inserting
shifts everything after it: O(n) per add, so n operations cost O(n**2)
instead of the two heaps' O(n log n).
"""

from __future__ import annotations


class MedianFinder:
    """All numbers added so far, in one sorted list."""

    def __init__(self) -> None:
        self._sorted: list[int] = []

    def add(self, num: int) -> None:
        """Insert num at its place, found by walking from the front: O(n)."""
        i = 0
        while i < len(self._sorted) and self._sorted[i] < num:
            i += 1
        self._sorted.insert(i, num)

    def median(self) -> float:
        """Return the middle number, or the mean of the two middle numbers."""
        n = len(self._sorted)
        if n == 0:
            raise ValueError("median() of no numbers")
        middle = n // 2
        if n % 2 == 1:
            return float(self._sorted[middle])
        return (self._sorted[middle - 1] + self._sorted[middle]) / 2
