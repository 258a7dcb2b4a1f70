"""Open addressing, the second of the two textbook hash tables.

Every slot holds at most one entry.  A key whose home slot, ``hash &
(capacity - 1)``, is taken tries the next slot of its *probe sequence*
until it finds its key or an empty slot: linear probing steps right,
CPython's perturbation probing feeds the high bits of the hash into the
jumps.  A deletion leaves a tombstone, which lookups step over and
insertions reuse; a rebuild drops them all.  With ``robin_hood=True``
(linear probing only) a new key takes the slot of a resident nearer to its
home and a deletion shifts the following keys back instead: no tombstones
(``dsa/_robin_hood.py``).  ``dsa/hashtable.py`` tells the
whole story; the dict surface (insertion order, views, copies, pickling)
is ``dsa/_dict_surface.py``, the options ``dsa/_table_options.py``.
"""

from __future__ import annotations

from array import array
from typing import Any, Callable, Iterator, Optional, cast

from dsa import _robin_hood as robin_hood
from dsa._robin_hood import valid_option as robin_hood_option
from dsa._dict_surface import DictSurface
from dsa._hashtable_parts import (PERTURB_SHIFT, PROBE_LIMIT, SAME_HOME,
                                  TOMBSTONE, Entry, ProbeStats, ResizeEvent,
                                  WORD, check_common, check_entry,
                                  histogram, require, start_mixing)
from dsa.pictures import Pictured

__all__ = ["OpenAddressingHashTable"]

# The tombstone inside an open-addressing slot array: an entry whose hash
# (None) equals no int and whose key is a private object, so the probe loop
# steps over it without a special case.
_TOMBSTONE_ENTRY = Entry.of(None, object(), None)


def _slot_by_entry(slots: list[Optional[Entry]]) -> dict[int, int]:
    """The slot of each live entry of a slot array, by the entry's id."""
    return {id(e): i for i, e in enumerate(slots)
            if e is not None and e is not _TOMBSTONE_ENTRY}


def _one_home(slots: list[Optional[Entry]], mask: int, home: int) -> bool:
    """Do most keys of the run at ``home`` have it as their home slot?

    A long linear run is normal now and then with a good hash, but its keys
    come from many homes; patterned keys pile up on one.
    """
    run = [slots[i & mask] for i in range(home, home + 16)]
    same = sum(1 for entry in run
               if entry is not None and entry is not _TOMBSTONE_ENTRY
               and entry.hash & mask == home)
    return same >= SAME_HOME


def _place_all(slots: list[Optional[Entry]], hashes: array[int], mask: int,
               live: list[Entry], linear: bool) -> None:
    """Put each entry of ``live``, in order, into the first empty slot of its
    probe sequence in a fresh slot array (no tombstones, no key twice).

    One loop per probing rule: a test of the rule inside the loop would be
    paid once per key.
    """
    if linear:
        for entry in live:
            h = entry.hash
            i = h & mask
            while slots[i] is not None:             # the first empty slot
                i = (i + 1) & mask
            slots[i] = entry
            hashes[i] = h
        return
    for entry in live:
        h = entry.hash
        i, perturb = h & mask, h & WORD
        while slots[i] is not None:
            i = (5 * i + 1 + perturb) & mask
            perturb >>= PERTURB_SHIFT
        slots[i] = entry
        hashes[i] = h


