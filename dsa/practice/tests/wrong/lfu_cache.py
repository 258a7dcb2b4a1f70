"""WRONG: an update with ``put`` changes the value but does not count as a use.

``get`` raises the count, ``put`` on a key already cached does not, so a key
kept fresh by updates stays at count 1 and is evicted before keys that were
used less.  With capacity 2: put 1, put 2, put 1 again (a use), put 3 must
evict key 2, but this cache evicts key 1.
"""

from __future__ import annotations

from collections import OrderedDict


class LFUCache:
    """An LFU cache that forgets that an update is a use (buggy)."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.entries: dict[int, list[int]] = {}
        self.groups: dict[int, OrderedDict[int, None]] = {}
        self.least = 0

    def _use(self, key: int, entry: list[int]) -> None:
        count = entry[1]
        group = self.groups[count]
        del group[key]
        if not group:
            del self.groups[count]
            if self.least == count:
                self.least = count + 1
        entry[1] = count + 1
        self.groups.setdefault(count + 1, OrderedDict())[key] = None

    def get(self, key: int) -> int:
        entry = self.entries.get(key)
        if entry is None:
            return -1
        self._use(key, entry)
        return entry[0]

    def put(self, key: int, value: int) -> None:
        entry = self.entries.get(key)
        if entry is not None:
            entry[0] = value  # the mistake: no self._use(key, entry)
            return
        if len(self.entries) >= self.capacity:
            group = self.groups[self.least]
            oldest, _ = group.popitem(last=False)
            if not group:
                del self.groups[self.least]
            del self.entries[oldest]
        self.entries[key] = [value, 1]
        self.groups.setdefault(1, OrderedDict())[key] = None
        self.least = 1
