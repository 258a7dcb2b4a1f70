"""WRONG: compares each value with the next one only.

Neighbours are enough after sorting, but this compares neighbours in the
order given: a repeat that is not side by side, as in ``[1, 0, 1]``, is
missed.
"""

from __future__ import annotations


def contains_duplicate(nums: list[int]) -> bool:
    """Return True if two neighbours are equal (but the list is not sorted)."""
    for a, b in zip(nums, nums[1:]):  # the mistake: nums was never sorted
        if a == b:
            return True
    return False
