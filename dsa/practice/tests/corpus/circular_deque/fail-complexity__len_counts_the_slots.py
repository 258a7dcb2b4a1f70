"""A ring buffer whose __len__ counts the occupied slots instead of keeping a count: fails on time with a large capacity.

Every answer is right and every other operation is O(1), but len(d)
walks all the slots, which costs the capacity on each call; the grader's
operations call len as well as pushing and popping.
"""

from __future__ import annotations

_EMPTY = None


class CircularDeque:
    def __init__(self, capacity: int) -> None:
        self._slots = [_EMPTY] * capacity
        self._head = 0  # the slot of the front value
        self._tail = 0  # the slot after the back value
        self._count = 0

    def __len__(self) -> int:
        return sum(1 for slot in self._slots if slot is not _EMPTY)

    def is_empty(self) -> bool:
        return self._count == 0

    def is_full(self) -> bool:
        return self._count == len(self._slots)

    def _step(self, index: int, by: int) -> int:
        return (index + by) % len(self._slots)

    def push_front(self, value: int) -> bool:
        if self.is_full():
            return False
        self._head = self._step(self._head, -1)
        self._slots[self._head] = value
        self._count += 1
        return True

    def pop_front(self) -> bool:
        if self.is_empty():
            return False
        self._slots[self._head] = _EMPTY
        self._head = self._step(self._head, 1)
        self._count -= 1
        return True

    def push_back(self, value: int) -> bool:
        if self.is_full():
            return False
        self._slots[self._tail] = value
        self._tail = self._step(self._tail, 1)
        self._count += 1
        return True

    def pop_back(self) -> bool:
        if self.is_empty():
            return False
        self._tail = self._step(self._tail, -1)
        self._slots[self._tail] = _EMPTY
        self._count -= 1
        return True

    def front(self) -> int:
        return -1 if self.is_empty() else self._slots[self._head]

    def back(self) -> int:
        return -1 if self.is_empty() else self._slots[self._step(self._tail, -1)]
