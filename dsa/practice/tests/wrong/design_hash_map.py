"""WRONG: ``remove`` empties the slot instead of leaving a tombstone.

Linear probing, like the reference, but a removal puts the slot back to
"empty".  A key that collided with the removed one and sits further along
the probe walk can then no longer be found: the walk stops at the new hole,
``get`` answers -1, and ``put`` stores the key a second time.
"""

from __future__ import annotations

from typing import Optional

_EMPTY = object()


class MyHashMap:
    """A map from int keys to int values (buggy removal)."""

    def __init__(self) -> None:
        self._keys: list[object] = [_EMPTY] * 8
        self._values: list[Optional[int]] = [None] * 8
        self._size = 0

    def __len__(self) -> int:
        return self._size

    def _slot(self, key: int) -> int:
        """The slot holding ``key``, or the empty slot where the walk stopped."""
        mask = len(self._keys) - 1
        i = hash(key) & mask
        while self._keys[i] is not _EMPTY and self._keys[i] != key:
            i = (i + 1) & mask
        return i

    def get(self, key: int) -> int:
        i = self._slot(key)
        return -1 if self._keys[i] is _EMPTY else self._values[i]  # type: ignore[return-value]

    def put(self, key: int, value: int) -> None:
        i = self._slot(key)
        if self._keys[i] is _EMPTY:
            if 3 * (self._size + 1) > 2 * len(self._keys):
                self._grow()
                i = self._slot(key)
            self._keys[i] = key
            self._size += 1
        self._values[i] = value

    def remove(self, key: int) -> None:
        i = self._slot(key)
        if self._keys[i] is not _EMPTY:
            self._keys[i] = _EMPTY  # the mistake: this cuts other keys' probe walks
            self._values[i] = None
            self._size -= 1

    def _grow(self) -> None:
        old = [(k, v) for k, v in zip(self._keys, self._values) if k is not _EMPTY]
        self._keys = [_EMPTY] * (2 * len(self._keys))
        self._values = [None] * len(self._keys)
        for key, value in old:
            i = self._slot(key)  # type: ignore[arg-type]
            self._keys[i] = key
            self._values[i] = value
