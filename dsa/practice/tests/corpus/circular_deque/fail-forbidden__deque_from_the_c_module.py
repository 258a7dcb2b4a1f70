"""Wraps the deque of the C module _collections, imported with __import__: fails, that name is replaced too.

``collections.deque`` is the class ``_collections`` defines; the grader
replaces it under both names (and ``queue.deque``) while the learner's code
runs, so importing the C module by a name the syntax check cannot see does
not help.
"""

from __future__ import annotations

_make = getattr(__import__("_coll" + "ections"), "deque")


class CircularDeque:
    """The values in a deque; the capacity checked before each push."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.values = _make()

    def push_front(self, value: int) -> bool:
        room = len(self.values) < self.capacity
        if room:
            self.values.appendleft(value)
        return room

    def push_back(self, value: int) -> bool:
        room = len(self.values) < self.capacity
        if room:
            self.values.append(value)
        return room

    def pop_front(self) -> bool:
        try:
            self.values.popleft()
        except IndexError:
            return False
        return True

    def pop_back(self) -> bool:
        had = bool(self.values)
        if had:
            self.values.pop()
        return had

    def front(self) -> int:
        try:
            return self.values[0]
        except IndexError:
            return -1

    def back(self) -> int:
        return self.values[-1] if len(self.values) else -1

    def is_empty(self) -> bool:
        return len(self.values) == 0

    def is_full(self) -> bool:
        return len(self.values) >= self.capacity

    def __len__(self) -> int:
        return len(self.values)
