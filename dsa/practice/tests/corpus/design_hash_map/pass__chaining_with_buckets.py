"""Separate chaining, buckets of [key, value] lists, grown at load 1: passes.

Not open addressing, but a real hash table built from Python lists: every
bucket stays short on average, removal needs no tombstones, and the map is
rebuilt twice as large when it holds as many keys as buckets.  Its
attributes are named ``dict`` and ``set``, which are its own, not the
built-ins.
"""


class MyHashMap:
    def __init__(self):
        self.dict = [[] for _ in range(8)]  # the buckets
        self.set = 0  # how many keys are stored

    def _bucket(self, key):
        return self.dict[hash(key) % len(self.dict)]

    def put(self, key, value):
        bucket = self._bucket(key)
        for pair in bucket:
            if pair[0] == key:
                pair[1] = value
                return
        bucket.append([key, value])
        self.set += 1
        if self.set > len(self.dict):
            old = self.dict
            self.dict = [[] for _ in range(2 * len(old))]
            for chain in old:
                for pair in chain:
                    self._bucket(pair[0]).append(pair)

    def get(self, key):
        for pair in self._bucket(key):
            if pair[0] == key:
                return pair[1]
        return -1

    def remove(self, key):
        bucket = self._bucket(key)
        for i, pair in enumerate(bucket):
            if pair[0] == key:
                bucket[i] = bucket[-1]
                bucket.pop()
                self.set -= 1
                return

    def __len__(self):
        return self.set
