"""WRONG: pours the incoming stack over whenever it holds values, even onto values still waiting in the outgoing one.

Newer values land on top of older ones: after ``push 1, push 2, pop`` (1),
``push 3`` and ``pop`` the 3 has been poured on top of the 2 and comes out
first.
"""

from __future__ import annotations


class MyQueue:
    """Two stacks, refilled at the wrong moment."""

    def __init__(self) -> None:
        self.back: list[int] = []  # newest on top
        self.front: list[int] = []  # oldest on top

    def empty(self) -> bool:
        return not (self.back or self.front)

    def push(self, value: int) -> None:
        self.back.append(value)

    def _pour(self) -> None:
        for _ in range(len(self.back)):  # the mistake: front may still hold older values
            self.front.append(self.back.pop())

    def pop(self) -> int:
        self._pour()
        return self.front.pop()

    def peek(self) -> int:
        value = self.pop()
        self.front.append(value)
        return value
