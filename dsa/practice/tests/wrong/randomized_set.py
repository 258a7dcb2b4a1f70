"""WRONG: moves the last member into the removed one's place but forgets to
record its new position.

The dict still says the moved member sits at the end, a slot that no longer
exists or belongs to another member.  After ``insert 1, 2, 3``, ``remove 1``
moves 3 to position 0 but ``where[3]`` stays 2; ``remove 3`` then pops the
wrong item and leaves 3 in the list, so ``get_random`` can return 3.
"""

from __future__ import annotations

import random


class RandomizedSet:
    """A randomized set whose positions go stale after a removal (buggy)."""

    def __init__(self) -> None:
        self.items: list[int] = []
        self.where: dict[int, int] = {}

    def insert(self, val: int) -> bool:
        new = val not in self.where
        if new:
            self.where[val] = len(self.items)
            self.items.append(val)
        return new

    def remove(self, val: int) -> bool:
        if val not in self.where:
            return False
        position = self.where.pop(val)
        self.items[position] = self.items[-1]  # the mistake: where[that member] is not updated
        self.items.pop()
        return True

    def get_random(self) -> int:
        return random.choice(self.items)
