"""Runs the first label allowed to run rather than the one with the most copies left: often right, but on ["x", "y", "y", "y"] with cooldown 1 it starts with x and needs 6 units instead of 5."""

from __future__ import annotations

from collections import Counter


def least_interval(tasks: list[str], cooldown: int) -> int:
    left = Counter(tasks)
    labels = list(left)  # in the order they first appear
    next_allowed = dict.fromkeys(labels, 0)
    remaining, time = len(tasks), 0
    while remaining:
        for label in labels:
            if left[label] and next_allowed[label] <= time:  # the mistake: not the most left
                left[label] -= 1
                remaining -= 1
                next_allowed[label] = time + cooldown + 1
                break
        time += 1
    return time
