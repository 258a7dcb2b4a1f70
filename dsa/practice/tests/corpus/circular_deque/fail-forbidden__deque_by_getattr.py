"""Wraps collections.deque, fetched with getattr and a name built at run time: fails, the deque is replaced while the code runs.

The syntax check cannot read ``getattr(collections, "de" + "que")``, but
while the learner's code runs ``collections.deque`` is a stand-in that
refuses to be built, and using it is recorded.
"""

from __future__ import annotations

import collections

_make = getattr(collections, "de" + "que")


class CircularDeque:
    """A deque bounded by ``maxlen``, refusing a push when it is full."""

    def __init__(self, capacity: int) -> None:
        self._items = _make(maxlen=capacity)

    def _push(self, method: str, value: int) -> bool:
        if self.is_full():
            return False
        getattr(self._items, method)(value)
        return True

    def _pop(self, method: str) -> bool:
        if self.is_empty():
            return False
        getattr(self._items, method)()
        return True

    def _peek(self, end: int) -> int:
        return -1 if self.is_empty() else self._items[end]

    def push_front(self, value: int) -> bool:
        return self._push("appendleft", value)

    def push_back(self, value: int) -> bool:
        return self._push("append", value)

    def pop_front(self) -> bool:
        return self._pop("popleft")

    def pop_back(self) -> bool:
        return self._pop("pop")

    def front(self) -> int:
        return self._peek(0)

    def back(self) -> int:
        return self._peek(-1)

    def is_empty(self) -> bool:
        return len(self) == 0

    def is_full(self) -> bool:
        return len(self) == self._items.maxlen

    def __len__(self) -> int:
        return len(self._items)
