"""Keeps the entries in a collections.UserDict: fails the rules.

``UserDict`` is not on the forbidden list by name, but it is a wrapper
around a real dict (its ``data``), which the storage scan reaches through
the wrapper and finds holding the learner's keys.
"""

import collections


class MyHashMap:
    def __init__(self):
        self.table = collections.UserDict()

    def put(self, key, value):
        self.table[key] = value

    def get(self, key):
        return self.table.get(key, -1)

    def remove(self, key):
        if key in self.table:
            del self.table[key]

    def __len__(self):
        return len(self.table)
