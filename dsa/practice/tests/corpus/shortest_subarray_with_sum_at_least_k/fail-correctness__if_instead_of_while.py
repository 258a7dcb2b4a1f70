"""The monotonic deque, but only one start popped from the front per end (if instead of while): a later start that also reaches k is missed, so correctness fails on a small case.

Each end may use several starts; the shortest is the last of them.
"""

from __future__ import annotations

from collections import deque


def shortest_subarray(nums: list[int], k: int) -> int:
    prefix = [0]
    for x in nums:
        prefix.append(prefix[-1] + x)
    best = len(nums) + 1
    starts = deque()
    for j, total in enumerate(prefix):
        if starts and total - prefix[starts[0]] >= k:
            best = min(best, j - starts.popleft())
        while starts and prefix[starts[-1]] >= total:
            starts.pop()
        starts.append(j)
    return best if best <= len(nums) else -1
