"""Linear probing whose removals leave tombstones that nothing ever clears: fails the complexity check.

Right on every input, and fast while keys are only added, because the table
grows when its *live* keys pass 2/3.  But tombstones are not counted: after
many removals and new keys, empty slots run out, and every lookup of an
absent key walks the whole table.  The family of removals and new keys
shows the cost per operation growing with the table.
"""

_EMPTY = object()
_GONE = object()


class MyHashMap:
    def __init__(self):
        self.keys = [_EMPTY] * 8
        self.values = [0] * 8
        self.size = 0

    def _walk(self, key):
        """The slot of key, or -1, and the first free slot seen (or -1)."""
        mask = len(self.keys) - 1
        i = hash(key) & mask
        free = -1
        for _ in range(len(self.keys)):  # bounded: the table may hold no empty slot
            slot = self.keys[i]
            if slot is _EMPTY:
                return -1, (i if free < 0 else free)
            if slot is _GONE:
                if free < 0:
                    free = i
            elif slot == key:
                return i, free
            i = (i + 1) & mask
        return -1, free

    def put(self, key, value):
        found, free = self._walk(key)
        if found >= 0:
            self.values[found] = value
            return
        if 3 * (self.size + 1) > 2 * len(self.keys):  # live keys only: the mistake
            self._grow()
            found, free = self._walk(key)
        self.keys[free] = key
        self.values[free] = value
        self.size += 1

    def get(self, key):
        found, _ = self._walk(key)
        return self.values[found] if found >= 0 else -1

    def remove(self, key):
        found, _ = self._walk(key)
        if found >= 0:
            self.keys[found] = _GONE
            self.size -= 1

    def __len__(self):
        return self.size

    def _grow(self):
        old = [(k, v) for k, v in zip(self.keys, self.values) if k is not _EMPTY and k is not _GONE]
        self.keys = [_EMPTY] * (2 * len(self.keys))
        self.values = [0] * len(self.keys)
        self.size = 0
        for k, v in old:
            self.put(k, v)
