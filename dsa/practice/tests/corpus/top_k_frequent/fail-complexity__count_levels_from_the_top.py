"""Walks every count from the largest down, scanning all values at each: fine while counts stay small, n**2 when one value fills half the list.

The cost is (largest count) * (distinct values).  On inputs where every
value occurs a few times that is linear; when one value occurs n/2 times
and the rest once, it is n/2 levels of n/2 values each.
"""

from collections import Counter


def top_k_frequent(nums, k):
    counts = Counter(nums)
    answer = []
    level = max(counts.values())
    while len(answer) < k:
        for value, count in counts.items():
            if count == level:
                answer.append(value)
                if len(answer) == k:
                    break
        level -= 1
    return answer
