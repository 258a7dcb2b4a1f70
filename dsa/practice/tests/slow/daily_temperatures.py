"""SLOW: searches forward from every day for the first warmer one.

Right, and quick when warmer days come soon, but when the temperatures keep
falling every search runs to the end: n + (n - 1) + ... + 1 comparisons,
O(n**2).
"""

from __future__ import annotations


def daily_temperatures(temps: list[int]) -> list[int]:
    """For each day, scan the following days until one is warmer."""
    waits = [0] * len(temps)
    for day in range(len(temps)):
        for later in range(day + 1, len(temps)):
            if temps[later] > temps[day]:
                waits[day] = later - day
                break
    return waits
