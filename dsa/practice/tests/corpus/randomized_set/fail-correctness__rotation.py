"""Hands out the members in turn, one after the other: over many draws each comes up equally often, but the pairs of consecutive draws follow a fixed pattern, and the test of pairs fails it."""

from __future__ import annotations


class RandomizedSet:
    def __init__(self) -> None:
        self.items: list[int] = []
        self.where: dict[int, int] = {}
        self.turn = 0

    def insert(self, val: int) -> bool:
        if val in self.where:
            return False
        self.where[val] = len(self.items)
        self.items.append(val)
        return True

    def remove(self, val: int) -> bool:
        if val not in self.where:
            return False
        position = self.where.pop(val)
        last = self.items.pop()
        if position < len(self.items):
            self.items[position] = last
            self.where[last] = position
        return True

    def get_random(self) -> int:
        self.turn = (self.turn + 1) % len(self.items)  # not random at all
        return self.items[self.turn]
