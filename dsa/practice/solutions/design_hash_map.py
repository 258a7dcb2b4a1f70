"""Design a hash map: open addressing with linear probing and tombstones.

The idea
--------
Keep the entries in two parallel Python lists of *slots*, ``_keys`` and
``_values``, whose length (the *capacity*) is a power of two.  A key's *home
slot* is ``hash(key) & (capacity - 1)``: the low bits of its hash, the same
as ``hash(key) % capacity`` for a power of two.  When two keys want the same
slot (a *collision*), the second one walks to the right, ``home``,
``home + 1``, ``home + 2``, ... wrapping around at the end, until it finds a
free slot.  That walk is the key's *probe sequence* (*linear probing*), and
a lookup follows exactly the same walk:

* it stops with success at the slot holding the key;
* it stops with failure at an **empty** slot: had the key been inserted, it
  would have been placed there or earlier.

Deleting: tombstones
--------------------
Emptying the slot of a removed key would be wrong.  Some other key may have
walked *past* that slot when it was inserted; an empty slot there would now
stop its lookups early and the key would seem to be gone.  So a removal
leaves a **tombstone** (``_DELETED``): lookups step over it as if it were
occupied, and an insertion may reuse it (the first tombstone met on the walk
is where a new key goes, once the walk has shown that the key is absent).

Load factor and resizing
------------------------
Long probe walks happen when the table gets crowded.  The number of slots in
use, live keys plus tombstones, is kept at most 2/3 of the capacity: before
an insertion would go past that, the table is *rebuilt*, every live key
re-inserted into a fresh array at most 1/3 full, and the tombstones dropped.
The new capacity is chosen from the number of live keys, so a table full of
tombstones is rebuilt at the same size instead of growing.

Why it works, and its cost
--------------------------
The rule "a key sits on its own probe walk, with no empty slot between its
home and its slot" holds after every operation: insertion fills a slot on the
walk, removal never creates an empty slot, and a rebuild re-inserts from
scratch.  That is exactly what lookups rely on.

With a load factor bounded by a constant, the expected length of a probe walk
is a constant, so ``get``, ``put`` and ``remove`` take O(1) time on average.
A rebuild costs O(capacity), but it happens only after a number of insertions
proportional to the capacity, so it adds O(1) amortised per insertion.  The
worst case, all keys colliding, is O(n) per operation.

There is always at least one empty slot (the table is never more than 2/3
full), so every probe walk ends.

The classic pitfall
-------------------
Making ``remove`` empty the slot.  A later ``get`` of a key that collided
with the removed one stops at the new hole and answers -1, and a later
``put`` of that key stores it a second time.
"""

from __future__ import annotations

from typing import Optional

_EMPTY = object()  # a slot never used since the last rebuild: ends every walk
_DELETED = object()  # a tombstone: a removed key's slot, walked over by lookups

_MIN_CAPACITY = 8


class MyHashMap:
    """A map from int keys to int values, with open addressing."""

    def __init__(self) -> None:
        self._keys: list[object] = [_EMPTY] * _MIN_CAPACITY
        self._values: list[Optional[int]] = [None] * _MIN_CAPACITY
        self._size = 0  # live keys
        self._used = 0  # live keys + tombstones: the slots that lengthen walks

    def __len__(self) -> int:
        return self._size

    def _probe(self, key: int) -> tuple[int, int]:
        """Walk the probe sequence of ``key``.

        Return ``(found, free)``: ``found`` is the slot holding ``key``, or -1;
        ``free`` is where ``key`` would be inserted, the first tombstone met
        on the walk, or else the empty slot that ended it.
        """
        mask = len(self._keys) - 1
        i = hash(key) & mask
        free = -1
        while True:
            slot = self._keys[i]
            if slot is _EMPTY:
                return -1, (i if free == -1 else free)
            if slot is _DELETED:
                if free == -1:
                    free = i
            elif slot == key:
                return i, free
            i = (i + 1) & mask  # linear probing, wrapping around

    def get(self, key: int) -> int:
        """Return the value stored for ``key``, or -1 when it is absent."""
        found, _ = self._probe(key)
        if found == -1:
            return -1
        return self._values[found]  # type: ignore[return-value]  # live slot

    def put(self, key: int, value: int) -> None:
        """Store ``value`` for ``key``, replacing any previous value."""
        found, free = self._probe(key)
        if found != -1:
            self._values[found] = value
            return
        if self._keys[free] is _EMPTY:
            # A never-used slot is about to be taken: keep used <= 2/3 capacity.
            if 3 * (self._used + 1) > 2 * len(self._keys):
                self._rebuild()
                _, free = self._probe(key)  # the slots have moved
            self._used += 1
        # (Reusing a tombstone leaves the number of used slots unchanged.)
        self._keys[free] = key
        self._values[free] = value
        self._size += 1

    def remove(self, key: int) -> None:
        """Delete ``key`` and its value; do nothing when it is absent."""
        found, _ = self._probe(key)
        if found == -1:
            return
        self._keys[found] = _DELETED  # not _EMPTY: other keys may walk past here
        self._values[found] = None
        self._size -= 1

    def _rebuild(self) -> None:
        """Re-insert the live keys into a fresh array at most 1/3 full."""
        capacity = _MIN_CAPACITY
        while 3 * (self._size + 1) > capacity:
            capacity *= 2
        old_keys, old_values = self._keys, self._values
        self._keys = [_EMPTY] * capacity
        self._values = [None] * capacity
        self._used = self._size
        mask = capacity - 1
        for key, value in zip(old_keys, old_values):
            if key is _EMPTY or key is _DELETED:
                continue
            i = hash(key) & mask
            while self._keys[i] is not _EMPTY:  # the new array has no tombstones
                i = (i + 1) & mask
            self._keys[i] = key
            self._values[i] = value
