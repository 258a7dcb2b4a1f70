"""A least-recently-used cache: the worked example of holding positions.

The problem
===========
A cache holds at most ``capacity`` entries.  When a new entry arrives and the
cache is full, one entry must go, and the *least recently used* one is a good
guess at the entry least likely to be wanted again.  So the cache must do
three things, all in O(1):

1. find the entry for a key (a dict does that);
2. mark an entry as just used, which moves it to the "most recent" end of
   an order;
3. find and remove the least recently used entry, at the other end.

A dict alone keeps insertion order, not use order.  A plain list could hold
the order, but moving an entry from the middle to the end shifts everything
after it: O(n) per lookup.

Two structures, one holding the other's positions
=================================================
Keep the order in a :class:`~dsa.linkedlist.DoublyLinkedList` of
``(key, value)`` pairs, least recently used at the front, and keep a dict
from each key to *its node*, not to its value::

    _nodes:  {"b": *, "a": *, "c": *}
                   |      |      |
                   v      v      v
    _order:  ["b", 2] <-> ["a", 1] <-> ["c", 3]
             least                     most recently used

* ``get(key)``: the dict gives the node in O(1); ``move_to_back(node)``
  relinks it at the end in O(1).  This is exactly the situation in which a
  linked list beats an array: we never search the list, because the dict
  already holds the position.
* eviction: the front node is the least recently used.  Unlink it in O(1);
  the node carries its key, which is how we know which dict entry to delete
  (that is why the list holds ``(key, value)`` pairs and not just values).

Why *doubly* linked: ``move_to_back`` has to unlink a node from the middle,
and unlinking needs the node's predecessor.  With only forward links finding
the predecessor is a walk, O(n), which would defeat the purpose.

The standard library does the same thing twice over: ``functools.lru_cache``
keeps a circular doubly linked list of its entries (written in C), and
``collections.OrderedDict``, whose ``move_to_end`` and ``popitem(last=False)``
make an LRU cache in a few lines, is a dict plus a doubly linked list too.
"""

from __future__ import annotations

import operator
from reprlib import recursive_repr
from typing import (Any, Callable, Dict, Generic, Hashable, Iterator, Optional,
                    Tuple, TypeVar)

from dsa._properties import read_only
from dsa.linkedlist import DoublyLinkedList, DoublyNode
from dsa.pictures import Pictured

