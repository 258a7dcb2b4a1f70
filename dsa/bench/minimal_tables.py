"""The plainest hash tables that work, one of each kind, as a yardstick.

``python -m dsa.bench hashtable`` times the textbook tables of
:mod:`dsa.hashtable` beside these, so a learner sees what the teaching
features cost (insertion order, views, the guards against ``==`` changing
the table, stats, resize events, the mixing against patterned keys): a few
dozen plain lines each, ``hash() & mask`` to a slot, ``is`` then ``==``,
doubling at the same load as the textbook table of the same kind.  No
deletion, no order, no views: not a dict, only its four hot operations.
"""

from __future__ import annotations

from typing import Any

__all__ = ["MinimalChained", "MinimalOpen"]


class MinimalChained:
    """Separate chaining: a list of ``[key, value]`` pairs per slot."""

    def __init__(self) -> None:
        self._buckets: list = [[] for _ in range(8)]
        self._mask = 7
        self._size = 0

    def __getitem__(self, key: Any) -> Any:
        for pair in self._buckets[hash(key) & self._mask]:
            if pair[0] is key or pair[0] == key:
                return pair[1]
        raise KeyError(key)

    def __contains__(self, key: Any) -> bool:
        for pair in self._buckets[hash(key) & self._mask]:
            if pair[0] is key or pair[0] == key:
                return True
        return False

    def __setitem__(self, key: Any, value: Any) -> None:
        bucket = self._buckets[hash(key) & self._mask]
        for pair in bucket:
            if pair[0] is key or pair[0] == key:
                pair[1] = value
                return
        bucket.append([key, value])
        self._size += 1
        if self._size > 0.75 * len(self._buckets):
            old = self._buckets
            self._buckets = [[] for _ in range(2 * len(old))]
            self._mask = len(self._buckets) - 1
            for bucket in old:
                for pair in bucket:
                    self._buckets[hash(pair[0]) & self._mask].append(pair)


_EMPTY = object()


class MinimalOpen:
    """Linear probing: parallel arrays of keys and values."""

    def __init__(self) -> None:
        self._keys: list = [_EMPTY] * 8
        self._values: list = [None] * 8
        self._mask = 7
        self._size = 0

    def _slot(self, key: Any) -> int:
        """The slot holding ``key``, or the empty slot where it would go."""
        keys, mask = self._keys, self._mask
        i = hash(key) & mask
        k = keys[i]
        while k is not _EMPTY and k is not key and k != key:
            i = (i + 1) & mask
            k = keys[i]
        return i

    def __getitem__(self, key: Any) -> Any:
        i = self._slot(key)
        if self._keys[i] is _EMPTY:
            raise KeyError(key)
        return self._values[i]

    def __contains__(self, key: Any) -> bool:
        return self._keys[self._slot(key)] is not _EMPTY

    def __setitem__(self, key: Any, value: Any) -> None:
        i = self._slot(key)
        self._values[i] = value
        if self._keys[i] is _EMPTY:
            self._keys[i] = key
            self._size += 1
            if self._size > 2 / 3 * len(self._keys):
                keys, values = self._keys, self._values
                self._keys = [_EMPTY] * (2 * len(keys))
                self._values = [None] * (2 * len(keys))
                self._mask = len(self._keys) - 1
                for k, v in zip(keys, values):
                    if k is not _EMPTY:
                        j = self._slot(k)
                        self._keys[j], self._values[j] = k, v
