"""WRONG: heapifies all of ``nums`` but never trims the heap to k numbers.

``add`` pops once for every push, so the heap's size stays at ``len(nums)``
when that is more than k, and ``heap[0]`` is the ``len(nums)``-th largest.
With ``KthLargest(1, [1, 2])``, ``add(0)`` returns 1 instead of 2.
"""

from __future__ import annotations

import heapq


class KthLargest:
    """The k-th largest of a stream (but too many numbers are kept)."""

    def __init__(self, k: int, nums: list[int]) -> None:
        self.k = k
        self.heap = list(nums)
        heapq.heapify(self.heap)  # the mistake: no popping down to k numbers

    def add(self, val: int) -> int:
        heapq.heappush(self.heap, val)
        if len(self.heap) > self.k:
            heapq.heappop(self.heap)  # one pop per push: the size never drops to k
        return self.heap[0]
