"""The monotonic deque written by hand as a list with a front index (no collections.deque): the same O(n) algorithm, so it passes.

Nothing in this problem forbids a deque; building one is fine too.
"""

from __future__ import annotations


def shortest_subarray(nums: list[int], k: int) -> int:
    prefix = [0]
    for x in nums:
        prefix.append(prefix[-1] + x)
    best = len(nums) + 1
    queue, front = [], 0
    for j, total in enumerate(prefix):
        while front < len(queue) and total - prefix[queue[front]] >= k:
            best = min(best, j - queue[front])
            front += 1
        while len(queue) > front and prefix[queue[-1]] >= total:
            queue.pop()
        queue.append(j)
    return best if best <= len(nums) else -1
