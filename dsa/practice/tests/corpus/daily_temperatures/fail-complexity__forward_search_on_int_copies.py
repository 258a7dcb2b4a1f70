"""The forward search from every day, comparing int() copies of the temperatures: no comparison is counted, so the counts say nothing, but the time still grows like n**2 on cooling days, so the growth check fails it.

Counts only ever add evidence; time decides as well.
"""

from __future__ import annotations


def daily_temperatures(temps: list[int]) -> list[int]:
    plain = [int(t) for t in temps]
    waits = [0] * len(plain)
    for day, temp in enumerate(plain):
        for later in range(day + 1, len(plain)):
            if plain[later] > temp:
                waits[day] = later - day
                break
    return waits
