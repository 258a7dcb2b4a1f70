"""WRONG: the signature is the *set* of letters.

A set forgets how many times each letter appears, so ``"a"`` and ``"aa"``,
or ``"aab"`` and ``"abb"``, end up in one group although they are not
anagrams.
"""

from __future__ import annotations


def group_anagrams(words: list[str]) -> list[list[str]]:
    """Group the words by their letters (buggy: letter counts are ignored)."""
    groups: dict[str, list[str]] = {}
    for word in words:
        signature = "".join(sorted(set(word)))  # the mistake: counts are lost
        groups.setdefault(signature, []).append(word)
    return list(groups.values())
