"""Builds the answer with out = out + [m], copying it for every window: fails on time with narrow windows.

The maxima come from a correct monotonic deque, but ``out + [m]`` copies
the whole answer so far for each of the n - k + 1 windows: about n^2 / 2
copies when the window is narrow and there are nearly n of them.
"""

from __future__ import annotations

from collections import deque


def max_sliding_window(nums: list[int], k: int) -> list[int]:
    window: deque = deque()
    out: list = []
    for i, x in enumerate(nums):
        while window and nums[window[-1]] <= x:
            window.pop()
        window.append(i)
        if window[0] <= i - k:
            window.popleft()
        if i >= k - 1:
            out = out + [nums[window[0]]]
    return out
