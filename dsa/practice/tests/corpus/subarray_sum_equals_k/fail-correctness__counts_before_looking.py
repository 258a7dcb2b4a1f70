"""Counts the running sum before looking up total - k: with k = 0 every position pairs with itself and empty subarrays are counted, so [5] with k = 0 gives 1 instead of 0."""

from __future__ import annotations


def subarray_sum(nums: list[int], k: int) -> int:
    counts = {0: 1}
    total = found = 0
    for x in nums:
        total += x
        counts[total] = counts.get(total, 0) + 1  # the mistake: too early
        found += counts.get(total - k, 0)
    return found
