"""SLOW: count every distinct value with its own pass.

``nums.count(value)`` walks the whole list, once per distinct value, so the
counting alone is O(n * d) for d distinct values: O(n**2) when a good share
of the values are distinct.  A dict counts them all in one O(n) pass.
"""

from __future__ import annotations

import heapq


def top_k_frequent(nums: list[int], k: int) -> list[int]:
    """Return k distinct values of nums that occur most often, in any order."""
    heap: list[tuple[int, int]] = []
    for value in set(nums):
        heapq.heappush(heap, (nums.count(value), value))  # O(n) for every value
        if len(heap) > k:
            heapq.heappop(heap)
    return [value for _, value in heap]
