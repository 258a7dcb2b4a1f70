"""Stores each value as an attribute, named after its key, of a types.SimpleNamespace: fails the rules.

An object's attributes live in a dict; here the object is a
``SimpleNamespace`` from the standard library rather than one of the
learner's own, and the storage scan finds attributes named after the keys.
"""

import types


class MyHashMap:
    def __init__(self):
        self.box = types.SimpleNamespace()
        self.count = 0

    def put(self, key, value):
        name = str(key)
        if not hasattr(self.box, name):
            self.count += 1
        setattr(self.box, name, value)

    def get(self, key):
        return getattr(self.box, str(key), -1)

    def remove(self, key):
        if hasattr(self.box, str(key)):
            delattr(self.box, str(key))
            self.count -= 1

    def __len__(self):
        return self.count
