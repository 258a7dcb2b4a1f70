"""SLOW: each word is compared with every group found so far.

Every word is checked against one representative of each group found so
far, sorting both to compare them.  With g groups that is O(n * g) sorts,
O(n^2) when most groups are small.
"""

from __future__ import annotations


def _are_anagrams(a: str, b: str) -> bool:
    return sorted(a) == sorted(b)


def group_anagrams(words: list[str]) -> list[list[str]]:
    """Return the words grouped so that each group holds one anagram class."""
    groups: list[list[str]] = []
    for word in words:
        for group in groups:
            if _are_anagrams(group[0], word):
                group.append(word)
                break
        else:
            groups.append([word])
    return groups
