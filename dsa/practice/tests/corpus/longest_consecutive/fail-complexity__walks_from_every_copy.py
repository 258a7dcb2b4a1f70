"""Walks each run from its first value, but loops over the list instead of the set: fails the complexity check.

The predecessor test is there, so every run is walked only from its start;
but a start that appears k times in the list is walked k times.  Runs whose
first value fills half of the list make that n**2.
"""


def longest_consecutive(nums):
    present = set(nums)
    best = 0
    for x in nums:  # the list, repeats included
        if x - 1 in present:
            continue
        length = 1
        while x + length in present:
            length += 1
        best = max(best, length)
    return best
