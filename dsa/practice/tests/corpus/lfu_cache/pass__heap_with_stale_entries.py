"""A heap of (count, time of last use, key) where a use pushes a fresh entry and eviction skips stale ones: O(log capacity) per call, which the statement accepts, so it passes."""

from __future__ import annotations

import heapq


class LFUCache:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.entries: dict[int, list[int]] = {}  # key -> [value, count, time]
        self.heap: list[tuple[int, int, int]] = []
        self.clock = 0

    def _stamp(self, key: int, entry: list[int]) -> None:
        self.clock += 1
        entry[2] = self.clock
        heapq.heappush(self.heap, (entry[1], entry[2], key))
        if len(self.heap) > 4 * self.capacity + 16:  # too many stale entries: rebuild
            self.heap = [(e[1], e[2], k) for k, e in self.entries.items()]
            heapq.heapify(self.heap)

    def get(self, key: int) -> int:
        if key not in self.entries:
            return -1
        entry = self.entries[key]
        entry[1] += 1
        self._stamp(key, entry)
        return entry[0]

    def put(self, key: int, value: int) -> None:
        if key in self.entries:
            entry = self.entries[key]
            entry[0] = value
            entry[1] += 1
            self._stamp(key, entry)
            return
        if len(self.entries) >= self.capacity:
            while True:
                count, time, victim = heapq.heappop(self.heap)
                current = self.entries.get(victim)
                if current is not None and current[1] == count and current[2] == time:
                    del self.entries[victim]
                    break
        entry = [value, 1, 0]
        self.entries[key] = entry
        self._stamp(key, entry)
