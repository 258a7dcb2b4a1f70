"""Separate chaining, the first of the two textbook hash tables.

Every slot holds a *chain*, a singly linked list through ``entry.next`` of
the entries whose home slot it is: ``hash & (capacity - 1)``, which is
``hash % capacity`` for a power of two.  A lookup walks one chain; a new key
goes at the end of its chain, so a chain lists its keys in insertion order;
a deletion unlinks one entry; a resize re-links every entry by its stored
hash.  ``dsa/hashtable.py`` tells the whole story; the dict surface
(insertion order, views, copies, pickling) is ``dsa/_dict_surface.py``,
the options ``dsa/_table_options.py``.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from dsa._dict_surface import DictSurface
from dsa._hashtable_parts import (CHAIN_LIMIT, ChainStats, Entry, ResizeEvent,
                                  check_common, check_entry, histogram,
                                  require, start_mixing)
from dsa.pictures import Pictured

__all__ = ["ChainedHashTable"]


class _ChainEntry(Entry):
    """An entry that is also a link of a chain: ``next`` is the next entry."""

    __slots__ = ("next",)

    next: Optional[_ChainEntry]


class ChainedHashTable(Pictured, DictSurface, picture="chained"):
    """A dict-compatible hash table that resolves collisions by chaining.

    ``ChainedHashTable(mapping_or_iterable=(), /, *, max_load_factor=0.75,
    hash_function=hash, capacity=8, on_resize=None, **kwargs)``.  The rule
    for keyword arguments: the names of the options are keyword-only and
    configure the table (options, not keys); every other keyword argument
    is a key, as in ``dict(**kwargs)``.  A key with an option's name is
    stored with ``t['on_resize'] = v``, ``t.update(on_resize=v)`` or a
    mapping argument (see :meth:`__init__`).
    """

    __slots__ = ("_chains",)

    _chains: list[Optional[_ChainEntry]]

    DEFAULT_MAX_LOAD_FACTOR = 0.75
    _entry_class = _ChainEntry

    # -- lookup: the home slot, then a walk down its chain ---------------------

    def __getitem__(self, key: Any) -> Any:
        h = self._hash(key)
        entry = self._chains[h & self._mask]       # the home slot: h % capacity
        while entry is not None:
            if entry.key is key:                   # the very same object
                return entry.value
            if entry.hash == h:                    # == must decide: _find
                found = self._find(key, h)
                return self._not_found(key) if found is None else found.value
            entry = entry.next
        return self._not_found(key)

    def __contains__(self, key: Any) -> bool:
        return self._find(key, self._hash(key)) is not None

    def _find(self, key: Any, h: int) -> Optional[_ChainEntry]:
        """Walk the chain of ``key``'s home slot; return its entry or None.

        ``==`` can run any code, even code that changes the table: if the
        chains were replaced or the entry compared was deleted, the walk may
        be on stale links, so it starts again.
        """
        while True:
            chains = self._chains
            entry = chains[h & self._mask]
            while entry is not None:
                if entry.key is key:
                    return entry
                if entry.hash == h:
                    matched = bool(entry.key == key)   # may run any code
                    if self._chains is not chains or entry.position < 0:
                        break                          # table changed: restart
                    if matched:
                        return entry
                entry = entry.next
            else:
                return None

    # -- insertion and deletion -------------------------------------------------

    def __setitem__(self, key: Any, value: Any) -> None:
        h = self._hash(key)
        entry = self._chains[h & self._mask]
        while entry is not None:
            if entry.key is key:
                entry.value = value                # an update: nothing moves
                return
            if entry.hash == h:
                break                              # == must decide: below
            entry = entry.next
        else:
            self._add(key, h, value)               # the key is absent
            return
        found = self._find(key, h)
        if found is None:
            self._add(key, h, value)
        else:
            found.value = value

    def _add(self, key: Any, h: int, value: Any) -> None:
        """Insert a key known to be absent, growing first if it would not fit."""
        event = None
        if self._size + 1 > self._max_load * len(self._chains):
            event = self._rehash(self._capacity_to_grow_to(1))
        if self._place_new(h, key, value) >= CHAIN_LIMIT and self._hash is hash:
            event = start_mixing(self) or event
        if event is not None:
            self._announce(event)

    def _place_new(self, h: int, key: Any, value: Any) -> int:
        """Append a new entry to the insertion order and to the END of its
        chain (so a chain lists its keys in insertion order); return how many
        keys it walked past."""
        entry = self._new_entry(h, key, value)
        entry.next = None
        slot = h & self._mask
        last = self._chains[slot]
        if last is None:
            self._chains[slot] = entry
            return 0
        walked = 1
        while last.next is not None:
            last = last.next
            walked += 1
        last.next = entry
        return walked

    def _unlink(self, entry: _ChainEntry) -> None:
        """Take ``entry`` out of its chain: its predecessor skips it."""
        slot = entry.hash & self._mask
        previous, link = None, self._chains[slot]
        while link is not entry:
            previous, link = link, link.next
        if previous is None:
            self._chains[slot] = entry.next
        else:
            previous.next = entry.next
        entry.next = None

    # -- resizing -----------------------------------------------------------------

    def _too_full(self, extra: int) -> bool:
        """Would ``extra`` more keys push the load factor past the maximum?"""
        return self._size + extra > self._max_load * len(self._chains)

    def _capacity_to_grow_to(self, extra: int) -> int:
        """Double until ``len + extra`` keys fit under the maximum load."""
        capacity = len(self._chains)
        while self._size + extra > self._max_load * capacity:
            capacity *= 2
        return capacity

    def _rehash(self, new_capacity: int,
                remix: Optional[Callable[[int], int]] = None
                ) -> Optional[ResizeEvent]:
        """Re-link every key, in insertion order, into the chain its stored
        hash names under ``new_capacity`` (after ``remix``, if given, has
        replaced each stored hash).  Chains stay in insertion order."""
        old_mask, new_mask = self._mask, new_capacity - 1
        live = self._live_entries()
        old_slots = [e.hash & old_mask for e in live]
        chains: list[Optional[_ChainEntry]] = [None] * new_capacity
        tails: list[Optional[_ChainEntry]] = [None] * new_capacity
        for entry in live:
            if remix is not None:
                entry.hash = remix(entry.hash)
            entry.next = None
            slot = entry.hash & new_mask
            if tails[slot] is None:
                chains[slot] = entry
            else:
                tails[slot].next = entry
            tails[slot] = entry
        old_capacity = len(self._chains)
        self._chains, self._mask = chains, new_mask
        self.resize_count += 1
        if self._on_resize is None:
            return None
        moves = tuple((e.key, old, e.hash & new_mask)
                      for e, old in zip(live, old_slots)
                      if old != e.hash & new_mask)
        return ResizeEvent(old_capacity, new_capacity, len(moves), len(live),
                           moves)

    # -- construction ---------------------------------------------------------------

    def __init__(self, mapping_or_iterable: Any = (), /, *,
                 max_load_factor: Optional[float] = None,
                 hash_function: Optional[Callable[[Any], int]] = None,
                 capacity: Optional[int] = None,
                 on_resize: Optional[Callable[[ResizeEvent], Any]] = None,
                 **kwargs: Any) -> None:
        """Build a table exactly as ``dict(mapping_or_iterable, **kwargs)``.

        The four keyword-only names are *options, not keys*; every other
        keyword becomes a key (to store a key named like an option, use
        ``t['capacity'] = v``, ``t.update(capacity=v)`` or a mapping).
        ``max_load_factor`` (at least 1/16; above 1 chains just get
        longer): the table doubles when an insertion would push ``len /
        capacity`` above it.  ``hash_function``: any function from a key to
        an int in place of ``hash`` (keys must still be hashable; see
        :func:`teaching_hash`).  ``capacity``: the initial number of slots,
        rounded up to a power of two, at least 8.  ``on_resize``: a function
        called with a :class:`ResizeEvent` after every resize (also the
        ``on_resize`` attribute; a copy does not keep it).  An option left
        out keeps its current value, so calling ``__init__`` again just
        adds keys, as for dict.

        Teaching surface: ``capacity``, ``load_factor``, ``max_load_factor``,
        ``hash_function``, ``slot_of(key)``, ``slots()``, ``stats()``,
        ``resize(capacity)``, ``check_invariants()``, the ``on_resize`` hook
        and the ``resize_count`` counter.
        """
        self._initialise(mapping_or_iterable, kwargs,
                         max_load_factor=max_load_factor,
                         hash_function=hash_function, capacity=capacity,
                         on_resize=on_resize)

    def _reset(self, capacity: int) -> None:
        """An empty table with ``capacity`` empty chains."""
        self._chains = [None] * capacity
        self._mask = capacity - 1
        self._clear_entries()

    def _arrays(self) -> tuple[Any, ...]:
        """The structure's one array: the chain heads."""
        return (self._chains,)

    def _capacity(self) -> int:
        return len(self._chains)

    # -- pictures and checks ------------------------------------------------------

    def _chain(self, slot: int) -> list[_ChainEntry]:
        """The entries of one chain, first to last."""
        chain, entry = [], self._chains[slot]
        while entry is not None:
            chain.append(entry)
            entry = entry.next
        return chain

    def slots(self) -> list[list[Any]]:
        """A snapshot of the slot array: for each slot, the list of its keys."""
        return [[e.key for e in self._chain(slot)]
                for slot in range(len(self._chains))]

    def stats(self) -> ChainStats:
        """Chain-length statistics of the table as it is now."""
        lengths = [len(self._chain(slot)) for slot in range(len(self._chains))]
        non_empty = [n for n in lengths if n]
        capacity = len(self._chains)
        # A key at position p of its chain (from 0) costs p + 1 comparisons;
        # a chain of n keys contributes 1 + 2 + ... + n.
        hit_probes = sum(n * (n + 1) // 2 for n in lengths)
        return ChainStats(
            capacity=capacity, size=self._size,
            load_factor=self._size / capacity, histogram=histogram(lengths),
            longest_chain=max(lengths),
            average_chain_length=(sum(non_empty) / len(non_empty)
                                  if non_empty else 0.0),
            expected_probes_hit=hit_probes / self._size if self._size else 0.0,
            expected_probes_miss=sum(lengths) / capacity)

    def check_invariants(self) -> None:
        """Raise AssertionError unless the table is internally consistent.

        The slot array is a power of two; every key sits in the chain its
        stored hash names; chains have no cycles; the load factor is at
        most the maximum; ``len`` equals the live entries of the dense list
        and of the chains, and the two point at each other.
        """
        capacity = len(self._chains)
        check_common(self, capacity)
        in_chains: set[int] = set()
        for slot in range(capacity):
            entry = self._chains[slot]
            while entry is not None:
                require(len(in_chains) < self._size,
                        f"chain {slot} holds more keys than the table (a cycle?)")
                require(type(entry) is _ChainEntry,
                        lambda: f"chain {slot} holds {entry!r}, not an entry")
                require(entry.hash & self._mask == slot,
                        lambda: f"key {entry.key!r} with hash {entry.hash} "
                        f"sits in chain {slot}, but its home slot is "
                        f"{entry.hash & self._mask}")
                check_entry(self, entry, in_chains, f"chain {slot}")
                entry = entry.next
        require(len(in_chains) == self._size,
                f"chains hold {len(in_chains)} keys but len() is {self._size}")
        require(self._size <= self._max_load * capacity,
                f"load factor {self._size / capacity} is above "
                f"max_load_factor {self._max_load}")


