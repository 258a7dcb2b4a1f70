"""Builds a collections.deque through a computed name, which no syntax check can read: the tripwire refuses it when it runs, so the forbidden stage fails it.

The problem is about building the queue from two stacks.
"""

from __future__ import annotations

import importlib


class MyQueue:
    def __init__(self) -> None:
        kind = getattr(importlib.import_module("coll" + "ections"), "de" + "que")
        self.items = kind()

    def push(self, value: int) -> None:
        self.items.append(value)

    def pop(self) -> int:
        return self.items.popleft()

    def peek(self) -> int:
        return self.items[0]

    def empty(self) -> bool:
        return not self.items
