"""Returns an int subclass whose == is always True: fails, the answer is not a plain int.

Whatever the grid, the "distance" claims to equal the expected one.  The
grader never compares the learner's objects: the answer is turned into
plain data first, and an int that redefines == is refused there.
"""

from __future__ import annotations


class _Agreeable(int):
    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = int.__hash__


def shortest_path(grid: list[str]) -> int:
    return _Agreeable(0)
