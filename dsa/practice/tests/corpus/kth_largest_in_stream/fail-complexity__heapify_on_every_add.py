"""Keeps only the k largest, but appends and heapifies the whole list on every add: O(k) per add instead of O(log k), so with k = n/4 the case costs O(n**2) and growth fails it."""

from __future__ import annotations

import heapq


class KthLargest:
    def __init__(self, k: int, nums: list[int]) -> None:
        self.k = k
        self.heap = list(nums)
        heapq.heapify(self.heap)
        while len(self.heap) > k:
            heapq.heappop(self.heap)

    def add(self, val: int) -> int:
        self.heap.append(val)
        heapq.heapify(self.heap)  # O(k) each time
        if len(self.heap) > self.k:
            heapq.heappop(self.heap)
        return self.heap[0]
