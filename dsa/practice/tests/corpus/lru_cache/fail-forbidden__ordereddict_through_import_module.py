"""Reaches OrderedDict through importlib with its names spelled in pieces: fails at the forbidden stage.

The syntax check sees no ``OrderedDict``, but the class the code reaches at
run time is the grader's tripwire, which refuses to run and records the use.
"""

import importlib


class LRUCache:
    def __init__(self, capacity):
        module = importlib.import_module("coll" + "ections")
        self.capacity = capacity
        self.entries = getattr(module, "Ordered" + "Dict")()

    def get(self, key):
        if key in self.entries:
            self.entries.move_to_end(key)
            return self.entries[key]
        return -1

    def put(self, key, value):
        self.entries[key] = value
        self.entries.move_to_end(key)
        if len(self.entries) > self.capacity:
            self.entries.popitem(last=False)
