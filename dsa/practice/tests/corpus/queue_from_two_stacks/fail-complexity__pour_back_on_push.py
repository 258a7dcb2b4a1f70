"""Keeps every value in one stack at a time: pours into outgoing for pop and peek, and back into incoming for every push: right, and the lists change only at their end, but alternating pushes and pops pour the whole queue each time, O(n) per operation, so the growth check fails it.

A burst of pushes then a burst of pops would look fine.
"""

from __future__ import annotations


class MyQueue:
    def __init__(self) -> None:
        self.incoming = []
        self.outgoing = []

    @staticmethod
    def _pour(source, target) -> None:
        while source:
            target.append(source.pop())

    def push(self, value: int) -> None:
        self._pour(self.outgoing, self.incoming)
        self.incoming.append(value)

    def pop(self) -> int:
        self._pour(self.incoming, self.outgoing)
        return self.outgoing.pop()

    def peek(self) -> int:
        self._pour(self.incoming, self.outgoing)
        return self.outgoing[-1]

    def empty(self) -> bool:
        return not self.incoming and not self.outgoing
