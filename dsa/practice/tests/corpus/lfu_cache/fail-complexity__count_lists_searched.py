"""Keeps the keys of each count in a plain list and walks it to find the key on every use: right, but each use walks a list that holds a large share of the cache (all of it when the entries share the same few counts), O(n) a use, so growth fails it."""

from __future__ import annotations


class LFUCache:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.entries: dict[int, list[int]] = {}  # key -> [value, count]
        self.lists: dict[int, list[int]] = {}  # count -> keys, oldest use first
        self.least = 0

    def _use(self, key: int, entry: list[int]) -> None:
        keys = self.lists[entry[1]]
        for i, other in enumerate(keys):  # a walk through the list
            if other == key:
                del keys[i]
                break
        if not keys:
            del self.lists[entry[1]]
            if self.least == entry[1]:
                self.least += 1
        entry[1] += 1
        self.lists.setdefault(entry[1], []).append(key)

    def get(self, key: int) -> int:
        if key not in self.entries:
            return -1
        self._use(key, self.entries[key])
        return self.entries[key][0]

    def put(self, key: int, value: int) -> None:
        if key in self.entries:
            self.entries[key][0] = value
            self._use(key, self.entries[key])
            return
        if len(self.entries) == self.capacity:
            keys = self.lists[self.least]
            del self.entries[keys.pop(0)]
            if not keys:
                del self.lists[self.least]
        self.entries[key] = [value, 1]
        self.lists.setdefault(1, []).append(key)
        self.least = 1