class OpenAddressingHashTable(Pictured, DictSurface, picture="open"):
    """A dict-compatible hash table that resolves collisions by probing.

    ``OpenAddressingHashTable(mapping_or_iterable=(), /, *,
    max_load_factor=2/3, hash_function=hash, capacity=8, on_resize=None,
    probing="linear", robin_hood=False, **kwargs)``.  The rule for keyword
    arguments, as for :class:`ChainedHashTable`: the names of the options are keyword-only
    and configure the table (options, not keys); every other keyword
    argument is a key, as in ``dict(**kwargs)``; a key with an option's
    name is stored with ``t['probing'] = v``, ``t.update(probing=v)`` or a
    mapping argument.  Each slot is empty (``None``), an entry of the dense
    list, or the tombstone of a deleted key.

    Beside the slot array runs ``_hashes``, the hash of each slot's entry
    as a 64-bit machine word in one flat ``array``: a probe compares
    hashes there, next to each other in memory, and follows the pointer to
    an entry only when the hash matches (CPython's dict, too, keeps each
    hash beside its key for this reason).  A slot whose entry is empty or a
    tombstone holds a stale word that no probe reads without checking the
    entry first.
    """

    __slots__ = ("_slots", "_hashes", "_tombstones", "_linear", "_robin_hood",
                 "_fill_limit")

    _slots: list[Optional[Entry]]
    _hashes: array[int]
    _tombstones: int
    _linear: bool               # linear probing; else perturbation
    _robin_hood: bool           # Robin Hood placement, backward-shift delete
    _fill_limit: int            # most occupied slots allowed: _load_changed

    DEFAULT_MAX_LOAD_FACTOR = 2 / 3
    _OPEN = True
    _entry_class = Entry

    # -- the probe sequence ---------------------------------------------------

    def _probe(self, h: int, mask: int) -> Iterator[int]:
        """The probe sequence of a hash: its home slot, then where to look next.

        Linear probing steps right, wrapping.  Perturbation probing is
        CPython's: ``i = (5*i + 1 + perturb) % capacity``, then ``perturb >>=
        5``, with ``perturb`` starting as the hash read as an unsigned word;
        once perturb has shifted down to 0, ``5*i + 1`` taken mod a power of
        two visits every slot before repeating.  The lookups below write the
        same step out in place: a call per step would cost more than the
        step.
        """
        i = h & mask
        if self._linear:
            while True:
                yield i
                i = (i + 1) & mask
        perturb = h & WORD
        while True:
            yield i
            i = (5 * i + 1 + perturb) & mask
            perturb >>= PERTURB_SHIFT

    def probe_sequence(self, key: Any,
                       length: Optional[int] = None) -> list[int]:
        """The first ``length`` slots (default: ``capacity``) ``key`` would try."""
        count = len(self._slots) if length is None else length
        probe = self._probe(self._hash(key), self._mask)
        return [next(probe) for _ in range(count)]

    # -- lookup -----------------------------------------------------------------

    def __getitem__(self, key: Any) -> Any:
        # Most hits find the very key object in its home slot (a key is
        # usually looked up with the object it was stored under), so that
        # slot is tried first with the fewest loads; any other case, Robin
        # Hood included, is _find's full walk.  The test is right in every
        # mode: a slot holding ``key`` itself holds key's entry, and the
        # tombstone's key is a private object.  (The hash function is read
        # into a local first: ``self._hash(key)`` would look it up as a
        # method, which for a function stored in a slot is the slow way.)
        hash_key = self._hash
        h = hash_key(key)
        entry = self._slots[h & self._mask]        # home slot: h % capacity
        if entry is not None and entry.key is key:
            return entry.value
        found = self._find(key, h)
        return self._not_found(key) if found is None else found.value

    def __contains__(self, key: Any) -> bool:
        # Most misses end at once, at an empty home slot: that test costs no
        # call.  Any other case is _find's walk, which compares hash words
        # first and so reads no entry of another key.
        hash_key = self._hash                      # a local: see __getitem__
        h = hash_key(key)
        if self._slots[h & self._mask] is None:
            return False
        return self._find(key, h) is not None

    def _find(self, key: Any, h: int) -> Optional[Entry]:
        """Follow the probe sequence to ``key`` or to an empty slot, stepping
        over tombstones; start again if ``==`` changed the table."""
        if self._robin_hood:
            return robin_hood.find(self, key, h)
        while True:
            slots, hashes, mask = self._slots, self._hashes, self._mask
            linear = self._linear
            i, perturb = h & mask, 0 if linear else h & WORD
            entry = slots[i]
            while entry is not None:
                if hashes[i] == h and entry is not _TOMBSTONE_ENTRY:
                    if entry.key is key:
                        return entry
                    matched = bool(entry.key == key)   # may run any code
                    if self._slots is not slots or entry.position < 0:
                        break                          # table changed: restart
                    if matched:
                        return entry
                if linear:
                    i = (i + 1) & mask
                else:
                    i = (5 * i + 1 + perturb) & mask
                    perturb >>= PERTURB_SHIFT
                entry = slots[i]
            else:
                return None

    # -- insertion and deletion ---------------------------------------------------

    def __setitem__(self, key: Any, value: Any) -> None:
        # One walk, as a lookup: it finds the key, or ends at the empty slot
        # where a new key goes (unless a tombstone comes first: _free_slot).
        hash_key = self._hash                      # a local: see __getitem__
        h = hash_key(key)
        slots, mask = self._slots, self._mask
        i = home = h & mask                        # home: for the check below
        entry = slots[i]
        if entry is not None and entry.key is key:
            entry.value = value                    # an update, as most are:
            return                                 # the home slot, in place
        hashes, linear = self._hashes, self._linear
        perturb = 0 if linear else h & WORD
        while entry is not None:
            # The hash words first: they sit side by side, where each entry
            # is a separate object, so a new key's walk reads no entry.
            if hashes[i] == h:
                if entry.key is key:
                    entry.value = value
                    return
                found = self._find(key, h)         # == must decide: _find
                if found is None:
                    self._add(key, h, value)
                else:
                    found.value = value
                return
            if linear:                             # the next slot to try (no
                i = (i + 1) & mask                 # shift of perturb, unused)
            else:
                i = (5 * i + 1 + perturb) & mask
                perturb >>= PERTURB_SHIFT
            entry = slots[i]
        # The key is absent and i is the empty slot that ended the walk.  The
        # common case is placed here, without a call to _insert (a call is a
        # tenth of an insertion); a tombstone on the way, which must be taken
        # first, a table that must grow, an entries list that must be
        # compacted, or Robin Hood go through _insert.
        if (self._tombstones or self._robin_hood or self._room <= 0
                or self._size >= self._fill_limit):
            self._insert(self._free_slot(h) if self._tombstones else i,
                         key, h, value)
            return
        # The rest of _new_entry (dsa/_dict_surface.py), written out for the
        # same reason: with room in the entries list it is these few lines.
        entry = self._entry_class()
        entry.hash, entry.key, entry.value = h, key, value
        entries = self._entries
        entry.position = len(entries)
        entries.append(entry)
        self._room -= 1
        self._size += 1
        slots[i] = entry
        hashes[i] = h
        if i != home and linear and (i - home) & mask > PROBE_LIMIT:
            self._announce(self._mix_if_piled_up(h))

    def _add(self, key: Any, h: int, value: Any) -> None:
        """Insert a key known to be absent."""
        self._insert(self._free_slot(h), key, h, value)

    def _free_slot(self, h: int) -> int:
        """The first slot of the probe sequence that is empty or a tombstone."""
        slots = self._slots
        for i in self._probe(h, self._mask):
            if slots[i] is None or slots[i] is _TOMBSTONE_ENTRY:
                return i
        raise AssertionError("unreachable: there is always an empty slot")

    def _insert(self, slot: int, key: Any, h: int, value: Any) -> None:
        """Put a new key into ``slot``, the first free one of its sequence.

        Reusing a tombstone leaves the fill as it was; taking an empty slot
        raises it, and if that would pass the maximum the table is rebuilt
        first and the slot looked for again.
        """
        event = None
        slots = self._slots
        if slots[slot] is _TOMBSTONE_ENTRY:
            self._tombstones -= 1
        elif self._size + self._tombstones >= self._fill_limit:
            event = self._rehash(self._capacity_to_grow_to(1))
            slot = self._free_slot(h)
        entry = self._new_entry(h, key, value)
        if self._robin_hood:        # the last key it moves on ends in slot
            robin_hood.place(self._slots, self._hashes, self._mask, entry)
        else:
            self._slots[slot], self._hashes[slot] = entry, h
        if (slot - h) & self._mask > PROBE_LIMIT and self._linear:
            event = self._mix_if_piled_up(h) or event
        self._announce(event)

    def _mix_if_piled_up(self, h: int) -> Optional[ResizeEvent]:
        """After a long linear run: if patterned keys piled up at the home
        of ``h``, switch to the mixed hash (see ``dsa/hashtable.py``)."""
        mask = self._mask
        if self._hash is hash and _one_home(self._slots, mask, h & mask):
            return start_mixing(self)
        return None

    def _place_new(self, h: int, key: Any, value: Any) -> int:
        self._insert(self._free_slot(h), key, h, value)
        return 0

    def _unlink(self, entry: Entry) -> None:
        """Replace ``entry``'s slot with a tombstone: emptying it would make
        the keys further along the same probe path unreachable (Robin Hood:
        empty it and shift those keys back)."""
        slots = self._slots
        for i in self._probe(entry.hash, self._mask):
            if slots[i] is entry:
                break
        if self._robin_hood:
            robin_hood.shift_back(slots, self._hashes, self._mask, i)
        else:
            slots[i] = _TOMBSTONE_ENTRY
            self._tombstones += 1

    # -- resizing -------------------------------------------------------------------

    def _too_full(self, extra: int) -> bool:
        """Would ``extra`` more occupied slots push the fill past the maximum?"""
        return self._size + self._tombstones + extra > self._fill_limit

    def _load_changed(self) -> None:
        # The fill limit as a whole number of slots, worked out once per
        # resize rather than on every insertion (a float product per
        # insertion cost a tenth of it).  For a whole number n of occupied
        # slots, n > max_load * capacity exactly when n > this floor.
        self._fill_limit = int(self._max_load * len(self._slots))

    def _capacity_to_grow_to(self, extra: int) -> int:
        """The capacity of the rebuilt table, chosen from the LIVE keys: room
        for twice them, so the next rebuild is at least as many insertions
        away as this one cost; never smaller than now.  With no tombstones
        this is exactly a doubling; full of tombstones, the same size."""
        capacity = len(self._slots)
        while (self._size + extra > self._max_load * capacity
               or 2 * self._size > self._max_load * capacity):
            capacity *= 2
        return capacity

    def _rehash(self, new_capacity: int,
                remix: Optional[Callable[[int], int]] = None
                ) -> Optional[ResizeEvent]:
        """Place every live key, in insertion order, in a fresh slot array
        (after ``remix``, if given, has replaced each stored hash).
        Tombstones are not copied."""
        old_capacity, old_slots = len(self._slots), self._slots
        mask = new_capacity - 1
        # With no deletions since the last compaction the entries list holds
        # no holes: it is the live keys already, and copying it would cost a
        # tenth of the rebuild.
        live: list[Entry] = (cast("list[Entry]", self._entries)
                             if len(self._entries) == self._size
                             else self._live_entries())
        if remix is not None:
            for entry in live:
                entry.hash = remix(entry.hash)
        slots: list[Optional[Entry]] = [None] * new_capacity
        # A zeroed array, then one store per live key: only the live hashes
        # are converted to machine words (building the array from a list of
        # every slot's word converts the empty ones too, and was slower).
        hashes = array("q", bytes(8 * new_capacity))
        if self._robin_hood:
            for entry in live:
                robin_hood.place(slots, hashes, mask, entry)
        else:
            _place_all(slots, hashes, mask, live, self._linear)
        cleared = self._tombstones
        self._slots, self._hashes = slots, hashes
        self._mask, self._tombstones = mask, 0
        self._load_changed()
        self.resize_count += 1
        if self._on_resize is None:
            return None
        old, new = _slot_by_entry(old_slots), _slot_by_entry(slots)
        moves = tuple((e.key, old[id(e)], new[id(e)]) for e in live
                      if old[id(e)] != new[id(e)])
        return ResizeEvent(old_capacity, new_capacity, len(moves), len(live),
                           moves, cleared)

    # -- construction -----------------------------------------------------------------

    def __init__(self, mapping_or_iterable: Any = (), /, *,
                 max_load_factor: Optional[float] = None,
                 hash_function: Optional[Callable[[Any], int]] = None,
                 capacity: Optional[int] = None,
                 on_resize: Optional[Callable[[ResizeEvent], Any]] = None,
                 probing: Optional[str] = None,
                 robin_hood: Optional[bool] = None, **kwargs: Any) -> None:
        """Build a table exactly as ``dict(mapping_or_iterable, **kwargs)``.

        Options as for :class:`ChainedHashTable`, except that
        ``max_load_factor`` (default 2/3, where CPython's dict grows) must be
        below 1 and limits the *fill factor*, ``(live keys + tombstones) /
        capacity``; plus ``probing``: ``"linear"`` or ``"perturb"``, and
        ``robin_hood`` (linear probing only, else ValueError).

        Teaching surface: as for the chained table, plus ``fill_factor``,
        ``tombstones``, ``probing``, ``robin_hood`` and
        ``probe_sequence(key)``.
        """
        self._initialise(mapping_or_iterable, kwargs,
                         max_load_factor=max_load_factor,
                         hash_function=hash_function, capacity=capacity,
                         on_resize=on_resize, probing=probing,
                         robin_hood=robin_hood)

    def _valid_extra_options(self, probing: str = "linear",
                             robin_hood: bool = False,
                             **more: Any) -> dict[str, Any]:
        super()._valid_extra_options(**more)       # no other option exists
        if probing not in ("linear", "perturb"):
            raise ValueError(
                f"probing must be 'linear' or 'perturb', not {probing!r}")
        return {"_linear": probing == "linear",
                "_robin_hood": robin_hood_option(robin_hood, probing)}

    def _options(self) -> dict[str, Any]:
        options = super()._options()
        options["probing"] = self.probing
        options["robin_hood"] = self._robin_hood
        return options

    @property
    def probing(self) -> str:
        """``"linear"`` or ``"perturb"``."""
        return "linear" if self._linear else "perturb"

    @property
    def robin_hood(self) -> bool:
        """Robin Hood placement and backward-shift deletion (no tombstones)?"""
        return self._robin_hood

    @property
    def fill_factor(self) -> float:
        """Occupied slots, tombstones included, per slot."""
        return (self._size + self._tombstones) / len(self._slots)

    @property
    def tombstones(self) -> int:
        """The number of tombstones in the slot array."""
        return self._tombstones

    def _reset(self, capacity: int) -> None:
        self._slots = [None] * capacity
        self._hashes = array("q", bytes(8 * capacity))
        self._mask = capacity - 1
        self._tombstones = 0
        self._load_changed()
        self._clear_entries()

    def _arrays(self) -> tuple[Any, ...]:
        """The structure's arrays: the slots and their stored hashes."""
        return (self._slots, self._hashes)

    def _capacity(self) -> int:
        return len(self._slots)

    # -- pictures and checks ------------------------------------------------------

    def slots(self) -> list[Any]:
        """A snapshot of the slot array: a key, ``None`` (empty) or
        :data:`TOMBSTONE` for each slot."""
        return [None if e is None else TOMBSTONE if e is _TOMBSTONE_ENTRY
                else e.key for e in self._slots]

    def _probes_to_reach(self, h: int, slot: int) -> int:
        """Slots a search for hash ``h`` examines to reach ``slot`` (0 if an
        empty slot, or a full cycle, comes first)."""
        slots = self._slots
        for count, i in enumerate(self._probe(h, self._mask), 1):
            if i == slot:
                return count
            if slots[i] is None or count > len(slots) + 64:
                return 0
        return 0  # pragma: no cover - the probe never ends

    def _probes_to_miss(self, h: int) -> int:
        """Slots a search for an absent key with hash ``h`` examines."""
        slots = self._slots
        if self._robin_hood:
            return robin_hood.probes_to_miss(slots, self._hashes, self._mask, h)
        for count, i in enumerate(self._probe(h, self._mask), 1):
            if slots[i] is None:
                return count
        return 0  # pragma: no cover - there is always an empty slot

    def stats(self) -> ProbeStats:
        """Probe-length statistics of the table as it is now."""
        probes = [self._probes_to_reach(e.hash, i)
                  for i, e in enumerate(self._slots)
                  if e is not None and e is not _TOMBSTONE_ENTRY]
        capacity = len(self._slots)
        misses = [self._probes_to_miss(slot) for slot in range(capacity)]
        return ProbeStats(
            capacity=capacity, size=self._size,
            load_factor=self._size / capacity,
            fill_factor=(self._size + self._tombstones) / capacity,
            tombstones=self._tombstones, histogram=histogram(probes),
            longest_probe=max(probes, default=0),
            expected_probes_hit=sum(probes) / len(probes) if probes else 0.0,
            expected_probes_miss=sum(misses) / capacity)

    def check_invariants(self) -> None:
        """Raise AssertionError unless the table is internally consistent.

        The slot array is a power of two; every key is reachable from its
        home slot along its probe sequence without crossing an empty slot;
        the fill factor is at most the maximum (so an empty slot exists);
        ``len`` equals the live entries of the dense list and of the slots;
        the tombstone counter equals the tombstones present; with
        ``robin_hood``, none, and the Robin Hood invariant of
        ``dsa/_robin_hood.py``.
        """
        _check_slots(self)


