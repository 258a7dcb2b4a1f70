"""LFU cache: entries by key, and keys grouped by use count in order of use.

The idea
--------
Eviction needs "the smallest use count, and among its keys the least
recently used".  Keep the keys **grouped by count**, each group in order of
last use, and remember the smallest count that has keys:

* ``entries``: key -> ``[value, count]``;
* ``groups``: count -> an ``OrderedDict`` of the keys with that count,
  least recently used first (an ordered set: the values are unused);
* ``least``: the smallest count with a non-empty group.

A **use** of a key (a hit, or an update) takes it out of group c and appends
it to group c + 1: O(1) with ``OrderedDict``.  If that empties group c and c
was ``least``, then ``least`` becomes c + 1, exactly: the key just moved is
there.  A **new key** goes into group 1, and ``least`` becomes 1.
**Eviction** takes the first key of group ``least`` (``popitem(last=False)``)
and deletes its entry, count and all.

Why it is correct
-----------------
Invariants: every key in ``entries`` is in exactly the group of its count;
within a group, keys are in order of last use, because a use always appends
at the end; ``least`` is the smallest count present whenever the cache is
not empty.  The first key of group ``least`` is therefore the least used
entry, the least recently used among ties.  ``least`` only needs updating
where the text above says: counts only grow by one, and the only entry that
can have a count below every other is a new one.

Cost
----
Every call is a constant number of dict and ``OrderedDict`` operations:
O(1) time on average, O(capacity) space.  Scanning all entries for the
smallest count at each eviction is O(capacity) per eviction.  A heap of
``(count, time of last use, key)`` with stale entries skipped is
O(log capacity) per call, which timing cannot tell from O(1).

Why ``OrderedDict`` and not a plain dict as the ordered set: a plain dict
remembers insertion order too, but after its first keys are deleted,
``next(iter(d))`` walks over the holes they left until the dict is next
rebuilt, so taking the oldest key again and again costs O(n) a time.
``OrderedDict`` keeps a linked list and finds its first key in O(1).

The classic pitfalls
--------------------
Forgetting that an update is a use (its count must go up too).  Evicting
before checking whether the key is already cached, which throws an entry
out for nothing.  Giving a key that was evicted and comes back its old
count: it was forgotten, and starts again at 1.  And forgetting to reset
``least`` to 1 when a new key arrives.
"""

from __future__ import annotations

from collections import OrderedDict


class LFUCache:
    """At most ``capacity`` entries; the least frequently used one is evicted."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.entries: dict[int, list[int]] = {}  # key -> [value, count]
        self.groups: dict[int, OrderedDict[int, None]] = {}  # count -> keys, oldest use first
        self.least = 0  # the smallest count with keys

    def _use(self, key: int, entry: list[int]) -> None:
        """Move key from the group of its count to the end of the next one."""
        count = entry[1]
        group = self.groups[count]
        del group[key]
        if not group:
            del self.groups[count]
            if self.least == count:
                self.least = count + 1  # key itself is there now
        entry[1] = count + 1
        self.groups.setdefault(count + 1, OrderedDict())[key] = None

    def get(self, key: int) -> int:
        """Return the value of key (a use), or -1."""
        entry = self.entries.get(key)
        if entry is None:
            return -1
        self._use(key, entry)
        return entry[0]

    def put(self, key: int, value: int) -> None:
        """Insert or update key (an update is a use); evict first if it does not fit."""
        entry = self.entries.get(key)
        if entry is not None:
            entry[0] = value
            self._use(key, entry)
            return
        if len(self.entries) >= self.capacity:
            group = self.groups[self.least]
            oldest, _ = group.popitem(last=False)  # least used, least recent among ties
            if not group:
                del self.groups[self.least]
            del self.entries[oldest]
        self.entries[key] = [value, 1]
        self.groups.setdefault(1, OrderedDict())[key] = None
        self.least = 1
