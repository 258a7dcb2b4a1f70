"""A wrong LRU cache: updating a key with ``put`` does not make it recent.

``get`` moves the entry to the most-recent end, but ``put`` on a key already
present only replaces its value.  That key keeps its old place in the order
and can be evicted next although it was just used.
"""

from __future__ import annotations


class LRUCache:
    """An LRU cache that forgets that an update is a use (buggy)."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._values: dict[int, int] = {}  # insertion order = order of use

    def get(self, key: int) -> int:
        if key not in self._values:
            return -1
        value = self._values.pop(key)
        self._values[key] = value  # re-inserted: now the most recent
        return value

    def put(self, key: int, value: int) -> None:
        if key in self._values:
            self._values[key] = value  # the mistake: the key keeps its old place
            return
        if len(self._values) == self.capacity:
            del self._values[next(iter(self._values))]  # the oldest entry
        self._values[key] = value
