"""SLOW: scans every entry for the least used one at each eviction.

Right: each entry keeps its count and the time of its last use, and
eviction takes the entry with the smallest ``(count, last use)``.  But that
``min`` reads all the entries, O(capacity) per eviction instead of O(1).
"""

from __future__ import annotations


class LFUCache:
    """Counts and times per key; eviction by a scan."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.entries: dict[int, list[int]] = {}  # key -> [value, count, time of last use]
        self.clock = 0

    def _use(self, entry: list[int]) -> None:
        self.clock += 1
        entry[1] += 1
        entry[2] = self.clock

    def get(self, key: int) -> int:
        entry = self.entries.get(key)
        if entry is None:
            return -1
        self._use(entry)
        return entry[0]

    def put(self, key: int, value: int) -> None:
        entry = self.entries.get(key)
        if entry is not None:
            entry[0] = value
            self._use(entry)
            return
        if len(self.entries) >= self.capacity:
            victim = min(self.entries, key=lambda k: (self.entries[k][1], self.entries[k][2]))
            del self.entries[victim]  # found by reading every entry
        self.clock += 1
        self.entries[key] = [value, 1, self.clock]
