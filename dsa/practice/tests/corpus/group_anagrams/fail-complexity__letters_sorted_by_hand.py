"""Sorts each word's letters with an insertion sort written by hand: fails the complexity check.

Right, and one dict lookup per word, but the hand-made sort costs L**2 for
a word of L letters instead of L log L: the family of long words, whose
size is the length of the words, shows it.
"""


def _sorted_letters(word):
    letters = list(word)
    for i in range(1, len(letters)):
        j = i
        while j > 0 and letters[j - 1] > letters[j]:
            letters[j - 1], letters[j] = letters[j], letters[j - 1]
            j -= 1
    return "".join(letters)


def group_anagrams(words):
    groups = {}
    for word in words:
        groups.setdefault(_sorted_letters(word), []).append(word)
    return list(groups.values())
