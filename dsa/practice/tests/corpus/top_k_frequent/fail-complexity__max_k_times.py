"""Counts with a dict, then takes the most frequent value out k times: O(k * d), quick when k is small but n**2 when k is half the distinct values.

With k = 10 this looks as fast as a heap.  The growth inputs ask for half
of the distinct values, and the distinct values grow with n.
"""

from collections import Counter


def top_k_frequent(nums, k):
    counts = Counter(nums)
    answer = []
    for _ in range(k):
        best = max(counts, key=counts.get)
        answer.append(best)
        del counts[best]
    return answer
