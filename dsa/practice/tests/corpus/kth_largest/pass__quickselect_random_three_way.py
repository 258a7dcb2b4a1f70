"""Quickselect with a random pivot and a three-way split: O(n) expected on every input, so it passes.

Numbers equal to the pivot are set apart in a group of their own, so a list
of repeated values is finished in one round instead of one number at a time,
and a random pivot makes sorted input no worse than shuffled input.
"""

import random


def kth_largest(nums, k):
    rng = random.Random(2024)
    rest = nums
    while True:
        pivot = rest[rng.randrange(len(rest))]
        larger = [x for x in rest if x > pivot]
        if k <= len(larger):
            rest = larger
            continue
        equal = sum(1 for x in rest if x == pivot)
        if k <= len(larger) + equal:
            return pivot
        k -= len(larger) + equal
        rest = [x for x in rest if x < pivot]
