"""Compares the length of the list with the length of its set: one line, O(n), so it passes."""

from __future__ import annotations


def contains_duplicate(nums: list[int]) -> bool:
    return len(set(nums)) != len(nums)
