"""Group anagrams: one dict keyed by a spelling every anagram shares.

The idea
--------
Two words are anagrams exactly when they use the same letters the same
number of times.  So give every word a *signature* that depends only on its
multiset of letters, and put words with equal signatures in the same group.
Sorting the letters is the simplest signature: ``"tea"``, ``"eat"`` and
``"ate"`` all sort to ``"aet"``.  A dict from signature to group then builds
all the groups in one pass.

Why it is correct
-----------------
Sorting keeps every letter with its count and forgets only the order, so two
words get the same signature if and only if one is a rearrangement of the
other.  Each word is appended to exactly one group, so every word, repeats
included, appears exactly once in the answer.  The empty word has the empty
signature and forms its own group.

Complexity
----------
For n words of length at most L: sorting each word costs O(L log L), the
dict lookup O(L) to hash the signature, so O(n * L log L) in all, and O(n * L)
space for the groups and signatures.  Counting letters instead of sorting
them (a tuple of 26 counts as the signature) brings the time down to
O(n * L).

The classic pitfall
-------------------
A signature that forgets how many times a letter appears, such as the *set*
of letters: ``"aab"`` and ``"abb"`` (or ``"a"`` and ``"aa"``) would land in
the same group although they are not anagrams.  Comparing every new word with
every existing group is correct but O(n^2) comparisons when most groups are
small; the dict is what makes one lookup enough.
"""

from __future__ import annotations


def group_anagrams(words: list[str]) -> list[list[str]]:
    """Return the words grouped so that each group holds one anagram class."""
    groups: dict[str, list[str]] = {}  # signature -> the words that have it
    for word in words:
        signature = "".join(sorted(word))  # letters with their counts, order forgotten
        groups.setdefault(signature, []).append(word)
    return list(groups.values())
