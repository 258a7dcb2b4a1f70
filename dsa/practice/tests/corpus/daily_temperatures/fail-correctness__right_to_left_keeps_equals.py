"""The stack walked from the right, popping only cooler days (< instead of <=): a day as warm as the current one stays on the stack and is taken as its answer, so correctness fails on a small case.

From the right, the stack must drop every day that is not warmer.
"""

from __future__ import annotations


def daily_temperatures(temps: list[int]) -> list[int]:
    waits = [0] * len(temps)
    stack = []
    for day in range(len(temps) - 1, -1, -1):
        while stack and temps[stack[-1]] < temps[day]:
            stack.pop()
        if stack:
            waits[day] = stack[-1] - day
        stack.append(day)
    return waits
