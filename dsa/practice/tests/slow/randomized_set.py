"""SLOW: a plain set, copied into a list at every draw.

insert and remove are O(1), and ``random.choice(list(self.members))`` is
uniform, but the copy costs O(n) at every ``get_random``.
"""

from __future__ import annotations

import random


class RandomizedSet:
    """A set that copies itself to draw a member."""

    def __init__(self) -> None:
        self.members: set[int] = set()

    def insert(self, val: int) -> bool:
        size = len(self.members)
        self.members.add(val)
        return len(self.members) > size

    def remove(self, val: int) -> bool:
        if val in self.members:
            self.members.discard(val)
            return True
        return False

    def get_random(self) -> int:
        return random.choice(list(self.members))  # O(n) per draw
