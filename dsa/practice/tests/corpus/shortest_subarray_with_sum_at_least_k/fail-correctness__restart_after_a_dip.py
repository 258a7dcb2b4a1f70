"""A sliding window that also restarts whenever its sum drops to zero or below: a common patch for negatives, still wrong (it can throw away a start it needed), so correctness fails on a small case.

The window's left end only moves right, which is what negatives break.
"""

from __future__ import annotations


def shortest_subarray(nums: list[int], k: int) -> int:
    best = len(nums) + 1
    total, left = 0, 0
    for right, x in enumerate(nums):
        total += x
        if total <= 0:
            total, left = 0, right + 1
            continue
        while total >= k:
            best = min(best, right - left + 1)
            total -= nums[left]
            left += 1
    return best if best <= len(nums) else -1
