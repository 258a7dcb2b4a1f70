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

    def push_front(self, value: int) -> bool:
        if self._count == len(self._slots):
            return False
        self._head = (self._head - 1) % len(self._slots)
        self._slots[self._head] = value
        self._count += 1
        return True

    def push_back(self, value: int) -> bool:
        if self._count == len(self._slots):
            return False
        self._slots[(self._head + self._count) % len(self._slots)] = value
        self._count += 1
        return True

    def pop_front(self) -> bool:
        if self._count == 0:
            return False
        self._slots[self._head] = None
        self._head = (self._head + 1) % len(self._slots)
        self._count -= 1
        return True

    def pop_back(self) -> bool:
        if self._count == 0:
            return False
        self._count -= 1
        self._slots[(self._head + self._count) % len(self._slots)] = None
        return True

    def front(self) -> int:
        return -1 if self._count == 0 else self._slots[self._head]

    def back(self) -> int:
        if self._count == 0:
            return -1
        return self._slots[self._count - 1]  # bug: forgets to start from head

    def is_empty(self) -> bool:
        return self._count == 0

    def is_full(self) -> bool:
        return self._count == len(self._slots)

    def __len__(self) -> int:
        return self._count
