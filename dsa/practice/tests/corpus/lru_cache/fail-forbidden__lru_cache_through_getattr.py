"""Lets functools.lru_cache, reached with getattr, do the evicting: fails at the forbidden stage.

Each key gets a one-item list from a function cached with
``maxsize=capacity``: the cache itself drops the least recently used list.
The name is spelled in pieces, so the syntax check sees nothing, but
``functools.lru_cache`` is a tripwire at run time.
"""

import functools


class LRUCache:
    def __init__(self, capacity):
        decorate = getattr(functools, "lru_" + "cache")(maxsize=capacity)
        self.cell = decorate(lambda key: [-1])

    def get(self, key):
        return self.cell(key)[0]

    def put(self, key, value):
        self.cell(key)[0] = value
