"""Builds a deque from the stand-in's base class, reached through importlib: fails, that base is the C module's deque, replaced too.

The stand-in for ``collections.deque`` is a subclass of what was there
before, so ``__bases__[0]`` looks like a way round it.  But the grader
replaces ``_collections.deque`` as well, and the base reached is that
stand-in: using it is recorded as a forbidden use.  (Reaching the real
class under both, ``__mro__[-2]``, is caught when the learner's objects
are searched.)
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
