"""Stamps every use with a counter and evicts the key with the smallest stamp, found with min(): fails the complexity check.

Right, and O(1) for gets and updates, but each eviction scans every entry:
O(capacity) per new key, which the growth check sees as the capacity grows
(one operation in ten puts a new key).
"""


class LRUCache:
    def __init__(self, capacity):
        self.capacity = capacity
        self.values = {}
        self.stamps = {}
        self.clock = 0

    def _touch(self, key):
        self.clock += 1
        self.stamps[key] = self.clock

    def get(self, key):
        if key not in self.values:
            return -1
        self._touch(key)
        return self.values[key]

    def put(self, key, value):
        if key not in self.values and len(self.values) == self.capacity:
            oldest = min(self.stamps, key=self.stamps.__getitem__)
            del self.values[oldest]
            del self.stamps[oldest]
        self.values[key] = value
        self._touch(key)
