"""Wraps each list in a small Stack class of its own and names the attributes deque and queue: honest code (the names are the learner's own, not collections.deque or the queue module), so it passes.

The lists sit inside objects of the learner's own class, where the grader
finds them.
"""

from __future__ import annotations


class Stack:
    def __init__(self) -> None:
        self.items = []

    def push(self, value: int) -> None:
        self.items.append(value)

    def pop(self) -> int:
        return self.items.pop()

    def top(self) -> int:
        return self.items[-1]

    def __len__(self) -> int:
        return len(self.items)


class MyQueue:
    def __init__(self) -> None:
        self.queue = Stack()  # newest on top
        self.deque = Stack()  # oldest on top

    def _turn(self) -> None:
        if not len(self.deque):
            while len(self.queue):
                self.deque.push(self.queue.pop())

    def push(self, value: int) -> None:
        self.queue.push(value)

    def pop(self) -> int:
        self._turn()
        return self.deque.pop()

    def peek(self) -> int:
        self._turn()
        return self.deque.top()

    def empty(self) -> bool:
        return not len(self.queue) and not len(self.deque)
