"""A dict named self.cache from keys to nodes, and a doubly linked list of its own: passes.

The attribute is called ``cache``, the class ``Node``: neither is
``functools.cache``, whatever the names say.  The dict only finds nodes;
the order of use lives in the links, and the dict's own order (the order
the keys were put in) is never used.
"""

from functools import reduce  # functools itself is fine; only its caches are not


class Node:
    def __init__(self, key=0, value=0):
        self.key, self.value = key, value
        self.prev = self.next = None


class LRUCache:
    def __init__(self, capacity):
        self.capacity = capacity
        self.cache = {}
        self.head, self.tail = Node(), Node()  # head.next is the least recently used
        self.head.next, self.tail.prev = self.tail, self.head

    def _unlink(self, node):
        node.prev.next, node.next.prev = node.next, node.prev

    def _push(self, node):
        last = self.tail.prev
        last.next, node.prev, node.next, self.tail.prev = node, last, self.tail, node

    def get(self, key):
        if key not in self.cache:
            return -1
        node = self.cache[key]
        self._unlink(node)
        self._push(node)
        return node.value

    def put(self, key, value):
        if key in self.cache:
            self.cache[key].value = value
            self.get(key)  # a get makes the key the most recently used
            return
        if len(self.cache) == self.capacity:
            oldest = self.head.next
            self._unlink(oldest)
            self.cache.pop(oldest.key)
        self.cache[key] = node = Node(key, value)
        self._push(node)


_ = reduce
