"""Keeps every key's use count in a dict that eviction never clears, so a key that was evicted comes back with its old count: the statement says it starts again at 1, and the random inputs find a case where that changes the next eviction."""

from __future__ import annotations


class LFUCache:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.values: dict[int, int] = {}
        self.counts: dict[int, int] = {}  # the mistake: never forgets a key
        self.last: dict[int, int] = {}
        self.clock = 0

    def _use(self, key: int) -> None:
        self.clock += 1
        self.counts[key] = self.counts.get(key, 0) + 1
        self.last[key] = self.clock

    def get(self, key: int) -> int:
        if key not in self.values:
            return -1
        self._use(key)
        return self.values[key]

    def put(self, key: int, value: int) -> None:
        if key not in self.values and len(self.values) >= self.capacity:
            victim = min(self.values, key=lambda k: (self.counts[k], self.last[k]))
            del self.values[victim]
        self.values[key] = value
        self._use(key)
