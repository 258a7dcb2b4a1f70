"""Wraps collections.deque, fetched with getattr and a name built at run time: fails, the deque is replaced while the code runs.

The syntax check cannot read ``getattr(collections, "de" + "que")``, but
while the learner's code runs ``collections.deque`` is a stand-in that
refuses to be built, and using it is recorded.
"""

from __future__ import annotations

import collections

_make = getattr(collections, "de" + "que")


class CircularDeque:
    """Every operation handed to a deque of at most ``capacity`` values."""

    def __init__(self, capacity: int) -> None:
        self._items, self._capacity = _make(), capacity

    def push_front(self, value: int) -> bool:
        return len(self._items) < self._capacity and not self._items.appendleft(value)

    def push_back(self, value: int) -> bool:
        return len(self._items) < self._capacity and not self._items.append(value)

    def pop_front(self) -> bool:
        return bool(self._items) and self._items.popleft() is not self

    def pop_back(self) -> bool:
        return bool(self._items) and self._items.pop() is not self

    def front(self) -> int:
        return self._items[0] if self._items else -1

    def back(self) -> int:
        return self._items[-1] if self._items else -1

    def is_empty(self) -> bool:
        return not self._items

    def is_full(self) -> bool:
        return len(self._items) == self._capacity

    def __len__(self) -> int:
        return len(self._items)
