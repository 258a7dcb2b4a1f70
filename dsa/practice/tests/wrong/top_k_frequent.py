"""WRONG: the heap holds ``(value, count)`` pairs, so it ranks by value.

Tuples compare item by item, so with the value first the heap keeps the k
*largest values*, whatever their counts: on ``[0, 0, 1]`` with k = 1 it
returns ``[1]`` although 0 occurs twice.
"""

from __future__ import annotations

import heapq


def top_k_frequent(nums: list[int], k: int) -> list[int]:
    """Return k values of nums (the largest ones, not the most frequent)."""
    counts: dict[int, int] = {}
    for x in nums:
        counts[x] = counts.get(x, 0) + 1
    heap: list[tuple[int, int]] = []
    for value, count in counts.items():
        heapq.heappush(heap, (value, count))  # the mistake: the count must come first
        if len(heap) > k:
            heapq.heappop(heap)
    return [value for value, _ in heap]
