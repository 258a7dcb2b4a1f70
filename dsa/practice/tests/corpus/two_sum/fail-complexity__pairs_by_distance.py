"""Tries neighbours first, then pairs two apart, and so on: fails the complexity check.

A pair of neighbours anywhere is found within one pass, so the pair last
and the pair in the middle cost it O(n); only a pair at both ends of the
list, the farthest apart, makes it try all n**2 / 2 pairs.
"""


def two_sum(nums, target):
    n = len(nums)
    for gap in range(1, n):
        for i in range(n - gap):
            if nums[i] + nums[i + gap] == target:
                return i, i + gap
    raise ValueError("no pair adds up to target")
