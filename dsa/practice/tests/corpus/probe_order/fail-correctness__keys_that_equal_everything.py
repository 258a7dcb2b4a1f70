"""Returns ints whose == always says yes, every one holding the first key: fails.

Each item claims to equal whatever it is compared with, so a check that
trusted ``==`` would see a permutation.  The grader reads the numbers they
really hold: the first key, over and over.
"""

from __future__ import annotations


def _agree(self: int, other: object) -> bool:
    return True


def _differ(self: int, other: object) -> bool:
    return False


Agreeable = type("Agreeable", (int,), {"__eq__": _agree, "__ne__": _differ,
                                       "__hash__": int.__hash__})


def insertion_order(keys: list[int], counts: list[int], capacity: int) -> list[int]:
    return [Agreeable(keys[0]) for _ in keys] if keys else []