def _check_slots(table: OpenAddressingHashTable) -> None:
    """The checks ``OpenAddressingHashTable.check_invariants`` describes."""
    capacity = len(table._slots)
    check_common(table, capacity)
    tombstones, seen = 0, set[int]()
    for i, entry in enumerate(table._slots):
        if entry is None:
            continue
        if entry is _TOMBSTONE_ENTRY:
            tombstones += 1
            continue
        require(type(entry) is Entry,
                lambda: f"slot {i} holds {entry!r}, not an entry")
        check_entry(table, entry, seen, f"slot {i}")
        require(table._hashes[i] == entry.hash,
                lambda: f"slot {i} records hash word {table._hashes[i]}, "
                f"not that of key {entry.key!r}")
        require(table._probes_to_reach(entry.hash, i) > 0,
                lambda: f"key {entry.key!r} in slot {i} cannot be reached "
                f"from its home slot {entry.hash & table._mask} without "
                f"crossing an empty slot")
    require(len(seen) == table._size,
            f"slots hold {len(seen)} keys but len() is {table._size}")
    require(tombstones == table._tombstones,
            f"{tombstones} tombstones present but the counter says "
            f"{table._tombstones}")
    require(len(seen) + tombstones <= table._max_load * capacity,
            f"fill factor {(len(seen) + tombstones) / capacity} is above "
            f"max_load_factor {table._max_load}")
    if table._robin_hood:
        robin_hood.check(table)
