"""Sliding-window maximum: a deque of candidate positions, values decreasing.

The idea
--------
Recomputing ``max`` of every window costs O(k) per window, O(n * k) in all.
Instead, keep a deque of *positions* of the current window that could still
become the maximum of some later window, with their values strictly
decreasing from front to back.  Then the maximum of the window is always at
the front.

Moving the window one step to the right, to end at position ``i``:

1. if the front position has left the window (``front <= i - k``), pop it
   from the front;
2. pop from the back every position whose value is ``<= nums[i]``: the new
   value is at least as large and will stay in the window longer, so those
   positions can never be a maximum again;
3. push ``i`` at the back;
4. once the first window is complete (``i >= k - 1``), the front holds the
   window's maximum.

Why it is correct
-----------------
Positions in the deque are increasing (pushed in order) and their values
strictly decreasing (step 2).  A position is only ever dropped from the back
when a later, at-least-as-large value exists, or from the front when it has
left the window, so the largest value of the window, at its latest position,
is never dropped while it is in the window.  Being the largest, nothing
before it survives step 2, so it is the front.  At most one position leaves
per step through the front, because the window moves by one.

Why it is linear
----------------
Every position is pushed once and popped at most once (from the front or
the back), so all the pops together cost O(n), although one step can pop
many.  Each step makes at most one comparison that does not pop.  In all:
O(n) time, at most 2n comparisons between values, and O(k) extra space.

The classic pitfall
-------------------
Off by one in the expiry test: the window ending at ``i`` is
``i - k + 1 .. i``, so the front must go as soon as ``front <= i - k``.
Testing ``front < i - k`` keeps one position too many, and the answer is
then the maximum of a window of ``k + 1`` values.
"""

from __future__ import annotations

from collections import deque


def max_sliding_window(nums: list[int], k: int) -> list[int]:
    """Return the maximum of every window of ``k`` consecutive values."""
    if not 1 <= k <= len(nums):
        raise ValueError("k must be between 1 and len(nums)")
    window: deque[int] = deque()  # positions; their values strictly decrease
    maxima: list[int] = []
    for i, x in enumerate(nums):
        if window and window[0] <= i - k:
            window.popleft()  # the front has slid out of the window
        while window and nums[window[-1]] <= x:
            window.pop()  # dominated by x, which also stays longer
        window.append(i)
        if i >= k - 1:  # the first window is complete
            maxima.append(nums[window[0]])
    return maxima
