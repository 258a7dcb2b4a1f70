"""A deque of (value, position) pairs, values decreasing, the front expired lazily: passes.

The usual monotonic deque, keeping each value beside its position instead
of looking the value up again; ``collections.deque`` is allowed here.  Each
value is pushed and popped once: O(n).
"""

from __future__ import annotations

from collections import deque


def max_sliding_window(nums: list[int], k: int) -> list[int]:
    window: deque = deque()
    out = []
    for i, x in enumerate(nums):
        while window and window[-1][0] <= x:
            window.pop()
        window.append((x, i))
        if window[0][1] <= i - k:
            window.popleft()
        if i >= k - 1:
            out.append(window[0][0])
    return out
