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
        if val in self.members:
            return False
        self.members.add(val)
        return True

    def remove(self, val: int) -> bool:
        if val not in self.members:
            return False
        self.members.remove(val)
        return True

    def get_random(self) -> int:
        return random.choice(list(self.members))  # O(n) per draw
