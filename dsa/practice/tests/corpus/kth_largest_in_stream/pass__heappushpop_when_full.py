"""Pushes and pops in one call (heappushpop) on every add once the heap is full, even when the new number is too small: still O(log k) per add, so it passes."""

from __future__ import annotations

import heapq


class KthLargest:
    def __init__(self, k: int, nums: list[int]) -> None:
        self.heap: list[int] = []
        self.k = k
        for val in nums:
            self.add(val)

    def add(self, val: int) -> int:
        if len(self.heap) == self.k:
            heapq.heappushpop(self.heap, val)  # val goes straight back out if it is too small
        else:
            heapq.heappush(self.heap, val)
        return self.heap[0]
