"""Writes its own nlargest function and a counter class with a most_common method: the names are the learner's own, so nothing is refused, and the heap inside is O(n log k).

Only the library's functions are off limits; a function or a method of the
learner's that happens to share a name with them is not a use of them.
"""

import heapq


def nlargest(k, pairs):
    """The k largest pairs, kept in a min-heap of at most k."""
    heap = []
    for pair in pairs:
        if len(heap) < k:
            heapq.heappush(heap, pair)
        elif pair > heap[0]:
            heapq.heapreplace(heap, pair)
    return heap


class Tally:
    def __init__(self, items):
        self.counts = {}
        for item in items:
            self.counts[item] = self.counts.get(item, 0) + 1

    def most_common(self, k):
        return nlargest(k, ((count, value) for value, count in self.counts.items()))


def top_k_frequent(nums, k):
    return [value for _, value in Tally(nums).most_common(k)]
