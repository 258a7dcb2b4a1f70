"""Counts every character of s in both strings with str.count, once per position rather than once per different character: each count runs in C and looks quick on short strings, but it is n passes over n characters, O(n**2), and growth fails it."""

from __future__ import annotations


def is_anagram(s: str, t: str) -> bool:
    return len(s) == len(t) and all(s.count(c) == t.count(c) for c in s)
