"""A queue from two stacks: pour one into the other only when it runs dry.

The idea
--------
A stack gives values back newest first; a queue must give them oldest
first.  Popping every value off one stack and pushing it onto another
reverses their order, so the oldest value ends on top.  Keep two lists:

* ``incoming``: ``push`` appends here, always;
* ``outgoing``: its top (``outgoing[-1]``) is the front of the queue.

``pop`` and ``peek`` look at ``outgoing``.  Only when it is empty do they
pour all of ``incoming`` into it (pop from one, append to the other).
While ``outgoing`` holds values they are all older than anything in
``incoming``, so its top really is the front.

Why it is correct
-----------------
At every moment the queue, front to back, is ``outgoing`` read from its top
down followed by ``incoming`` read from its bottom up.  ``push`` adds at the
end of that order; taking ``outgoing``'s top removes its start; pouring
when ``outgoing`` is empty turns ``incoming`` upside down into it, which
keeps the order the same.  So every answer is the queue's.

Cost
----
A single ``pop`` can pour n values, but each value is poured at most once:
it is appended to ``incoming`` once, moved to ``outgoing`` once and popped
once.  n operations therefore do O(n) work: O(1) amortised each.  Memory is
the values held, once.

The classic pitfalls
--------------------
Pouring back after every ``pop`` or ``peek`` (so that ``incoming`` always
holds everything) makes each of them O(n): n operations O(n**2).  Pouring
while ``outgoing`` still holds values puts newer values above older ones
and breaks the order.  And ``list.pop(0)`` on a single list looks like a
queue, but shifts every remaining value on each call.
"""

from __future__ import annotations


class MyQueue:
    """First in, first out, on two stacks."""

    def __init__(self) -> None:
        """An empty queue."""
        self.incoming: list[int] = []  # newest on top
        self.outgoing: list[int] = []  # oldest on top

    def push(self, value: int) -> None:
        """Add ``value`` at the back."""
        self.incoming.append(value)

    def _refill(self) -> None:
        """When ``outgoing`` is empty, pour ``incoming`` into it."""
        if not self.outgoing:
            while self.incoming:
                self.outgoing.append(self.incoming.pop())

    def pop(self) -> int:
        """Remove and return the front value (the queue is not empty)."""
        self._refill()
        return self.outgoing.pop()

    def peek(self) -> int:
        """The front value, left in place (the queue is not empty)."""
        self._refill()
        return self.outgoing[-1]

    def empty(self) -> bool:
        """True when the queue holds no values."""
        return not self.incoming and not self.outgoing
