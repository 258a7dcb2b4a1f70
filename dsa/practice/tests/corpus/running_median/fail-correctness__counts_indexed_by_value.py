"""Counts every number in an array indexed by value and walks it for the median: memory grows with the range of the values, so -10**9 and 10**9 in one input run it out of memory.

A Fenwick tree or a counting array over the values is a fine idea for
small values; the constraints allow two billion of them.
"""


class MedianFinder:
    OFFSET = 10**9

    def __init__(self):
        self.counts = None
        self.size = 0

    def add(self, num):
        if self.counts is None:
            self.counts = [0] * (2 * self.OFFSET + 1)
        self.counts[num + self.OFFSET] += 1
        self.size += 1

    def median(self):
        if not self.size:
            raise ValueError("no numbers yet")
        wanted = [(self.size - 1) // 2, self.size // 2]
        found, seen = [], 0
        for index, count in enumerate(self.counts):
            while count and len(found) < 2 and seen + count > wanted[len(found)]:
                found.append(index - self.OFFSET)
            seen += count
            if len(found) == 2:
                break
        return (found[0] + found[1]) / 2
