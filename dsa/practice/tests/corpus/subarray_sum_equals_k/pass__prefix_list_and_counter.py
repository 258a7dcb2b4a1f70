"""Builds the whole list of running sums first (itertools.accumulate) and counts them with a Counter as it goes: the same O(n) idea in another shape, so it passes."""

from __future__ import annotations

from collections import Counter
from itertools import accumulate


def subarray_sum(nums: list[int], k: int) -> int:
    seen: Counter[int] = Counter([0])
    found = 0
    for total in accumulate(nums):
        found += seen[total - k]
        seen[total] += 1
    return found
