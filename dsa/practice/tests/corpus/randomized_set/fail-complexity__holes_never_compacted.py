"""Leaves holes where members were removed and draws again until it hits a member: uniform, and quick while the list is mostly members, but with 64 members left among thousands of holes each draw needs dozens of tries, and the after-removals family fails it."""

from __future__ import annotations

import random


class RandomizedSet:
    def __init__(self) -> None:
        self.slots: list = []
        self.where: dict[int, int] = {}

    def insert(self, val: int) -> bool:
        if val in self.where:
            return False
        self.slots.append(val)
        self.where[val] = len(self.slots) - 1
        return True

    def remove(self, val: int) -> bool:
        position = self.where.pop(val, None)
        if position is None:
            return False
        self.slots[position] = None  # never compacted
        return True

    def get_random(self) -> int:
        while True:
            val = random.choice(self.slots)
            if val is not None:
                return val
