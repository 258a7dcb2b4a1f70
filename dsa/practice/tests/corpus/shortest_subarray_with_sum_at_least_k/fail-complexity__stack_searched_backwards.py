"""Keeps the increasing prefix sums like the deque does, but for each end searches the candidates from the newest back to the first that reaches k, never dropping any: right, and fast while the candidates stay few, but with rising prefix sums all n stay and each search walks them all, O(n**2), so the growth check fails it.

Random numbers of both signs keep few candidates; the grader also measures
positive numbers, where every position remains one.
"""

from __future__ import annotations


def shortest_subarray(nums: list[int], k: int) -> int:
    prefix = [0]
    for x in nums:
        prefix.append(prefix[-1] + x)
    best = len(nums) + 1
    stack = []
    for j, total in enumerate(prefix):
        for i in reversed(stack):  # newest candidate first: the first hit is the shortest
            if total - prefix[i] >= k:
                best = min(best, j - i)
                break
        while stack and prefix[stack[-1]] >= total:
            stack.pop()
        stack.append(j)
    return best if best <= len(nums) else -1
