"""Searches forward from each day, but first skips the days no later day beats (a running maximum from the right): fast on random temperatures and on steady cooling, but a long cooling spell ending in one hot day makes every search run to the end, O(n**2), so the growth check fails it.

The shortcut helps only when a day has no answer at all.
"""

from __future__ import annotations


def daily_temperatures(temps: list[int]) -> list[int]:
    n = len(temps)
    hottest_after = [None] * n
    for day in range(n - 2, -1, -1):
        following = temps[day + 1]
        best = hottest_after[day + 1]
        hottest_after[day] = following if best is None or following > best else best
    waits = [0] * n
    for day in range(n - 1):
        if not hottest_after[day] > temps[day]:
            continue
        for later in range(day + 1, n):
            if temps[later] > temps[day]:
                waits[day] = later - day
                break
    return waits
