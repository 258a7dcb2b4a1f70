"""Appends on add and sorts only when a median is asked and something was added: cheap when medians are rare, O(n) per median when one follows every add.

Sorting a sorted list with one number appended is a single pass in C, so
the cost per median is small but grows with n, and the growth inputs ask
for a median after every add.
"""


class MedianFinder:
    def __init__(self):
        self.numbers = []
        self.dirty = False

    def add(self, num):
        self.numbers.append(num)
        self.dirty = True

    def median(self):
        if not self.numbers:
            raise ValueError("no numbers yet")
        if self.dirty:
            self.numbers.sort()
            self.dirty = False
        numbers = self.numbers
        middle = len(numbers) // 2
        if len(numbers) % 2:
            return float(numbers[middle])
        return (numbers[middle - 1] + numbers[middle]) / 2
