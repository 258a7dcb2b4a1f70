"""SLOW: from every start, adds numbers until the sum reaches k.

Right, negatives and all, and it stops a scan as soon as k is reached; but
when no subarray (or only a long one) reaches k, every scan runs to the end:
n + (n - 1) + ... + 1 steps, O(n**2).
"""

from __future__ import annotations


def shortest_subarray(nums: list[int], k: int) -> int:
    """Try every start; stop each scan at the first end that reaches k."""
    best = len(nums) + 1
    for start in range(len(nums)):
        total = 0
        for end in range(start, min(len(nums), start + best)):
            total += nums[end]
            if total >= k:
                best = end - start + 1
                break
    return best if best <= len(nums) else -1
