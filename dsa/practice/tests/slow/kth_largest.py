"""SLOW: take the maximum away k - 1 times.

Each round scans the whole remaining list (``max``, then ``remove`` scans
again), so the cost is O(n * k).  With k proportional to n that is O(n**2),
far from the O(n log k) of a heap holding only k numbers.
"""

from __future__ import annotations


def kth_largest(nums: list[int], k: int) -> int:
    """Return the k-th largest number in nums by repeatedly removing the largest."""
    remaining = list(nums)
    for _ in range(k - 1):
        remaining.remove(max(remaining))  # one copy of the current largest goes
    return max(remaining)
