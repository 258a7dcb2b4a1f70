"""WRONG: an update with ``put`` changes the value but does not count as a use.

``get`` raises the count, ``put`` on a key already cached does not, so a key
kept fresh by updates stays at count 1 and is evicted before keys that were
used less.  With capacity 2: put 1, put 2, put 1 again (a use), put 3 must
evict key 2, but this cache evicts key 1.
"""

from __future__ import annotations


class LFUCache:
    """An LFU cache that forgets that an update is a use (buggy)."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.entries: dict[int, list[int]] = {}  # key -> [value, uses, time of last use]
        self.time = 0

    def get(self, key: int) -> int:
        entry = self.entries.get(key)
        if entry is None:
            return -1
        self.time += 1
        entry[1:] = [entry[1] + 1, self.time]
        return entry[0]

    def put(self, key: int, value: int) -> None:
        if key in self.entries:
            self.entries[key][0] = value  # the mistake: an update is a use too
            return
        if len(self.entries) >= self.capacity:
            del self.entries[min(self.entries, key=lambda k: self.entries[k][1:])]
        self.time += 1
        self.entries[key] = [value, 1, self.time]
