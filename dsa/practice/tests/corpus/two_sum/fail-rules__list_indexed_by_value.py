"""Direct addressing: remembers each value's position in a list indexed by value - min: fails the rules.

O(n + range) time and memory.  The range of the values is what grows: on
two values a billion apart either way the list needs two billion places, it
runs out of memory, and the grader says that memory must follow the number
of values, not their size.
"""


def two_sum(nums, target):
    low = min(nums)
    position = [-1] * (max(nums) - low + 1)
    for j, x in enumerate(nums):
        want = target - x - low
        if 0 <= want < len(position) and position[want] >= 0:
            return position[want], j
        position[x - low] = j
    raise ValueError("no pair adds up to target")
