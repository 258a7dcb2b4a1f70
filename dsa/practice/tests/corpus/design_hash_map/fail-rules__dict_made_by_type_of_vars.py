"""Makes a dict as type(vars(self))() and keeps the entries in it: fails the rules.

No ``dict`` and no ``{}`` in the file (the same trick as ``type({})()``), so
the syntax check has nothing to see, but the object is a real dict holding
the learner's keys, and the storage scan finds it on the instance.
"""


class MyHashMap:
    def __init__(self):
        self.table = type(vars(self))()

    def put(self, key, value):
        self.table[key] = value

    def get(self, key):
        return self.table.get(key, -1)

    def remove(self, key):
        self.table.pop(key, None)

    def __len__(self):
        return len(self.table)
