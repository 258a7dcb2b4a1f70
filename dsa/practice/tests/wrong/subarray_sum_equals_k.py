"""WRONG: the dict of running sums starts empty instead of ``{0: 1}``.

A subarray that starts at position 0 adds up to ``P[j] - P[0]`` with
``P[0] = 0``, and that empty prefix was never counted, so those subarrays
are all missed: ``subarray_sum([3], 3)`` returns 0 instead of 1.
"""

from __future__ import annotations


def subarray_sum(nums: list[int], k: int) -> int:
    """Count the subarrays adding up to k (but not those starting at 0)."""
    counts: dict[int, int] = {}  # the mistake: no {0: 1}
    total = found = 0
    for x in nums:
        total += x
        found += counts.get(total - k, 0)
        counts[total] = counts.get(total, 0) + 1
    return found
