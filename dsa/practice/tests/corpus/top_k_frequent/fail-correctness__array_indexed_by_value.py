"""Counts in a list indexed by value - min(nums): memory grows with the range of the values, so the range the constraints allow runs it out of memory.

On small values this is a fast counting sort.  With -10**9 and 10**9 in the
same list it asks for two billion counters.
"""


def top_k_frequent(nums, k):
    low = min(nums)
    counts = [0] * (max(nums) - low + 1)
    for x in nums:
        counts[x - low] += 1
    order = sorted(range(len(counts)), key=counts.__getitem__, reverse=True)
    return [i + low for i in order[:k]]
