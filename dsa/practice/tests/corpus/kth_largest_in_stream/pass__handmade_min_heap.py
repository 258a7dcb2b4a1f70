"""A min-heap of the k largest written by hand (sift up, sift down) instead of heapq: the same O(log k) per add, so it passes."""

from __future__ import annotations


class KthLargest:
    def __init__(self, k: int, nums: list[int]) -> None:
        self.k = k
        self.items: list[int] = []
        for val in nums:
            self.add(val)

    def add(self, val: int) -> int:
        items = self.items
        if len(items) < self.k:
            items.append(val)
            i = len(items) - 1
            while i > 0 and items[(i - 1) // 2] > items[i]:
                parent = (i - 1) // 2
                items[parent], items[i] = items[i], items[parent]
                i = parent
        elif val > items[0]:
            items[0] = val
            i, n = 0, len(items)
            while True:
                child = 2 * i + 1
                if child >= n:
                    break
                if child + 1 < n and items[child + 1] < items[child]:
                    child += 1
                if items[i] <= items[child]:
                    break
                items[i], items[child] = items[child], items[i]
                i = child
        return items[0]
