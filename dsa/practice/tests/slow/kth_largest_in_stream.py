"""SLOW: keeps every number and sorts them all again on each add.

Right, but each ``add`` sorts the whole stream so far.  Python's sort sees
the list sorted but for the new number and takes O(N) for it, so a stream
of N numbers costs O(N**2) instead of O(N log k).
"""

from __future__ import annotations


class KthLargest:
    """Every number seen, sorted again on each add."""

    def __init__(self, k: int, nums: list[int]) -> None:
        self.k = k
        self.numbers = list(nums)

    def add(self, val: int) -> int:
        self.numbers.append(val)
        self.numbers.sort()  # O(N) per add at best
        return self.numbers[-self.k]
