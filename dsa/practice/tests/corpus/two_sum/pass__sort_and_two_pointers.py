"""Sorts the positions by value and closes in from both ends: passes.

No hashing: O(n log n) for the sort and one linear walk of two pointers,
within the limit for O(n) that the growth check allows for n log n.  The
two positions are returned smaller first, as asked.
"""


def two_sum(nums, target):
    order = sorted(range(len(nums)), key=nums.__getitem__)
    low, high = 0, len(order) - 1
    while low < high:
        total = nums[order[low]] + nums[order[high]]
        if total == target:
            i, j = order[low], order[high]
            return (i, j) if i < j else (j, i)
        if total < target:
            low += 1
        else:
            high -= 1
    raise ValueError("no pair adds up to target")
