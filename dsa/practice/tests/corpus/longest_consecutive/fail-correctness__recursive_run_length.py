"""Measures runs with a memoised recursion, length(x) = 1 + length(x + 1): fails the correctness check, on its long runs.

Right and O(n) thanks to the memo, but a run of m values nests m calls:
past Python's recursion limit (about a thousand) it raises RecursionError,
which only inputs with long runs show; the inputs at the constraints'
limits hold a run of 3,000 values.
"""


def longest_consecutive(nums):
    present = set(nums)
    memo = {}

    def length(x):
        if x not in present:
            return 0
        if x not in memo:
            memo[x] = 1 + length(x + 1)
        return memo[x]

    return max((length(x) for x in present), default=0)
