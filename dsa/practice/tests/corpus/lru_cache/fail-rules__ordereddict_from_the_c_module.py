"""Takes OrderedDict from the C module _collections, where no tripwire sits: fails the rules.

The class is the real one, so it runs; but after each check the grader
looks through the cache for instances of the forbidden types, and finds an
``OrderedDict``.
"""

import _collections


class LRUCache:
    def __init__(self, capacity):
        self.capacity = capacity
        self.entries = _collections.OrderedDict()

    def get(self, key):
        if key not in self.entries:
            return -1
        self.entries.move_to_end(key)
        return self.entries[key]

    def put(self, key, value):
        if key in self.entries:
            self.entries.move_to_end(key)
        elif len(self.entries) == self.capacity:
            self.entries.popitem(last=False)
        self.entries[key] = value
