"""Walks from the last day with a stack of (temperature, day) pairs, dropping those not warmer than today: the stack built the other way round, O(n), so it passes.

Each day is pushed once and popped at most once, whichever way the walk goes.
"""

from __future__ import annotations


def daily_temperatures(temps: list[int]) -> list[int]:
    waits = [0] * len(temps)
    warmer = []  # (temperature, day), warmest at the bottom
    for day in range(len(temps) - 1, -1, -1):
        temp = temps[day]
        while warmer and not warmer[-1][0] > temp:
            warmer.pop()
        if warmer:
            waits[day] = warmer[-1][1] - day
        warmer.append((temp, day))
    return waits
