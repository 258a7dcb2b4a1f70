"""Returns the positions each value should take instead of the values in list order: fails.

``[2, 0, 1]`` for "value 0 goes to position 2, ..." is an easy slip; the
grader wants the list itself, front to back, and says which value is
missing.
"""

from __future__ import annotations


def list_order(values: list[int], counts: list[int]) -> list[int]:
    n = len(values)

    def cost(i: int) -> int:
        first, last = (0, i) if i <= n - 1 - i else (i, n - 1)
        return (24 * last + 23) // 64 - (24 * first) // 64 + 1

    hottest = sorted(range(n), key=counts.__getitem__, reverse=True)
    where = [0] * n
    for position, k in zip(sorted(range(n), key=cost), hottest):
        where[k] = position
    return where
