"""Counts in a table of 26 slots indexed by ord(c) - ord("a"), as if only lowercase letters occurred: the statement allows any character, and "Tea" against "eat" (or any accent) breaks it."""

from __future__ import annotations


def is_anagram(s: str, t: str) -> bool:
    if len(s) != len(t):
        return False
    counts = [0] * 26
    for a, b in zip(s, t):
        counts[ord(a) - ord("a")] += 1  # the mistake: not every character is a to z
        counts[ord(b) - ord("a")] -= 1
    return not any(counts)
