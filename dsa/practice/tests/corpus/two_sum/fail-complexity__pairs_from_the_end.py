"""Tries every pair, starting from the end of the list: fails the complexity check.

Quadratic, but fast when the pair sits at the end, where it looks first:
growth inputs with the pair last would hide it.  With the pair in the
middle or at both ends it tries about n**2 / 2 pairs.
"""


def two_sum(nums, target):
    for j in range(len(nums) - 1, 0, -1):
        for i in range(j - 1, -1, -1):
            if nums[i] + nums[j] == target:
                return i, j
    raise ValueError("no pair adds up to target")
