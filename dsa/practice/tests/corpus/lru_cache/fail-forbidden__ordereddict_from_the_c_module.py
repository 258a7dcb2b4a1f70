"""Takes OrderedDict from the C module _collections instead of collections: fails as forbidden.

The tripwire replaces the class under every name a loaded module gives it,
``_collections.OrderedDict`` included, so building one is caught at once;
were it reached some other way, the storage scan would still find the
instance among the cache's objects.
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
