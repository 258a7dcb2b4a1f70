"""Stores every entry in the module's own namespace, globals()[key]: fails the rules.

``globals()`` is a dict the file never names; the keys land in it beside
the module's names.  The storage scan looks through the module's namespace
and finds the learner's keys there.
"""

_count = [0]


class MyHashMap:
    def __init__(self):
        table = globals()
        for key in [k for k in table if isinstance(k, int)]:
            del table[key]
        _count[0] = 0

    def put(self, key, value):
        table = globals()
        if key not in table:
            _count[0] += 1
        table[key] = value

    def get(self, key):
        return globals().get(key, -1)

    def remove(self, key):
        if key in globals():
            del globals()[key]
            _count[0] -= 1

    def __len__(self):
        return _count[0]
