"""Leaves a hole where a member was removed and, when a draw lands on a hole, takes the next member after it: every draw is a member, but members just after a run of holes come up far too often, and the test of uniformity fails it."""

from __future__ import annotations

import random


class RandomizedSet:
    def __init__(self) -> None:
        self.slots: list = []
        self.where: dict[int, int] = {}

    def insert(self, val: int) -> bool:
        if self.where.setdefault(val, len(self.slots)) != len(self.slots):
            return False  # already a member: setdefault kept its place
        self.slots.append(val)
        return True

    def remove(self, val: int) -> bool:
        try:
            hole = self.where.pop(val)
        except KeyError:
            return False
        self.slots[hole] = None
        return True

    def get_random(self) -> int:
        i = random.randrange(len(self.slots))
        while self.slots[i] is None:  # the mistake: the member after a gap is favoured
            i = (i + 1) % len(self.slots)
        return self.slots[i]
