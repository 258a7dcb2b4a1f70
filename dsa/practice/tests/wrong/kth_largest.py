"""WRONG: removes duplicates before looking for the k-th largest.

Looping over ``set(nums)`` answers "the k-th largest *distinct* value".  On
``[1, 1, 0]`` with k = 2 the answer is 1 (the two 1s are the largest and the
second largest), but the distinct values are only {0, 1}, the heap never
fills up to k, and ``heap[0]`` is 0.
"""

from __future__ import annotations

import heapq


def kth_largest(nums: list[int], k: int) -> int:
    """Return the k-th largest number in nums (but duplicates are lost)."""
    heap: list[int] = []
    for x in set(nums):  # the mistake: duplicates must count separately
        if len(heap) < k:
            heapq.heappush(heap, x)
        elif x > heap[0]:
            heapq.heapreplace(heap, x)
    return heap[0]
