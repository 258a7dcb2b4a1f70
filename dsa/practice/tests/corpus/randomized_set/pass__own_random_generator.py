"""Draws with a random.Random() of its own, seeded by the system rather than by the check: its draws really are random, and the tests of uniformity (which fail an honest generator about once in a million) must pass it."""

from __future__ import annotations

import random


class RandomizedSet:
    def __init__(self) -> None:
        self.generator = random.Random()
        self.items: list[int] = []
        self.where: dict[int, int] = {}

    def insert(self, val: int) -> bool:
        size = len(self.items)
        if self.where.setdefault(val, size) < size:
            return False
        self.items.append(val)
        return True

    def remove(self, val: int) -> bool:
        position = self.where.pop(val, -1)
        if position < 0:
            return False
        last = self.items.pop()
        if last != val:
            self.items[position] = last
            self.where[last] = position
        return True

    def get_random(self) -> int:
        return self.items[self.generator.randrange(len(self.items))]
