"""Slides a window, shrinking it while the sum is too big: right when every number is positive, but a negative number or a zero breaks the rule it relies on, and the random inputs find such a list."""

from __future__ import annotations


def subarray_sum(nums: list[int], k: int) -> int:
    found = left = total = 0
    for right, x in enumerate(nums):
        total += x
        while total > k and left <= right:  # the mistake: sums can also go down
            total -= nums[left]
            left += 1
        if total == k and left <= right:
            found += 1
    return found
