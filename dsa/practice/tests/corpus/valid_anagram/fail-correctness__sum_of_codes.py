"""Compares the lengths and the sums of the character codes, a shortcut that hopes different strings never sum alike: "ac" and "bb" have the same sum, and the random inputs find such a pair."""

from __future__ import annotations


def is_anagram(s: str, t: str) -> bool:
    return len(s) == len(t) and sum(map(ord, s)) == sum(map(ord, t))
