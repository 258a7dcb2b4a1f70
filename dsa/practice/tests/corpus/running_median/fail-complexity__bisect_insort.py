"""One sorted list kept with bisect.insort: O(log n) to find the place but O(n) to shift, invisible on short or shuffled input, three times the heaps' cost on 32,000 operations whose numbers arrive in decreasing order.

The shift is a block copy in C, so the growth only shows once the list
holds tens of thousands of numbers that all land at its front.
"""

import bisect


class MedianFinder:
    def __init__(self):
        self.numbers = []

    def add(self, num):
        bisect.insort(self.numbers, num)

    def median(self):
        numbers = self.numbers
        if not numbers:
            raise ValueError("no numbers yet")
        middle = len(numbers) // 2
        if len(numbers) % 2:
            return float(numbers[middle])
        return (numbers[middle - 1] + numbers[middle]) / 2
