"""Leaves a hole where a member was removed and, when a draw lands on a hole, takes the next member after it: every draw is a member, but members just after a run of holes come up far too often, and the test of uniformity fails it."""

from __future__ import annotations

import random


class RandomizedSet:
    def __init__(self) -> None:
        self.slots: list = []
        self.where: dict[int, int] = {}

    def insert(self, val: int) -> bool:
        if val in self.where:
            return False
        self.where[val] = len(self.slots)
        self.slots.append(val)
        return True

    def remove(self, val: int) -> bool:
        if val not in self.where:
            return False
        self.slots[self.where.pop(val)] = None  # a hole
        return True

    def get_random(self) -> int:
        i = random.randrange(len(self.slots))
        while self.slots[i] is None:  # the mistake: the member after a gap is favoured
            i = (i + 1) % len(self.slots)
        return self.slots[i]
