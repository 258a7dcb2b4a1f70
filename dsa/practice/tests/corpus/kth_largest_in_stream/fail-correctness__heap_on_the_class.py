"""Keeps its heap in a class attribute, so every object shares one heap: the first case is right, but the next object starts with the numbers of the last one."""

from __future__ import annotations

import heapq


class KthLargest:
    heap: list[int] = []  # the mistake: one list for the class, not one per object

    def __init__(self, k: int, nums: list[int]) -> None:
        self.k = k
        for val in nums:
            self.add(val)

    def add(self, val: int) -> int:
        if len(self.heap) < self.k:
            heapq.heappush(self.heap, val)
        elif val > self.heap[0]:
            heapq.heapreplace(self.heap, val)
        return self.heap[0]
