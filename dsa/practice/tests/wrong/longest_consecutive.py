"""WRONG: sorts, then lets a repeated value break the run.

After sorting, a repeated value is neither a step up by one nor a new run;
this version restarts the count there, so ``[0, 1, 1, 2]`` gets 2 instead
of 3.
"""

from __future__ import annotations


def longest_consecutive(nums: list[int]) -> int:
    """Return the length of the longest consecutive run (buggy with repeats)."""
    if not nums:
        return 0
    values = sorted(nums)
    best = length = 1
    for previous, current in zip(values, values[1:]):
        if current == previous + 1:
            length += 1
        else:
            length = 1  # the mistake: current == previous should keep the run
        best = max(best, length)
    return best
