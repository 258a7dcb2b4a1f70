"""Hands out the members in turn, one after the other: over many draws each comes up equally often, but the pairs of consecutive draws follow a fixed pattern, and the test of pairs fails it."""

from __future__ import annotations


class RandomizedSet:
    def __init__(self) -> None:
        self.items: list[int] = []
        self.where: dict[int, int] = {}
        self.turn = 0

    def insert(self, val: int) -> bool:
        if self.where.get(val) is not None:
            return False
        self.items.append(val)
        self.where[val] = len(self.items) - 1
        return True

    def remove(self, val: int) -> bool:
        if val not in self.where:
            return False
        last = self.items[-1]  # moved into val's place (val itself when it is last)
        self.items[self.where[val]] = last
        self.where[last] = self.where[val]
        del self.where[val]
        self.items.pop()
        return True

    def get_random(self) -> int:
        self.turn = (self.turn + 1) % len(self.items)  # not random at all
        return self.items[self.turn]
