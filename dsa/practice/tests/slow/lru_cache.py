"""SLOW: the order of use is a Python list of keys.

Marking a key as used means ``list.remove`` (a scan) and ``append``, and
eviction is ``pop(0)``, which shifts the whole list: O(capacity) per
operation.
"""

from __future__ import annotations


class LRUCache:
    """At most ``capacity`` entries; the least recently used one is evicted."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._values: dict[int, int] = {}
        self._order: list[int] = []  # keys, least recently used first

    def get(self, key: int) -> int:
        if key not in self._values:
            return -1
        self._order.remove(key)
        self._order.append(key)
        return self._values[key]

    def put(self, key: int, value: int) -> None:
        if key in self._values:
            self._order.remove(key)
        elif len(self._values) == self.capacity:
            oldest = self._order.pop(0)
            del self._values[oldest]
        self._values[key] = value
        self._order.append(key)
