"""One list that is never popped, and the index of the front value: O(1) per operation and right answers, but values already taken out stay in the list, which is no stack, so the rules stage fails it.

After every operation the grader compares the lists the queue holds with
the queue itself.
"""

from __future__ import annotations


class MyQueue:
    def __init__(self) -> None:
        self.values = []
        self.head = 0

    def push(self, value: int) -> None:
        self.values.append(value)

    def pop(self) -> int:
        value = self.values[self.head]
        self.head += 1
        return value

    def peek(self) -> int:
        return self.values[self.head]

    def empty(self) -> bool:
        return self.head == len(self.values)
