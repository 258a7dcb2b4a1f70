"""Turns both strings into lists and compares list.count of every character, once per position: each count runs in C and looks quick on short strings, but it is n passes over n characters, O(n**2), and growth fails it."""

from __future__ import annotations


def is_anagram(s: str, t: str) -> bool:
    if len(s) != len(t):
        return False
    first, second = list(s), list(t)
    return all(first.count(c) == second.count(c) for c in first)
