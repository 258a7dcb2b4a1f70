"""Keeps the front value in an attribute of its own while the outgoing stack is empty, so peek never pours: a known valid variant (the values still live in two lists, the front is a copy), so it passes.

Reading a list (here len() and truth tests) is allowed; only how lists change
is ruled.
"""

from __future__ import annotations


class MyQueue:
    def __init__(self) -> None:
        self.incoming = []
        self.outgoing = []
        self.front = None

    def push(self, value: int) -> None:
        if not self.incoming:
            self.front = value
        self.incoming.append(value)

    def pop(self) -> int:
        if not self.outgoing:
            while self.incoming:
                self.outgoing.append(self.incoming.pop())
        return self.outgoing.pop()

    def peek(self) -> int:
        if self.outgoing:
            return self.outgoing[len(self.outgoing) - 1]
        return self.front

    def empty(self) -> bool:
        return not self.incoming and not self.outgoing
