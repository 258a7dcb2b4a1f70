"""Bucket sort by count: a list of values per count, read from the largest count down; O(n), so it passes.

No value can occur more than len(nums) times, so the counts index a list
of len(nums) + 1 buckets, and walking them from the top gives the most
frequent values first without any heap.
"""


def top_k_frequent(nums, k):
    counts = {}
    for x in nums:
        counts[x] = counts.get(x, 0) + 1
    buckets = [[] for _ in range(len(nums) + 1)]
    for value, count in counts.items():
        buckets[count].append(value)
    answer = []
    for count in range(len(nums), 0, -1):
        for value in buckets[count]:
            answer.append(value)
            if len(answer) == k:
                return answer
    return answer
