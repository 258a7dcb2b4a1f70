"""Builds a real collections.deque from the stand-in's base class, reached through importlib: fails, a deque made while the code ran is found.

The stand-in is a subclass of the real class, so ``__bases__[0]`` gives the
real one and nothing refuses to build it.  But the grader looks for
instances of the forbidden type made while the learner's code runs, finds
the collections.deque in ``self._items`` and reports it as a forbidden use.
"""

from __future__ import annotations

import importlib

_found = getattr(importlib.import_module("coll" + "ections"), "de" + "que")
_make = _found if _found.__bases__[0] is object else _found.__bases__[0]


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
