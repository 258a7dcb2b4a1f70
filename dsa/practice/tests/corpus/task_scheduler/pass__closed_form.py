"""Counts the labels and uses the closed form max(N, (f - 1) * (cooldown + 1) + c): O(N) and no heap at all, so it passes."""

from __future__ import annotations

from collections import Counter


def least_interval(tasks: list[str], cooldown: int) -> int:
    counts = Counter(tasks).values()
    most = max(counts)
    tied = sum(1 for count in counts if count == most)
    return max(len(tasks), (most - 1) * (cooldown + 1) + tied)
