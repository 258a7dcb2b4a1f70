"""Robin Hood placement and backward-shift deletion, for linear probing.

The option ``robin_hood=True`` of
:class:`dsa.hashtable.OpenAddressingHashTable` changes where a new key goes
and what a deletion leaves behind; lookups follow the same linear probe
sequence as before, and may stop sooner.

The *distance* of an entry is how far its slot lies to the right of its
home slot, ``(slot - hash) & mask``.  Plain linear probing puts a new key
in the first free slot, so a key that arrives late behind a pile-up may
travel far while its neighbours sit at home.  Robin Hood placement takes
from the rich and gives to the poor: walking right from its home, the new
key takes the first slot whose resident is nearer to its own home than
the new key is to its, and the resident walks on in its place.  The
lengths of the probes even out: the mean is the same, the variance and
the longest probe shrink.

The rule leaves one invariant, the one :func:`check` tests: along a run of
occupied slots the distance rises by at most one from a slot to the next,
``distance(i + 1) <= distance(i) + 1`` (it may drop by any amount, down
to 0 where a key sits at home), and the slot after an empty one holds a
key at home.  Two things follow:

* a search that has travelled ``d`` slots and meets a resident of
  distance below ``d`` can stop: its key would have taken that slot;
* a deletion needs no tombstone.  Backward shift empties the slot, then
  pulls each following entry one slot back towards its home, until an
  empty slot or an entry already at its home; the invariant holds again
  and no key lies beyond an empty slot of its path.

Every function here reads only stored hashes, never a key's ``__hash__``
or ``__eq__`` (the search apart), so a placement or a shift cannot fail
half-way.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any, Optional

from dsa._hashtable_parts import Entry, require

if TYPE_CHECKING:                          # only for the annotations
    from dsa.open_addressing import OpenAddressingHashTable

__all__ = ["valid_option", "place", "find", "shift_back", "probes_to_miss",
           "check"]


def valid_option(robin_hood: Any, probing: str) -> bool:
    """Validate ``robin_hood=``: a bool, and True only with linear probing."""
    if not isinstance(robin_hood, bool):
        raise TypeError(
            f"robin_hood must be True or False, not {type(robin_hood).__name__}")
    if robin_hood and probing != "linear":
        raise ValueError(
            "robin_hood=True needs probing='linear': Robin Hood placement and "
            f"backward-shift deletion move keys along a run, not {probing!r} "
            "jumps")
    return robin_hood


def place(slots: list[Optional[Entry]], hashes: array[int], mask: int,
          entry: Entry) -> None:
    """Put ``entry`` on its linear path, taking from the rich.

    Walk right from the home slot; where the resident is nearer to its home
    than the travelling entry is to its own, the two change places and the
    resident travels on.  The walk ends at the first empty slot.
    """
    i = entry.hash & mask
    travelled = 0
    while True:
        resident = slots[i]
        if resident is None:
            slots[i], hashes[i] = entry, entry.hash
            return
        distance = (i - hashes[i]) & mask
        if distance < travelled:            # the resident is richer: swap
            slots[i], hashes[i] = entry, entry.hash
            entry, travelled = resident, distance
        i = (i + 1) & mask
        travelled += 1


def find(table: OpenAddressingHashTable, key: Any,
         h: int) -> Optional[Entry]:
    """The entry of ``key``, or None, stopping early where the key would be.

    As the table's own ``_find``, it starts again if ``==`` changed the
    table; here a change also moves entries (an insertion or a backward
    shift), so the search restarts whenever its entry left its slot.
    """
    while True:
        slots, hashes, mask = table._slots, table._hashes, table._mask
        i = h & mask
        travelled = 0
        entry = slots[i]
        while entry is not None and (i - hashes[i]) & mask >= travelled:
            if hashes[i] == h:
                if entry.key is key:
                    return entry
                matched = bool(entry.key == key)   # may run any code
                if table._slots is not slots or slots[i] is not entry:
                    break                          # table changed: restart
                if matched:
                    return entry
            i = (i + 1) & mask
            travelled += 1
            entry = slots[i]
        else:
            return None


def shift_back(slots: list[Optional[Entry]], hashes: array[int], mask: int,
               hole: int) -> None:
    """Delete the entry of slot ``hole`` without a tombstone.

    Each following entry moves one slot back, nearer to its home, until an
    empty slot or an entry at its home (which must not leave it); the last
    slot moved from becomes empty.
    """
    after = (hole + 1) & mask
    while slots[after] is not None and (after - hashes[after]) & mask:
        slots[hole], hashes[hole] = slots[after], hashes[after]
        hole, after = after, (after + 1) & mask
    slots[hole] = None


def probes_to_miss(slots: list[Optional[Entry]], hashes: array[int],
                   mask: int, home: int) -> int:
    """Slots a search for an absent key from ``home`` examines: up to an
    empty slot or a resident nearer to its home, that one included."""
    i, travelled = home & mask, 0
    while slots[i] is not None and (i - hashes[i]) & mask >= travelled:
        i = (i + 1) & mask
        travelled += 1
    return travelled + 1


def check(table: Any) -> None:
    """The Robin Hood invariant (see the module) and no tombstones."""
    slots, hashes, mask = table._slots, table._hashes, table._mask
    require(table._tombstones == 0,
            f"{table._tombstones} tombstones in a backward-shift table")
    for i, entry in enumerate(slots):
        after = (i + 1) & mask
        if slots[after] is None:
            continue
        gain = (after - hashes[after]) & mask
        limit = 0 if entry is None else ((i - hashes[i]) & mask) + 1
        require(gain <= limit,
                lambda: f"slot {after} holds a key at distance {gain} after "
                f"{'an empty slot' if entry is None else 'a key at distance '}"
                f"{'' if entry is None else limit - 1}: the distance may "
                "rise by at most one along a run")
