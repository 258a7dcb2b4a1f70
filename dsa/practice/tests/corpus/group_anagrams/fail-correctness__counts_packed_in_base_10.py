"""Packs the letter counts into one number in base 10: fails the correctness check.

Right while every letter appears at most nine times, which the short random
inputs always satisfy.  Ten a's carry into the b digit and give "b"'s code:
a named edge case holds exactly that near miss (and the inputs at the
constraints' limits hold one for every base up to 100).
"""


def group_anagrams(words):
    groups = {}
    for word in words:
        code = 0
        for letter in word:
            code += 10 ** (ord(letter) - ord("a"))
        groups.setdefault(code, []).append(word)
    return list(groups.values())
