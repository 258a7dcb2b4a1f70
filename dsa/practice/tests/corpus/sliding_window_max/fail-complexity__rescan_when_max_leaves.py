"""Remembers the window's maximum and scans the window again only when that maximum leaves: fails on decreasing input.

On random or increasing input the maximum rarely leaves before a larger
value replaces it, so this looks linear; on decreasing input the maximum
is always the oldest value and leaves at every step, and each rescan costs
k: n * k in all.
"""

from __future__ import annotations


def max_sliding_window(nums: list[int], k: int) -> list[int]:
    best = 0  # position of the current window's maximum
    for i in range(1, k):
        if nums[i] >= nums[best]:
            best = i
    out = [nums[best]]
    for end in range(k, len(nums)):
        start = end - k + 1
        if nums[end] >= nums[best]:
            best = end
        elif best < start:  # the maximum has left: scan the window again
            best = start
            for i in range(start + 1, end + 1):
                if nums[i] >= nums[best]:
                    best = i
        out.append(nums[best])
    return out
