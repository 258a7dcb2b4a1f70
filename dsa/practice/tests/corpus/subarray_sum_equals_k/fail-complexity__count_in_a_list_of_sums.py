"""Keeps the running sums in a list and asks list.count for each new one: the count runs in C and looks quick on short lists, but it reads the whole list every time, O(n**2), and growth fails it."""

from __future__ import annotations


def subarray_sum(nums: list[int], k: int) -> int:
    sums = [0]
    total = found = 0
    for x in nums:
        total += x
        found += sums.count(total - k)  # a scan, not a lookup
        sums.append(total)
    return found
