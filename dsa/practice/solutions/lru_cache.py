"""LRU cache: a dict for finding entries, a doubly linked list for their order.

The idea
--------
The cache must do three things in O(1): find the entry of a key, mark an
entry as just used, and find the least recently used entry to evict it.
No single structure does all three, so use two that point into each other:

* a **doubly linked list** of nodes in order of use, least recently used
  right after the ``head`` sentinel, most recently used right before the
  ``tail`` sentinel;
* a **dict** from each key to *its node*, not to its value.

``get`` finds the node through the dict and moves it to the back of the list:
unlinking a node and relinking it elsewhere is four pointer updates once you
hold the node.  Eviction takes the node after ``head``; the node stores its
key, which is how the matching dict entry is found and deleted.

Why sentinels
-------------
``head`` and ``tail`` are dummy nodes that are always in the list and never
hold an entry.  Every real node therefore always has a real ``prev`` and a
real ``next``, so unlinking and appending never meet ``None``: no special case
for an empty list, for the first node or for the last node.  Without them,
each of those cases needs its own branch, and forgetting one is the usual
bug.

Why doubly linked: unlinking a node from the middle needs its predecessor,
and with only forward links finding it would be a walk, O(n).

Why it is correct
-----------------
The list always holds exactly the cached entries, in order of last use:
``get`` (on a hit) and ``put`` both move the entry they touch to the back,
and a new entry is appended at the back.  So the entry after ``head`` is the
least recently used one, and evicting it when the cache holds more than
``capacity`` entries is exactly the rule.

Complexity
----------
O(1) time per ``get`` and ``put`` (dict operations on average), O(capacity)
space.

The classic pitfall
-------------------
Forgetting that *every* use counts: a ``get`` hit, and a ``put`` that only
updates the value of a key already present, must both make that key the
most recently used.  The other one: evicting *before* checking whether the
key is already present, which throws out an entry for nothing.
"""

from __future__ import annotations



class _Node:
    """One cached entry, linked to its neighbours in order of use."""

    __slots__ = ("key", "value", "prev", "next")

    def __init__(self, key: int = 0, value: int = 0) -> None:
        self.key = key
        self.value = value
        self.prev: _Node = self  # a node on its own is a list of one
        self.next: _Node = self


class LRUCache:
    """At most ``capacity`` entries; the least recently used one is evicted."""

    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self._nodes: dict[int, _Node] = {}  # key -> its node in the list
        self._head = _Node()  # sentinel: head.next is the least recently used
        self._tail = _Node()  # sentinel: tail.prev is the most recently used
        self._head.next = self._tail
        self._tail.prev = self._head

    def get(self, key: int) -> int:
        """Return the value of ``key`` (now the most recently used), or -1."""
        node = self._nodes.get(key)
        if node is None:
            return -1
        self._unlink(node)
        self._append(node)
        return node.value

    def put(self, key: int, value: int) -> None:
        """Insert or update ``key``; evict the least recently used if over capacity."""
        node = self._nodes.get(key)
        if node is not None:  # an update is a use too
            node.value = value
            self._unlink(node)
            self._append(node)
            return
        if len(self._nodes) == self.capacity:
            oldest = self._head.next
            self._unlink(oldest)
            del self._nodes[oldest.key]  # the node knows its key
        node = _Node(key, value)
        self._nodes[key] = node
        self._append(node)

    def _unlink(self, node: _Node) -> None:
        """Take ``node`` out of the list (its neighbours always exist)."""
        node.prev.next = node.next
        node.next.prev = node.prev

    def _append(self, node: _Node) -> None:
        """Put ``node`` just before the tail sentinel: most recently used."""
        last = self._tail.prev
        last.next = node
        node.prev = last
        node.next = self._tail
        self._tail.prev = node
