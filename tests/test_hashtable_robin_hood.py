"""Robin Hood placement and backward-shift deletion (``robin_hood=True``).

The dict semantics of the option run with every other kind in
test_hashtable.py and the family state machine; here are the slots it
chooses, the searches it cuts short and the tombstones it never leaves.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dsa.hashtable import TOMBSTONE, OpenAddressingHashTable


def identity_hash(key):
    return key


def table_of(keys, **options):
    table = OpenAddressingHashTable(hash_function=identity_hash, capacity=16,
                                    **options)
    for key in keys:
        table[key] = str(key)
    return table


# 0 and 1 sit at home; 16 and 32 also have home 0 and arrive later.
PILE = [0, 1, 16, 32]


def distances(table):
    mask = table.capacity - 1
    return [None if k is None else (i - table.slot_of(k)) & mask
            for i, k in enumerate(table.slots())]


def probe_lengths(table):
    """The probes to reach each key, from the histogram of stats()."""
    return [length for length, count in table.stats().histogram.items()
            for _ in range(count)]


def variance(values):
    mean = sum(values) / len(values)
    return sum((v - mean) ** 2 for v in values) / len(values)


def test_a_late_key_takes_the_slot_of_a_richer_resident():
    plain, robin = table_of(PILE), table_of(PILE, robin_hood=True)
    assert plain.slots()[:5] == [0, 1, 16, 32, None]
    # 16 takes slot 1 from 1 (at home, distance 0 < 1); 32 takes slot 2
    # from 1 (distance 1 < 2), and 1 ends one slot further on.
    assert robin.slots()[:5] == [0, 16, 32, 1, None]
    assert distances(plain)[:4] == [0, 0, 2, 3]
    assert distances(robin)[:4] == [0, 1, 2, 2]
    assert list(robin.items()) == list(plain.items())   # order is untouched
    robin.check_invariants()


def test_a_miss_stops_at_a_resident_nearer_home():
    plain, robin = table_of(PILE), table_of(PILE, robin_hood=True)
    # From home 0 the plain search walks to the empty slot 4 (5 probes); the
    # Robin Hood one stops at slot 3, whose key 1 is 2 from home, not 3.
    # Every other home costs the same: 4, 3, 2, then 1 for each empty slot.
    assert plain.stats().expected_probes_miss == (5 + 4 + 3 + 2 + 12) / 16
    assert robin.stats().expected_probes_miss == (4 + 4 + 3 + 2 + 12) / 16
    assert 48 not in robin and robin.get(48) is None
    with pytest.raises(KeyError):
        robin[48]


def test_backward_shift_leaves_no_tombstone():
    robin = table_of(PILE, robin_hood=True)
    del robin[16]
    # 32 and 1 each move one slot back; slot 3 is empty again.
    assert robin.slots()[:5] == [0, 32, 1, None, None]
    assert robin.tombstones == 0 and robin.fill_factor == robin.load_factor
    del robin[0]
    # 32 is at distance 1, 1 too: both shift back; 1 comes home.
    assert robin.slots()[:3] == [32, 1, None]
    assert dict(robin) == {32: "32", 1: "1"}
    robin.check_invariants()
    plain = table_of(PILE)
    del plain[16]
    assert plain.slots()[:4] == [0, 1, TOMBSTONE, 32] and plain.tombstones == 1


@given(keys=st.lists(st.integers(-200, 200), unique=True, max_size=80),
       seed=st.integers(0, 2**32))
def test_after_deleting_half_every_key_is_reachable(keys, seed):
    table = OpenAddressingHashTable(robin_hood=True,
                                    hash_function=lambda k: k % 7)
    table.update(dict.fromkeys(keys, 0))
    gone = random.Random(seed).sample(keys, len(keys) // 2)
    for key in gone:
        del table[key]
        table.check_invariants()
    assert TOMBSTONE not in table.slots() and table.tombstones == 0
    kept = [k for k in keys if k not in gone]
    assert list(table) == kept and all(k in table for k in kept)
    assert not any(k in table for k in gone)


def test_probe_lengths_even_out_at_load_0_9():
    keys = random.Random(2024).sample(range(10**9), 921)
    tables = [OpenAddressingHashTable(dict.fromkeys(keys), capacity=1024,
                                      max_load_factor=0.9, robin_hood=rh)
              for rh in (False, True)]
    plain, robin = (probe_lengths(t) for t in tables)
    assert all(t.capacity == 1024 and len(t) == 921 for t in tables)
    # The same keys fill the same slots either way, so the probes add up
    # to the same total: the mean is equal, only the spread differs.
    assert [k is None for k in tables[0].slots()] == \
        [k is None for k in tables[1].slots()]
    assert sum(plain) == sum(robin)
    assert variance(robin) < variance(plain) / 2
    assert max(robin) < max(plain)
    for table in tables:
        table.check_invariants()


def test_the_option_is_validated_and_kept():
    assert OpenAddressingHashTable().robin_hood is False
    with pytest.raises(ValueError, match="probing='linear'"):
        OpenAddressingHashTable(probing="perturb", robin_hood=True)
    with pytest.raises(TypeError, match="True or False"):
        OpenAddressingHashTable(robin_hood=1)
    table = table_of(PILE, robin_hood=True)
    for twin in (table.copy(), copy.copy(table),
                 pickle.loads(pickle.dumps(table))):
        assert twin.robin_hood and twin.slots() == table.slots()
    assert repr(table) == repr(table_of(PILE))
    # robin_hood is an option, not a key; a key of that name is stored so.
    named = OpenAddressingHashTable(robin_hood=True, capacity=16)
    named["robin_hood"] = 1
    assert dict(named) == {"robin_hood": 1} and named.robin_hood is True
    assert dict(OpenAddressingHashTable({"robin_hood": 2})) == {"robin_hood": 2}


def test_switching_the_option_rebuilds_the_table():
    table = table_of(PILE)
    del table[1]
    table.__init__(robin_hood=True)
    assert table.robin_hood and table.tombstones == 0
    assert dict(table) == {0: "0", 16: "16", 32: "32"}
    table.check_invariants()
    with pytest.raises(ValueError):
        table.__init__(probing="perturb")      # still Robin Hood: refused
    assert table.probing == "linear" and table.robin_hood


def test_the_checker_catches_a_broken_run():
    table = table_of(PILE, robin_hood=True)
    slots = table._slots
    slots[1], slots[3] = slots[3], slots[1]    # 16 now sits behind 1
    table._hashes[1], table._hashes[3] = table._hashes[3], table._hashes[1]
    with pytest.raises(AssertionError, match="rise by at most one"):
        table.check_invariants()
