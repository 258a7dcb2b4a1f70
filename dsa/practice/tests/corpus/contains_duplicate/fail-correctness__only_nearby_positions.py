"""Compares each value only with the 50 before it (a rolling set): right on every short list and on the growth inputs, whose repeat is side by side, but a repeat 10**5 positions apart in a large case is missed."""

from __future__ import annotations


def contains_duplicate(nums: list[int]) -> bool:
    window: set[int] = set()  # the last 50 values, all different
    for i, x in enumerate(nums):
        if x in window:
            return True
        window.add(x)
        if i >= 50:
            window.discard(nums[i - 50])  # the mistake: repeats may be far apart
    return False
