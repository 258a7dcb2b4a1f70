"""WRONG: the sliding window that only works for non-negative numbers.

The window grows to the right and shrinks from the left while its sum is at
least k.  With negative numbers, shrinking can stop too early: on
``[1, -1, 2]`` with k = 2 the window reaches the sum 2 only as the whole
list, dropping the 1 gives 1 < k, and the answer 1 (the ``[2]`` alone) is
never seen.
"""

from __future__ import annotations


def shortest_subarray(nums: list[int], k: int) -> int:
    """Sliding window (wrong when numbers can be negative)."""
    best = len(nums) + 1
    total = 0
    left = 0
    for right, x in enumerate(nums):
        total += x
        while total >= k and left <= right:
            best = min(best, right - left + 1)
            total -= nums[left]
            left += 1
    return best if best <= len(nums) else -1
