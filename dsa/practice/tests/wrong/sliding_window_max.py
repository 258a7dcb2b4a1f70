"""WRONG: off by one when the front expires.

The window ending at ``i`` starts at ``i - k + 1``, so the front position
must leave as soon as it is ``<= i - k``.  This version tests ``< i - k``,
keeps one position too long, and reports the maximum of ``k + 1`` values
whenever the largest of them has just left the window.
"""

from __future__ import annotations

from collections import deque


def max_sliding_window(nums: list[int], k: int) -> list[int]:
    """Return the maximum of every window of ``k`` values (buggy expiry)."""
    window: deque[int] = deque()
    maxima: list[int] = []
    for i, x in enumerate(nums):
        if window and window[0] < i - k:  # the mistake: should be <= i - k
            window.popleft()
        while window and nums[window[-1]] <= x:
            window.pop()
        window.append(i)
        if i >= k - 1:
            maxima.append(nums[window[0]])
    return maxima
