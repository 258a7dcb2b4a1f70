"""Direct addressing: one list place for every possible key from -10**9 to 10**9: fails the rules.

No hashing at all: the value of key k sits at place k + 10**9 of a list that
grows as far as the largest key seen.  Fine for small keys, but keys reach
a billion either way, the list would need two billion places, the code runs
out of memory, and the grader says that memory must follow the number of
keys, not their size.
"""

_OFFSET = 10**9


class MyHashMap:
    def __init__(self):
        self.values = []
        self.count = 0

    def put(self, key, value):
        place = key + _OFFSET
        if place >= len(self.values):
            self.values.extend([-1] * (place + 1 - len(self.values)))
        if self.values[place] == -1:
            self.count += 1
        self.values[place] = value

    def get(self, key):
        place = key + _OFFSET
        return self.values[place] if place < len(self.values) else -1

    def remove(self, key):
        place = key + _OFFSET
        if place < len(self.values) and self.values[place] != -1:
            self.values[place] = -1
            self.count -= 1

    def __len__(self):
        return self.count
