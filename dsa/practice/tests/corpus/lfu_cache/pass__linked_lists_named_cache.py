"""Builds its own doubly linked list per count and keeps the entries in an attribute called self.cache: functools.cache is forbidden, but an attribute of the learner's own object is not, so it passes."""

from __future__ import annotations


class Node:
    __slots__ = ("key", "value", "count", "prev", "next")

    def __init__(self, key: int = 0, value: int = 0) -> None:
        self.key, self.value, self.count = key, value, 1
        self.prev = self.next = self


class Ring:
    """A circular doubly linked list with a sentinel: oldest use first."""

    def __init__(self) -> None:
        self.head = Node()
        self.size = 0

    def append(self, node: Node) -> None:
        last = self.head.prev
        last.next, node.prev, node.next, self.head.prev = node, last, self.head, node
        self.size += 1

    def unlink(self, node: Node) -> None:
        node.prev.next, node.next.prev = node.next, node.prev
        self.size -= 1


class LFUCache:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.cache: dict[int, Node] = {}
        self.rings: dict[int, Ring] = {}
        self.least = 0

    def _use(self, node: Node) -> None:
        ring = self.rings[node.count]
        ring.unlink(node)
        if ring.size == 0:
            del self.rings[node.count]
            if self.least == node.count:
                self.least += 1
        node.count += 1
        self.rings.setdefault(node.count, Ring()).append(node)

    def get(self, key: int) -> int:
        node = self.cache.get(key)
        if node is None:
            return -1
        self._use(node)
        return node.value

    def put(self, key: int, value: int) -> None:
        node = self.cache.get(key)
        if node is not None:
            node.value = value
            self._use(node)
            return
        if len(self.cache) >= self.capacity:
            ring = self.rings[self.least]
            oldest = ring.head.next
            ring.unlink(oldest)
            if ring.size == 0:
                del self.rings[self.least]
            del self.cache[oldest.key]
        node = Node(key, value)
        self.cache[key] = node
        self.rings.setdefault(1, Ring()).append(node)
        self.least = 1
