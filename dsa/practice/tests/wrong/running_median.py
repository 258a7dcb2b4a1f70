"""WRONG: keeps the two halves the same size but never checks their order.

Each number goes to whichever heap is smaller, so the heaps have the right
sizes but are not the lower and the upper half.  After adding 0, -1 and 1,
``low`` holds {0, 1} and ``high`` holds {-1}: the median comes out as 1.0
instead of 0.0.
"""

from __future__ import annotations

import heapq


class MedianFinder:
    """Two heaps balanced by size only."""

    def __init__(self) -> None:
        self._low: list[int] = []  # meant to be the smaller half, negated
        self._high: list[int] = []  # meant to be the larger half

    def add(self, num: int) -> None:
        """Add one number to the smaller heap (the mistake: ignores its value)."""
        if len(self._low) <= len(self._high):
            heapq.heappush(self._low, -num)
        else:
            heapq.heappush(self._high, num)

    def median(self) -> float:
        """Return the mean of the tops, or the top of the lower half."""
        if len(self._low) > len(self._high):
            return float(-self._low[0])
        if not self._high:
            raise ValueError("median() of no numbers")
        return (self._high[0] - self._low[0]) / 2
