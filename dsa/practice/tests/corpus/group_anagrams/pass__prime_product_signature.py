"""Gives every letter a prime and signs a word with the product of its letters' primes: passes.

Unusual but right: a product of primes is the same exactly when the
letters and their counts are (factorisation into primes is unique), and
Python's integers never overflow.  No sorting, O(L) multiplications of
small numbers per word.
"""

PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
          73, 79, 83, 89, 97, 101]


def group_anagrams(words):
    groups = {}
    for word in words:
        signature = 1
        for letter in word:
            signature *= PRIMES[ord(letter) - ord("a")]
        groups.setdefault(signature, []).append(word)
    return list(groups.values())
