"""A plain dict as the order of use: pop and re-insert on every use, next(iter(d)) to evict: fails the rules.

Right and O(1), but the dict's insertion order does all the work an
OrderedDict would: the statement asks for the order to be built by hand.
The grader looks through the cache after small cases and finds a dict whose
keys are the cached keys in their order of use.
"""


class LRUCache:
    def __init__(self, capacity):
        self.capacity = capacity
        self.values = {}

    def get(self, key):
        if key not in self.values:
            return -1
        value = self.values.pop(key)
        self.values[key] = value  # now the most recent
        return value

    def put(self, key, value):
        if key in self.values:
            self.values.pop(key)
        elif len(self.values) == self.capacity:
            del self.values[next(iter(self.values))]  # the least recently used
        self.values[key] = value
