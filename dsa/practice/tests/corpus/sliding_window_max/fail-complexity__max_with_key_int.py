"""Takes max of every window with key=int: fails on time, although the comparisons it makes are not counted.

``key=int`` compares plain int copies, so the counted values see no
comparison at all and the grader sets the counts aside; the clock still
sees (n - k + 1) * k work, about n^2 / 4 with k = n/4.
"""

from __future__ import annotations


def max_sliding_window(nums: list[int], k: int) -> list[int]:
    return [max(nums[i:i + k], key=int) for i in range(len(nums) - k + 1)]
