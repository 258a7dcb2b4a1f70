"""Marks each value in a table with one slot per possible value: right for small values, but values 10**9 apart need two billion slots and it runs out of memory on the named edge case."""

from __future__ import annotations


def contains_duplicate(nums: list[int]) -> bool:
    if not nums:
        return False
    low = min(nums)
    seen = bytearray(max(nums) - low + 1)  # as long as the range of the values
    for x in nums:
        if seen[x - low]:
            return True
        seen[x - low] = 1
    return False
