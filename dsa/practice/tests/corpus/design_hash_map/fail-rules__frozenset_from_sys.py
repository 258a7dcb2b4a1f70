"""Keeps the keys in a frozenset made from the type of sys.stdlib_module_names: fails the rules.

``frozenset`` is never named: its type comes from a frozenset the ``sys``
module happens to hold.  The values sit in a list of pairs, the keys'
presence in the frozenset; the storage scan finds the keys in it.
"""

import sys

FrozenSet = type(sys.stdlib_module_names)


class MyHashMap:
    def __init__(self):
        self.present = FrozenSet()
        self.pairs = []

    def put(self, key, value):
        if key in self.present:
            for pair in self.pairs:
                if pair[0] == key:
                    pair[1] = value
            return
        self.present = self.present.union((key,))
        self.pairs.append([key, value])

    def get(self, key):
        if key not in self.present:
            return -1
        for pair in self.pairs:
            if pair[0] == key:
                return pair[1]
        return -1

    def remove(self, key):
        if key in self.present:
            self.present = self.present.difference((key,))
            self.pairs = [pair for pair in self.pairs if pair[0] != key]

    def __len__(self):
        return len(self.pairs)
