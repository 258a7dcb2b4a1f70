"""SLOW: every pair is tried, O(n^2) time (found once the pair sits late)."""

from __future__ import annotations


def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    """Return positions ``i < j`` with ``nums[i] + nums[j] == target``."""
    n = len(nums)
    for i in range(n):
        for j in range(i + 1, n):
            if nums[i] + nums[j] == target:
                return i, j
    raise ValueError("no two values in nums add up to target")
