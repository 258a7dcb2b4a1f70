"""Wraps the deque of the C module _collections, imported with __import__: fails, that name is replaced too.

``collections.deque`` is the class ``_collections`` defines; the grader
replaces it under both names (and ``queue.deque``) while the learner's code
runs, so importing the C module by a name the syntax check cannot see does
not help.
"""

from __future__ import annotations

_make = getattr(__import__("_coll" + "ections"), "deque")


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
