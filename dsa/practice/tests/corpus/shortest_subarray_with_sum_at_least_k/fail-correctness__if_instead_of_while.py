"""The monotonic deque, but only one start popped from the front per end (if instead of while): a later start that also reaches k is missed, so correctness fails on a small case.

Each end may use several starts; the shortest is the last of them.
"""

from __future__ import annotations

from collections import deque
from itertools import accumulate


def shortest_subarray(nums: list[int], k: int) -> int:
    prefix = [0, *accumulate(nums)]
    best = None
    starts: deque[int] = deque()
    for j, total in enumerate(prefix):
        if starts and total - prefix[starts[0]] >= k:
            length = j - starts.popleft()
            best = length if best is None else min(best, length)
        while starts and prefix[starts[-1]] >= total:
            starts.pop()
        starts.append(j)
    return -1 if best is None else best
