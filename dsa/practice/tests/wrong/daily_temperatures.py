"""WRONG: pops on `<=`, so an equally warm day counts as warmer.

The stack is right, the comparison is not strict: on ``[7, 7]`` the first
day gets the wait 1 instead of 0.
"""

from __future__ import annotations


def daily_temperatures(temps: list[int]) -> list[int]:
    """The monotonic stack with a non-strict comparison."""
    waits = [0] * len(temps)
    waiting: list[int] = []
    for day, temp in enumerate(temps):
        while waiting and temps[waiting[-1]] <= temp:  # the mistake: <= instead of <
            earlier = waiting.pop()
            waits[earlier] = day - earlier
        waiting.append(day)
    return waits