__all__ = ["LRUCache"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRUCache(Pictured, Generic[K, V], picture="lru"):
    """A mapping of at most ``capacity`` entries that forgets the least recently used.

    ``get`` and ``cache[key]`` count as a use (and as a hit or a miss);
    ``put`` and ``cache[key] = value`` count as a use of ``key``;
    ``key in cache`` and ``peek`` look without touching anything.

    ``on_evict(key, value)``, if given, is called after an entry has been
    evicted to make room, once the cache is consistent again.  Iteration
    goes from the least to the most recently used key, and raises
    ``RuntimeError`` if the order changes meanwhile (as a ``get`` does).
    """

    def __init__(self, capacity: int, /,
                 on_evict: Optional[Callable[[K, V], Any]] = None) -> None:
        if not hasattr(type(capacity), "__index__"):
            raise TypeError(f"capacity must be an integer, not {type(capacity).__name__}")
        capacity = operator.index(capacity)
        if capacity < 1:
            raise ValueError(f"capacity must be at least 1, not {capacity}")
        self._capacity = capacity
        self.on_evict = on_evict
        self._nodes: Dict[K, DoublyNode[Tuple[K, V]]] = {}                 # key -> its node in _order
        self._order: DoublyLinkedList[Tuple[K, V]] = DoublyLinkedList()   # least recent first
        self._hits = 0
        self._misses = 0

    # -- counters and sizes --------------------------------------------------

    capacity = read_only("_capacity", "The most entries the cache holds.")
    hits = read_only("_hits", "How many ``get`` / ``cache[key]`` calls found their key.")
    misses = read_only("_misses", "How many ``get`` / ``cache[key]`` calls did not.")

    def __len__(self) -> int:
        return len(self._nodes)

    def __contains__(self, key: object) -> bool:
        """Is ``key`` cached?  Not a use: the order and the counters stay as they are."""
        return key in self._nodes

    # -- lookups -------------------------------------------------------------

    def get(self, key: K, default: Any = None) -> Any:
        """The value for ``key`` (now the most recently used), or ``default``.  O(1)."""
        node = self._nodes.get(key)
        if node is None:
            self._misses += 1
            return default
        self._hits += 1
        self._order.move_to_back(node)          # O(1) because the dict held the node
        return node.value[1]

    def __getitem__(self, key: K) -> V:
        """Like :meth:`get`, but a missing key raises KeyError."""
        node = self._nodes.get(key)
        if node is None:
            self._misses += 1
            raise KeyError(key)
        self._hits += 1
        self._order.move_to_back(node)
        return node.value[1]

    def peek(self, key: K, default: Any = None) -> Any:
        """The value for ``key``, or ``default``, without counting it as a use."""
        node = self._nodes.get(key)
        return default if node is None else node.value[1]

    # -- updates -------------------------------------------------------------

    def put(self, key: K, value: V) -> Optional[Tuple[K, V]]:
        """Store ``value`` under ``key`` as the most recently used entry.  O(1).

        If the key is new and the cache is full, the least recently used
        entry is evicted first; it is returned as ``(key, value)`` (None if
        nothing was evicted) and passed to ``on_evict``.
        """
        node = self._nodes.get(key)             # an unhashable key fails here, before any change
        if node is not None:
            node.value = (node.value[0], value)  # the cache keeps the first key object, as dict does
            self._order.move_to_back(node)
            return None
        evicted = None
        if len(self._nodes) >= self._capacity:
            evicted = self._evict()
        self._nodes[key] = self._order.append_node((key, value))
        if evicted is not None and self.on_evict is not None:
            self.on_evict(*evicted)
        return evicted

    def __setitem__(self, key: K, value: V) -> None:
        self.put(key, value)

    def __delitem__(self, key: K) -> None:
        """Remove ``key``'s entry (KeyError if absent).  O(1): the dict holds the node."""
        node = self._nodes.pop(key)
        self._order.remove_node(node)

    def _evict(self) -> Tuple[K, V]:
        """Drop the least recently used entry (the front node) and return it."""
        key, value = self._order.popleft()
        del self._nodes[key]
        return key, value

    def clear(self) -> None:
        """Remove every entry.  The hit and miss counters are kept."""
        self._nodes.clear()
        self._order.clear()

    # -- looking at everything -------------------------------------------------

    def __iter__(self) -> Iterator[K]:
        """The keys, least recently used first."""
        # Over the nodes, not the values: a walk of the nodes raises
        # RuntimeError when the order changes, as OrderedDict's iterators do
        # (the list's own iterator would go on by position, as list's does).
        return (node.value[0] for node in self._order.nodes())

    def items(self) -> Iterator[Tuple[K, V]]:
        """The ``(key, value)`` pairs, least recently used first."""
        return (node.value for node in self._order.nodes())

    @recursive_repr("<...>")
    def __repr__(self) -> str:
        entries = ", ".join(f"{key!r}: {value!r}" for key, value in self._order)
        return (f"<{type(self).__name__} capacity={self._capacity} hits={self._hits} "
                f"misses={self._misses} {{{entries}}}>")

    def check_invariants(self) -> None:
        """Raise AssertionError unless the dict and the list describe the same entries."""
        self._order.check_invariants()
        if len(self._nodes) != len(self._order):
            raise AssertionError(f"the dict has {len(self._nodes)} keys but the "
                                 f"list has {len(self._order)} nodes")
        if len(self._nodes) > self._capacity:
            raise AssertionError(f"{len(self._nodes)} entries exceed the capacity "
                                 f"{self._capacity}")
        for position, node in enumerate(self._order.nodes()):
            key = node.value[0]
            if self._nodes.get(key) is not node:
                raise AssertionError(f"the dict does not point {key!r} at its node "
                                     f"(position {position} of the list)")
