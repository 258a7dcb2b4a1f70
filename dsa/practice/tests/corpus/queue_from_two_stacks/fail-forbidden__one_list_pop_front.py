"""One list, appended at the end and popped at the front with pop(0): it reads like a queue, but pop with an index changes a list below its end (and shifts every other value, O(n)), so the source check refuses it.

pop(0) is a fast memmove in C, which timing alone would see only on very
long queues; the statement rules it out.
"""

from __future__ import annotations


class MyQueue:
    def __init__(self) -> None:
        self.values = []

    def push(self, value: int) -> None:
        self.values += [value]

    def pop(self) -> int:
        return self.values.pop(0)

    def peek(self) -> int:
        return self.values[0]

    def empty(self) -> bool:
        return len(self.values) == 0
