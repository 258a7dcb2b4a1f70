"""SLOW: crosses each character of s off a list made from t.

Right, but ``list.remove`` searches the list from the front every time:
O(n) per character, O(n**2) in all, instead of the O(n) of a dict of
counts.  The search runs in C, so it only shows on longer strings.
"""

from __future__ import annotations


def is_anagram(s: str, t: str) -> bool:
    """Return True if t is an anagram of s, crossing characters off one by one."""
    if len(s) != len(t):
        return False
    left = list(t)
    for c in s:
        try:
            left.remove(c)  # a search from the front every time
        except ValueError:
            return False
    return True
