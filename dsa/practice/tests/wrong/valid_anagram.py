"""WRONG: compares the sets of characters (and the lengths), not the counts.

Equal sets say that the same characters occur, not that each occurs as
often: ``"aab"`` and ``"abb"`` have the same length and the same set
``{"a", "b"}`` but are not anagrams.
"""

from __future__ import annotations


def is_anagram(s: str, t: str) -> bool:
    """Return True if s and t look alike (but counts are ignored)."""
    return len(s) == len(t) and set(s) == set(t)  # the mistake: no counts
