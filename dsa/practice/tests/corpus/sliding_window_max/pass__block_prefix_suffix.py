"""Cuts the list into blocks of k and combines suffix maxima of one block with prefix maxima of the next: passes.

Every window of width k spans at most two blocks: its maximum is the
largest of "from here to the end of my block" and "from the start of the
next block to here".  Two sweeps and no deque: O(n) time, O(n) memory.
"""

from __future__ import annotations


def max_sliding_window(nums: list[int], k: int) -> list[int]:
    n = len(nums)
    prefix = list(nums)
    suffix = list(nums)
    for i in range(1, n):
        if i % k and prefix[i - 1] > prefix[i]:
            prefix[i] = prefix[i - 1]
    for i in range(n - 2, -1, -1):
        if (i + 1) % k and suffix[i + 1] > suffix[i]:
            suffix[i] = suffix[i + 1]
    return [suffix[i] if suffix[i] >= prefix[i + k - 1] else prefix[i + k - 1]
            for i in range(n - k + 1)]
