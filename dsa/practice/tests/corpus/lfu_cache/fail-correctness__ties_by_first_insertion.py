"""Breaks ties between equally used entries by which was inserted first instead of which was used least recently: right until a tied entry that came in early has been used since, which the random inputs find."""

from __future__ import annotations


class LFUCache:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.entries: dict[int, list[int]] = {}  # key -> [value, count, time inserted]
        self.clock = 0

    def get(self, key: int) -> int:
        if key not in self.entries:
            return -1
        self.entries[key][1] += 1
        return self.entries[key][0]

    def put(self, key: int, value: int) -> None:
        if key in self.entries:
            self.entries[key][:2] = [value, self.entries[key][1] + 1]
            return
        if len(self.entries) >= self.capacity:
            victim = min(self.entries, key=lambda k: (self.entries[k][1], self.entries[k][2]))
            del self.entries[victim]  # the mistake: insertion time, not time of last use
        self.clock += 1
        self.entries[key] = [value, 1, self.clock]
