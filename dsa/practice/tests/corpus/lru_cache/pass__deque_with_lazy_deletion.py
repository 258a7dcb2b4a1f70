"""A deque of (key, stamp) uses and a dict of each key's latest stamp, stale uses skipped at eviction: passes.

Every use appends to the deque instead of moving anything; eviction pops
from the left until it meets a use that is still the latest of its key.
Each use is appended once and popped at most once, so both operations are
O(1) amortised.  No dict is kept in the order of use: the dict's own order
is never read.
"""

from collections import deque


class LRUCache:
    def __init__(self, capacity):
        self.capacity = capacity
        self.entries = {}  # key -> [value, stamp of its latest use]
        self.uses = deque()
        self.clock = 0

    def _use(self, key, entry):
        self.clock += 1
        entry[1] = self.clock
        self.uses.append((key, self.clock))

    def get(self, key):
        entry = self.entries.get(key)
        if entry is None:
            return -1
        self._use(key, entry)
        return entry[0]

    def put(self, key, value):
        entry = self.entries.get(key)
        if entry is None:
            if len(self.entries) == self.capacity:
                while True:
                    old, stamp = self.uses.popleft()
                    if self.entries[old][1] == stamp:
                        del self.entries[old]
                        break
            entry = self.entries[key] = [value, 0]
        entry[0] = value
        self._use(key, entry)
