"""SLOW: correct, but ``max`` of every window costs O(n * k).

Each of the n - k + 1 windows costs k - 1 comparisons: O(n * k), which is
O(n^2) when k grows with n.
"""

from __future__ import annotations


def max_sliding_window(nums: list[int], k: int) -> list[int]:
    """Return the maximum of every window of ``k`` consecutive values."""
    return [max(nums[i:i + k]) for i in range(len(nums) - k + 1)]
