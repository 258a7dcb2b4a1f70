"""Keeps the signatures in a list and finds a word's group with list.index: fails the complexity check.

``index`` scans the list: O(number of groups) per word, which is O(1) when
there is one big group and O(n) with many small groups, n**2 in all.
"""


def group_anagrams(words):
    signatures = []
    groups = []
    for word in words:
        signature = "".join(sorted(word))
        if signature in signatures:
            groups[signatures.index(signature)].append(word)
        else:
            signatures.append(signature)
            groups.append([word])
    return groups
