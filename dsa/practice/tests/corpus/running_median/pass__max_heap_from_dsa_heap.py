"""Two heaps, the lower half kept with this package's max-heap functions instead of negated numbers: O(log n) per add, so it passes.

dsa.heap's heappush_max and heappop_max keep the largest item at [0], so
the lower half stores the numbers themselves.  They are written in Python,
several times slower than heapq's C functions, but they grow the same way.
"""

import heapq

from dsa.heap import heappop_max, heappush_max


class MedianFinder:
    def __init__(self):
        self.low = []  # max-heap: the smaller half
        self.high = []  # min-heap: the larger half

    def add(self, num):
        if not self.low or num <= self.low[0]:
            heappush_max(self.low, num)
        else:
            heapq.heappush(self.high, num)
        if len(self.low) > len(self.high) + 1:
            heapq.heappush(self.high, heappop_max(self.low))
        elif len(self.high) > len(self.low):
            heappush_max(self.low, heapq.heappop(self.high))

    def median(self):
        if not self.low:
            raise ValueError("no numbers yet")
        if len(self.low) > len(self.high):
            return float(self.low[0])
        return (self.low[0] + self.high[0]) / 2
