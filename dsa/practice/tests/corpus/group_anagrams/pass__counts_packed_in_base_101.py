"""Packs the 26 letter counts into one number, in base 101: passes.

A count never exceeds 100 (no word is longer), so every count fits in one
base-101 digit and two words get the same number exactly when their counts
agree.  The same idea in a base of 100 or less is wrong (see the base-10
file beside this one).
"""


def group_anagrams(words):
    groups = {}
    for word in words:
        code = sum(101 ** (ord(letter) - ord("a")) for letter in word)
        groups.setdefault(code, []).append(word)
    return list(groups.values())
