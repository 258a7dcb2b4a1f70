"""WRONG: updating a key with ``put`` does not make it recent.

A dict from keys to nodes and a doubly linked list in order of use, like
the reference, but ``put`` on a key already present only replaces its
value.  That key keeps its old place in the order and can be evicted next
although it was just used.
"""

from __future__ import annotations


class _Node:
    __slots__ = ("key", "value", "prev", "next")

    def __init__(self, key: int = 0, value: int = 0) -> None:
        self.key, self.value = key, value
        self.prev: _Node = self
        self.next: _Node = self


class LRUCache:
    """An LRU cache that forgets that an update is a use (buggy)."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._nodes: dict[int, _Node] = {}
        self._ends = _Node()  # ends.next is the least recently used, ends.prev the most

    def _unlink(self, node: _Node) -> None:
        node.prev.next, node.next.prev = node.next, node.prev

    def _append(self, node: _Node) -> None:
        last = self._ends.prev
        last.next, node.prev, node.next, self._ends.prev = node, last, self._ends, node

    def get(self, key: int) -> int:
        try:
            node = self._nodes[key]
        except KeyError:
            return -1
        self._unlink(node)
        self._append(node)
        return node.value

    def put(self, key: int, value: int) -> None:
        if key in self._nodes:
            self._nodes[key].value = value  # the mistake: the key keeps its old place
            return
        if len(self._nodes) == self.capacity:
            oldest = self._ends.next
            self._unlink(oldest)
            del self._nodes[oldest.key]
        self._nodes[key] = _Node(key, value)
        self._append(self._nodes[key])
