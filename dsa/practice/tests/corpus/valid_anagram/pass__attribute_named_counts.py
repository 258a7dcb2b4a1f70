"""Keeps its counts in a small class of its own with an attribute called dict_of_counts: ordinary code with ordinary names, so it passes."""

from __future__ import annotations


class Tally:
    def __init__(self) -> None:
        self.dict_of_counts: dict[str, int] = {}

    def add(self, c: str, step: int) -> None:
        self.dict_of_counts[c] = self.dict_of_counts.get(c, 0) + step

    def balanced(self) -> bool:
        return all(count == 0 for count in self.dict_of_counts.values())


def is_anagram(s: str, t: str) -> bool:
    if len(s) != len(t):
        return False
    tally = Tally()
    for a, b in zip(s, t):
        tally.add(a, 1)
        tally.add(b, -1)
    return tally.balanced()
