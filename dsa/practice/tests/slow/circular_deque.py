"""SLOW: correct but O(n) at the front: a growing list rebuilt on every front change.

The values live in an ordinary list, front first.  The back end is cheap
(``append`` and ``pop``), but ``push_front`` builds a new list,
``[value] + items``, and ``pop_front`` a new slice, ``items[1:]``: each
copies every value, O(n) for a deque holding n values.  Every answer is
right; only the front operations are slow.
"""

from __future__ import annotations

from typing import List


class CircularDeque:
    """A bounded deque on a plain list, copying it at every front change."""

    def __init__(self, capacity: int) -> None:
        self._capacity = capacity
        self._items: List[int] = []

    def push_front(self, value: int) -> bool:
        if self.is_full():
            return False
        self._items = [value] + self._items  # copies all n values
        return True

    def push_back(self, value: int) -> bool:
        if self.is_full():
            return False
        self._items.append(value)
        return True

    def pop_front(self) -> bool:
        if self.is_empty():
            return False
        self._items = self._items[1:]  # copies n - 1 values
        return True

    def pop_back(self) -> bool:
        if self.is_empty():
            return False
        del self._items[-1]
        return True

    def front(self) -> int:
        return -1 if self.is_empty() else self._items[0]

    def back(self) -> int:
        return -1 if self.is_empty() else self._items[-1]

    def is_empty(self) -> bool:
        return not self._items

    def is_full(self) -> bool:
        return len(self._items) >= self._capacity

    def __len__(self) -> int:
        return len(self._items)
