"""Two stacks, but peek looks at the top of the incoming stack when the outgoing one is empty: that is the newest value, not the oldest, so correctness fails on a small case.

pop pours as it should, so pops alone would pass.
"""

from __future__ import annotations


class MyQueue:
    def __init__(self) -> None:
        self.incoming = []
        self.outgoing = []

    def push(self, value: int) -> None:
        self.incoming.append(value)

    def pop(self) -> int:
        if self.outgoing:
            return self.outgoing.pop()
        while len(self.incoming) > 1:  # all but the oldest, which is the answer
            self.outgoing.append(self.incoming.pop())
        return self.incoming.pop()

    def peek(self) -> int:
        if self.outgoing:
            return self.outgoing[-1]
        return self.incoming[-1]

    def empty(self) -> bool:
        return not self.incoming and not self.outgoing
