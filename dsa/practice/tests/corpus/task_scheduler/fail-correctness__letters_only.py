"""Counts the labels in 26 slots indexed by letter, as if every label were one capital letter: the statement allows any string, and a label like "build" lands in the wrong slot or outside the table."""

from __future__ import annotations


def least_interval(tasks: list[str], cooldown: int) -> int:
    counts = [0] * 26
    for label in tasks:
        counts[ord(label[0]) - ord("A")] += 1  # the mistake: labels are not all letters
    most = max(counts)
    tied = counts.count(most)
    return max(len(tasks), (most - 1) * (cooldown + 1) + tied)
