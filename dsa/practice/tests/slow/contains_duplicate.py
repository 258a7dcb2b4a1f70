"""SLOW: compares every pair of positions.

Right, and it stops at the first repeat, but when the only repeat comes
last (or there is none) it makes n * (n - 1) / 2 comparisons: O(n**2)
instead of the O(n) of a set.
"""

from __future__ import annotations


def contains_duplicate(nums: list[int]) -> bool:
    """Return True if some value occurs twice in nums, pair by pair."""
    for i in range(len(nums)):
        for j in range(i + 1, len(nums)):
            if nums[i] == nums[j]:
                return True
    return False
