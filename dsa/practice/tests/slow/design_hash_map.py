"""SLOW: a plain list of [key, value] pairs, no hashing.

Every operation scans the list for the key, O(n) per operation: it is a
map, but not a hash map.
"""

from __future__ import annotations


class MyHashMap:
    """A map from int keys to int values, kept as a list of pairs."""

    def __init__(self) -> None:
        self._pairs: list[list[int]] = []

    def __len__(self) -> int:
        return len(self._pairs)

    def _index(self, key: int) -> int:
        for i, pair in enumerate(self._pairs):
            if pair[0] == key:
                return i
        return -1

    def get(self, key: int) -> int:
        i = self._index(key)
        return -1 if i == -1 else self._pairs[i][1]

    def put(self, key: int, value: int) -> None:
        i = self._index(key)
        if i == -1:
            self._pairs.append([key, value])
        else:
            self._pairs[i][1] = value

    def remove(self, key: int) -> None:
        i = self._index(key)
        if i != -1:
            # Move the last pair into the hole: O(1) once the key is found.
            self._pairs[i] = self._pairs[-1]
            self._pairs.pop()
