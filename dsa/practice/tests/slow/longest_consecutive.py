"""SLOW: a run is walked from every value, not only from its first.

Without the "is the predecessor absent?" test, each value of a run of
length m walks to the end of the run: m + (m - 1) + ... + 1 steps, O(n^2)
when the input is one long run.
"""

from __future__ import annotations


def longest_consecutive(nums: list[int]) -> int:
    """Return the length of the longest run of consecutive integers in ``nums``."""
    present = set(nums)
    best = 0
    for x in present:
        length = 1
        while x + length in present:
            length += 1
        best = max(best, length)
    return best
