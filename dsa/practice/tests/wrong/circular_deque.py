"""WRONG: back() ignores the front index, as if the values started at slot 0.

Everything else is a correct ring buffer.  But ``back()`` reads
``slots[count - 1]``, which is right only while ``head == 0``: as long as
values are only pushed at the back.  The first ``push_front`` (or
``pop_front``) moves ``head``, and from then on ``back()`` reads the wrong
slot, often an empty one.
"""

from __future__ import annotations

from typing import List, Optional


class CircularDeque:
    """A ring-buffer deque whose back() forgets the wrap-around."""

    def __init__(self, capacity: int) -> None:
        self._slots: List[Optional[int]] = [None] * capacity
        self._head = 0
        self._count = 0

    def is_empty(self) -> bool:
        return not self._count

    def is_full(self) -> bool:
        return self._count >= len(self._slots)

    def __len__(self) -> int:
        return self._count

    def push_back(self, value: int) -> bool:
        if self.is_full():
            return False
        end = self._head + self._count
        if end >= len(self._slots):
            end -= len(self._slots)
        self._slots[end] = value
        self._count += 1
        return True

    def push_front(self, value: int) -> bool:
        if self.is_full():
            return False
        self._head -= 1
        if self._head < 0:  # wrap from slot 0 to the last slot
            self._head += len(self._slots)
        self._count += 1
        self._slots[self._head] = value
        return True

    def pop_front(self) -> bool:
        if self.is_empty():
            return False
        self._head += 1
        if self._head == len(self._slots):
            self._head = 0
        self._count -= 1
        return True

    def pop_back(self) -> bool:
        if self.is_empty():
            return False
        self._count -= 1
        return True

    def front(self) -> int:
        return -1 if self.is_empty() else self._slots[self._head]

    def back(self) -> int:
        if self.is_empty():
            return -1
        return self._slots[self._count - 1]  # bug: forgets to start from head
