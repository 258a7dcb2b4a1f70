"""Loads sortedcontainers through importlib under a built-up name and keeps the members in its SortedList, which the syntax check cannot see: the tripwire on SortedList catches it when the code runs."""

from __future__ import annotations

import importlib
import random


class RandomizedSet:
    def __init__(self) -> None:
        package = importlib.import_module("sorted" + "containers")
        self.members = package.SortedList()

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
        return self.members[random.randrange(len(self.members))]
