"""SLOW: tries every start and, for each, every end with a running sum.

Right, negative numbers included, but it looks at all n * (n + 1) / 2
subarrays, on every input: O(n**2) instead of O(n).
"""

from __future__ import annotations


def subarray_sum(nums: list[int], k: int) -> int:
    """Return the number of subarrays of nums that add up to k, pair by pair."""
    found = 0
    for i in range(len(nums)):
        total = 0
        for j in range(i, len(nums)):
            total += nums[j]
            if total == k:
                found += 1
    return found
