"""SLOW: pours everything over for each pop or peek, then pours it all back.

All values live in the incoming stack between operations, so every pop and
peek moves the whole queue twice: O(n) each, O(n**2) for n operations when
the queue stays long.
"""

from __future__ import annotations


class MyQueue:
    """Two stacks, with the values poured back and forth every time."""

    def __init__(self) -> None:
        self.incoming: list[int] = []
        self.outgoing: list[int] = []

    def push(self, value: int) -> None:
        self.incoming.append(value)

    def _front(self, remove: bool) -> int:
        while self.incoming:
            self.outgoing.append(self.incoming.pop())
        value = self.outgoing.pop() if remove else self.outgoing[-1]
        while self.outgoing:  # back again, every time
            self.incoming.append(self.outgoing.pop())
        return value

    def pop(self) -> int:
        return self._front(True)

    def peek(self) -> int:
        return self._front(False)

    def empty(self) -> bool:
        return not self.incoming
