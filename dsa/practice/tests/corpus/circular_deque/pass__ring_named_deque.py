"""A ring buffer whose list of slots is called self.deque: passes, the attribute is the file's own name.

The syntax check follows the imports: ``self.deque`` is an attribute of the
learner's object, not ``collections.deque``, which this file never imports.
Every operation is a few steps of index arithmetic: O(1).
"""

from __future__ import annotations


class CircularDeque:
    def __init__(self, capacity: int) -> None:
        self.deque = [0] * capacity
        self.head = 0
        self.size = 0

    def push_front(self, value: int) -> bool:
        if self.size == len(self.deque):
            return False
        self.head = (self.head - 1) % len(self.deque)
        self.deque[self.head] = value
        self.size += 1
        return True

    def push_back(self, value: int) -> bool:
        if self.size == len(self.deque):
            return False
        self.deque[(self.head + self.size) % len(self.deque)] = value
        self.size += 1
        return True

    def pop_front(self) -> bool:
        if not self.size:
            return False
        self.head = (self.head + 1) % len(self.deque)
        self.size -= 1
        return True

    def pop_back(self) -> bool:
        if not self.size:
            return False
        self.size -= 1
        return True

    def front(self) -> int:
        return self.deque[self.head] if self.size else -1

    def back(self) -> int:
        return self.deque[(self.head + self.size - 1) % len(self.deque)] if self.size else -1

    def is_empty(self) -> bool:
        return not self.size

    def is_full(self) -> bool:
        return self.size == len(self.deque)

    def __len__(self) -> int:
        return self.size
