"""Steps through every integer from min to max, asking a set about each: fails the correctness check.

Memory follows the values (a set), but time follows their range: on two
values a billion apart either way it takes two billion steps, longer than
the time one small input may take.  The report shows the input with its
range noted beside it.
"""


def longest_consecutive(nums):
    if not nums:
        return 0
    present = set(nums)
    best = length = 0
    for v in range(min(nums), max(nums) + 1):
        length = length + 1 if v in present else 0
        best = max(best, length)
    return best
