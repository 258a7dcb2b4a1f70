"""Crosses each character of s off a list made from t with list.remove: the scan is done in C and looks quick on short strings, but on a string and its reverse each removal walks to the far end, O(n**2), and growth fails it."""

from __future__ import annotations


def is_anagram(s: str, t: str) -> bool:
    if len(s) != len(t):
        return False
    left = list(t)
    for c in s:
        try:
            left.remove(c)  # a scan from the front every time
        except ValueError:
            return False
    return True
