"""Returns 1 and 0 instead of True and False: the statement asks for a bool, so the check says the result is of the wrong type."""

from __future__ import annotations


def contains_duplicate(nums: list[int]) -> bool:
    return 1 if len(set(nums)) < len(nums) else 0
