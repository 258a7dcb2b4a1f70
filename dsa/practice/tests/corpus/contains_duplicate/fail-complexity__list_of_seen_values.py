"""Remembers the values seen in a list, so every `x in seen` scans it: the scan runs in C and looks quick on short lists, but it is O(n**2) in all, and growth fails it."""

from __future__ import annotations


def contains_duplicate(nums: list[int]) -> bool:
    seen: list[int] = []
    for x in nums:
        if x in seen:  # a scan of the list, not a hash lookup
            return True
        seen.append(x)
    return False
