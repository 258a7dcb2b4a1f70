"""SLOW: counts each different character with its own pass over both strings.

Right, but ``s.count(c)`` and ``t.count(c)`` each read a whole string, once
per different character: O(n * k), which is O(n**2) when the characters are
all different.
"""

from __future__ import annotations


def is_anagram(s: str, t: str) -> bool:
    """Return True if t is an anagram of s, one character at a time."""
    if len(s) != len(t):
        return False
    return all(s.count(c) == t.count(c) for c in set(s))
