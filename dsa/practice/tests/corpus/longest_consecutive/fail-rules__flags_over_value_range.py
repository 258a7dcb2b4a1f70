"""A list of flags with one place for every integer from min to max, then one scan: fails the rules.

O(n + range) time and memory: fine when the values are close together, but
two values a billion apart either way need two billion flags.  It runs out
of memory, and the grader says that memory must follow the number of
values, not their size.
"""


def longest_consecutive(nums):
    if not nums:
        return 0
    low = min(nums)
    present = [False] * (max(nums) - low + 1)
    for x in nums:
        present[x - low] = True
    best = length = 0
    for flag in present:
        length = length + 1 if flag else 0
        best = max(best, length)
    return best
