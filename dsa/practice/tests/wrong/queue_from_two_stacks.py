"""WRONG: pours the incoming stack over whenever it holds values, even onto values still waiting in the outgoing one.

Newer values land on top of older ones: after ``push 1, push 2, pop`` (1),
``push 3`` and ``pop`` the 3 has been poured on top of the 2 and comes out
first.
"""

from __future__ import annotations


class MyQueue:
    """Two stacks, refilled at the wrong moment."""

    def __init__(self) -> None:
        self.incoming: list[int] = []
        self.outgoing: list[int] = []

    def push(self, value: int) -> None:
        self.incoming.append(value)

    def _refill(self) -> None:
        while self.incoming:  # the mistake: outgoing may still hold older values
            self.outgoing.append(self.incoming.pop())

    def pop(self) -> int:
        self._refill()
        return self.outgoing.pop()

    def peek(self) -> int:
        self._refill()
        return self.outgoing[-1]

    def empty(self) -> bool:
        return not self.incoming and not self.outgoing
