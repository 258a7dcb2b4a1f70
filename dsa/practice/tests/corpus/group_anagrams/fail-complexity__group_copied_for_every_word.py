"""Adds a word to its group with groups[s] = groups.get(s, []) + [word]: fails the complexity check.

Each addition copies the whole group.  With many small groups that costs
nothing, but when all the words are anagrams of one another the copies add
up to n**2 / 2: the one-big-group family shows it.
"""


def group_anagrams(words):
    groups = {}
    for word in words:
        signature = "".join(sorted(word))
        groups[signature] = groups.get(signature, []) + [word]
    return list(groups.values())
