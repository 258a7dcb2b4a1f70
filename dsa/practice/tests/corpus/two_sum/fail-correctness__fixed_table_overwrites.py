"""A hand-made table of 4096 slots that keeps one position per slot: fails the correctness check.

A value's slot is ``x % 4096``; a later value with the same slot overwrites
the earlier one.  Small inputs never collide, but on a long list whose
pair sits at both ends the first value of the pair has been overwritten by
the time its partner comes, and the function gives up with (-1, -1): the
growth check judges its answers on those longer inputs too.
"""

SLOTS = 4096


def two_sum(nums, target):
    table = [-1] * SLOTS
    for j, x in enumerate(nums):
        i = table[(target - x) % SLOTS]
        if i >= 0 and nums[i] == target - x:
            return i, j
        table[x % SLOTS] = j
    return -1, -1  # "not found"
