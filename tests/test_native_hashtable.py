"""Tests of the C hash-table twins (dsa.native.hashtable, native/hashtable*.c).

Skipped as a whole when the C twins were not built.  Also run by the CI
against an AddressSanitizer + UBSan build (DSA_NATIVE_DIR), so they push on
the edges: int64 limits, every key in one chain, tombstones everywhere,
resizes up and down, rejected operations, iteration while changing, and
four threads on one table.
"""

from __future__ import annotations

import copy
import decimal
import fractions
import operator
import pickle
import random
import threading
import time

import pytest

native = pytest.importorskip("dsa.native")
if not native.available:
    pytest.skip(f"C twins not built: {native.why_unavailable}",
                allow_module_level=True)

from hypothesis import strategies as st  # noqa: E402

from helpers import outcome  # noqa: E402

from dsa.native import ChainedHashTable, OpenAddressingHashTable  # noqa: E402
from dsa.native import hashtable as nh  # noqa: E402

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
MASK64 = 2**64 - 1
HASHES = ["keyed", "identity", "constant"]
LINE = 64

# Every configuration the tables can be made in: both tables, all three
# hash functions, both node sources.
CONFIGS = [(ChainedHashTable, dict(hash_function=h, nodes=n))
           for h in HASHES for n in ("malloc", "pool")]
CONFIGS += [(OpenAddressingHashTable, dict(hash_function=h)) for h in HASHES]
CONFIG_IDS = [f"{cls.__name__[:4]}-{'-'.join(o.values())}"
              for cls, o in CONFIGS]

# Keys: small ones (collide often, also under the identity hash), multiples
# of 1024 (all share a home under the identity hash), the int64 edges, and
# anything.
KEYS = st.one_of(
    st.integers(min_value=-4, max_value=12),
    st.integers(min_value=0, max_value=20).map(lambda i: i * 1024),
    st.sampled_from([INT64_MIN, INT64_MIN + 1, INT64_MAX, INT64_MAX - 1,
                     -1, 0]),
    st.integers(min_value=INT64_MIN, max_value=INT64_MAX),
)
VALUES = st.one_of(st.integers(min_value=-3, max_value=3),
                   st.integers(min_value=INT64_MIN, max_value=INT64_MAX))
# Things that are not int64 keys/values, each with the exception a store
# must raise.
BAD = st.sampled_from([("a", TypeError), (1.5, TypeError), (None, TypeError),
                       (2**63, OverflowError), (INT64_MIN - 1, OverflowError),
                       (2**100, OverflowError), (b"x", TypeError)])


def make(cls, options, *args, **more):
    return cls(*args, **options, **more)


def snapshot(table):
    """Everything a rejected operation must leave alone."""
    return (dict(table.items()), table.slots(), table.capacity,
            table.resize_count)


def lines_of(address, size):
    return set(range(address // LINE, (address + size - 1) // LINE + 1))




# ---------------------------------------------------------------------------
# Resizing
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("cls,options", CONFIGS, ids=CONFIG_IDS)
def test_resize_moves_every_key_where_its_hash_names(cls, options):
    table = make(cls, options, seed=7)
    rng = random.Random(1)
    keys = []
    n = 100 if options["hash_function"] == "constant" else 600
    for _ in range(n):
        key = rng.randrange(INT64_MIN, INT64_MAX + 1)
        where = {k: table.slot_holding(k) for k in keys}
        before = (table.capacity, table.resize_count, len(table))
        table[key] = 1
        keys.append(key)
        if table.capacity == before[0]:
            assert table.resize_count == before[1]
            continue
        # One resize, doubling, every old key rehashed.
        assert table.capacity == 2 * before[0]
        assert table.resize_count == before[1] + 1
        event = table.last_resize
        assert (event.old_capacity, event.new_capacity) == (before[0],
                                                            2 * before[0])
        assert event.keys_total == before[2]
        assert event.keys_moved == sum(
            table.slot_holding(k) != slot for k, slot in where.items())
        cap = table.capacity
        slots = table.slots()
        for k in keys:
            home = table.slot_of(k)
            assert home == table.hash_of(k) & (cap - 1)
            if cls is ChainedHashTable:
                assert k in slots[home] and table.slot_holding(k) == home
            else:   # the home, or the first free slot after it
                i = home
                while slots[i] != k:
                    assert slots[i] is not None
                    i = (i + 1) % cap
                assert table.slot_holding(k) == i
        table.check_invariants()


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
def test_growth_happens_exactly_when_the_load_would_pass_the_maximum(cls):
    for max_load in (0.3, 0.5, 2 / 3, 0.9) + ((1.0, 2.5) if cls is
                                               ChainedHashTable else ()):
        table = cls(max_load_factor=max_load, seed=3)
        for key in range(300):
            cap = table.capacity
            grows = len(table) + 1 > max_load * cap
            table[key * 7919] = key
            assert (table.capacity != cap) == grows
            assert len(table) <= max_load * table.capacity


def test_worked_example_every_key_moves_from_slot_0_to_slot_8():
    # Identity hash: 8, 24 and 40 all have h % 8 == 0 and h % 16 == 8.
    table = ChainedHashTable({8: 1, 24: 2, 40: 3}, hash_function="identity")
    buckets = table.slots()
    assert sorted(buckets[0]) == [8, 24, 40]
    assert [len(b) for b in buckets] == [3, 0, 0, 0, 0, 0, 0, 0]
    events = []
    table.on_resize = events.append
    table.max_load_factor = 0.25       # 3 > 0.25 * 8: resize now
    assert table.capacity == 16
    assert table.resize_count == 1
    assert events == [table.last_resize]
    assert events[0] == nh.ResizeEvent(old_capacity=8, new_capacity=16,
                                       keys_moved=3, keys_total=3)
    assert sorted(table.slots()[8]) == [8, 24, 40]
    table.check_invariants()


def test_open_addressing_tombstones_count_and_are_cleared_by_a_resize():
    table = OpenAddressingHashTable(capacity=64, seed=5)
    assert table.capacity == 64
    for key in range(40):
        table[key] = key
    for key in range(38):
        del table[key]
    assert table.tombstones == 38 and len(table) == 2
    assert table.slots().count(nh.TOMBSTONE) == 38
    table.check_invariants()
    assert table.fill_factor == 40 / 64
    # New keys may reuse tombstones; the first that takes an empty slot past
    # the limit (42 = floor(2/3 * 64)) rebuilds, choosing the capacity from
    # the live keys: 64 doubled while len + 1 or 2 * len would not fit.
    key = 1000
    while table.resize_count == 0:
        live_before, tombs_before = len(table), table.tombstones
        table[key] = key
        key += 1
        assert len(table) + table.tombstones <= 2 / 3 * table.capacity
    want = 64
    while live_before + 1 > 2 / 3 * want or 2 * live_before > 2 / 3 * want:
        want *= 2
    assert table.capacity == want and table.tombstones == 0
    event = table.last_resize
    assert event.keys_total == live_before
    assert event.tombstones_cleared == tombs_before
    table.check_invariants()


def test_open_addressing_rebuilds_a_clogged_table_at_the_same_size():
    # Identity hash: key k's home is k % 64.  Fill slots 0..41 (the limit is
    # floor(2/3 * 64) = 42), delete 0..39, then store a key whose path meets
    # no tombstone: 2 live + 40 tombstones + 1 > 42, so the table is rebuilt,
    # at 64 slots, since 3 live keys fit there.
    table = OpenAddressingHashTable(capacity=64, hash_function="identity")
    for key in range(42):
        table[key] = key
    for key in range(40):
        del table[key]
    assert table.tombstones == 40 and table.resize_count == 0
    table[50] = 50
    assert table.capacity == 64 and table.resize_count == 1
    assert table.last_resize == nh.ResizeEvent(
        old_capacity=64, new_capacity=64, keys_moved=0, keys_total=2,
        tombstones_cleared=40)
    assert table.tombstones == 0
    assert dict(table) == {40: 40, 41: 41, 50: 50}
    table.check_invariants()


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
def test_resize_on_demand_and_clear(cls):
    table = cls({k: k for k in range(20)}, seed=3)
    assert table.capacity == 32
    table.resize(1000)                       # rounded up to 1024
    assert table.capacity == 1024 and table.resize_count == 3
    table.resize(32)                          # shrinking on purpose
    assert table.capacity == 32 and dict(table) == {k: k for k in range(20)}
    with pytest.raises(ValueError):
        table.resize(16)                      # 20 keys do not fit 0.75 * 16
    with pytest.raises(ValueError):
        table.resize(-1)
    assert table.capacity == 32
    table.check_invariants()
    table.clear()
    assert table.capacity == 8 and len(table) == 0
    table.check_invariants()
    table.update((k, -k) for k in range(100))
    assert table.capacity == 256 and table[99] == -99
    table.check_invariants()


def test_open_addressing_reuses_the_first_tombstone_on_the_path():
    table = OpenAddressingHashTable(hash_function="constant", seed=1)
    for key in range(4):
        table[key] = key          # slots 0, 1, 2, 3 in order
    del table[1]
    assert table.slots()[1] is nh.TOMBSTONE
    table[99] = 99                # probes 0, 1 (tombstone), 2, 3, 4 (empty)
    assert table.slot_holding(99) == 1 and table.tombstones == 0
    assert table.slot_of(99) == 0
    table[2] = -2                 # an overwrite stays where it is
    assert table.slot_holding(2) == 2
    table.check_invariants()


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
def test_lowering_max_load_resizes_at_once_and_raising_never_shrinks(cls):
    table = cls({k: k for k in range(50)}, seed=2)
    cap = table.capacity
    table.max_load_factor = 0.9 if cls is OpenAddressingHashTable else 4.0
    assert table.capacity == cap
    table.max_load_factor = 0.1
    assert table.capacity > cap and len(table) <= 0.1 * table.capacity
    table.check_invariants()
    for bad, error in (("x", TypeError), (True, TypeError), (0, ValueError),
                       (-1, ValueError), (float("nan"), ValueError),
                       (float("inf"), ValueError)):
        with pytest.raises(error):
            table.max_load_factor = bad
    with pytest.raises(ValueError):
        OpenAddressingHashTable().max_load_factor = 1.0
    assert table.max_load_factor == 0.1


# ---------------------------------------------------------------------------
# Errors and dict behaviour
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("cls,options", CONFIGS, ids=CONFIG_IDS)
def test_lookups_of_keys_that_cannot_be_stored_find_nothing(cls, options):
    table = make(cls, options, {1: 10, 3: 30, INT64_MAX: 7})
    for absent in ("a", b"1", 1.5, 2**63, -(2**63) - 1, 2**80,
                   float("nan"), float("inf"), (1,), None):
        assert absent not in table
        assert table.get(absent) is None
        assert table.pop(absent, "d") == "d"
        with pytest.raises(KeyError):
            table[absent]
        with pytest.raises(KeyError):
            del table[absent]
        with pytest.raises(KeyError):
            table.pop(absent)
    # Numbers equal to a stored int find it, as in a dict.
    reference = {1: 10, 3: 30, INT64_MAX: 7}
    for number in (1.0, True, fractions.Fraction(3, 1), decimal.Decimal(3),
                   complex(3, 0), 3.5, complex(3, 1), float(INT64_MAX),
                   decimal.Decimal("NaN")):
        assert (number in table) == (number in reference), number
        assert table.get(number) == reference.get(number), number
    assert table[1.0] == 10 and table[True] == 10
    assert table[fractions.Fraction(3)] == 30 and table[complex(3, 0)] == 30
    for unhashable in ([], {}, set()):
        with pytest.raises(TypeError):
            unhashable in table
        with pytest.raises(TypeError):
            table[unhashable]
    assert dict(table) == {1: 10, 3: 30, INT64_MAX: 7}


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
def test_rejected_operations_leave_the_table_unchanged(cls):
    table = cls({1: 2, INT64_MIN: INT64_MAX}, seed=9)
    before = snapshot(table)
    attempts = [
        (TypeError, lambda: table.__setitem__("a", 1)),
        (TypeError, lambda: table.__setitem__(1.0, 1)),
        (TypeError, lambda: table.__setitem__([], 1)),
        (OverflowError, lambda: table.__setitem__(2**63, 1)),
        (TypeError, lambda: table.__setitem__(5, "x")),
        (TypeError, lambda: table.__setitem__(5, None)),
        (TypeError, lambda: table.__setitem__(5, 2.0)),
        (OverflowError, lambda: table.__setitem__(5, -(2**63) - 1)),
        (TypeError, lambda: table.update({7: 7, "a": 1})),
        (OverflowError, lambda: table.update({7: 7, 8: 2**64})),
        (ValueError, lambda: table.update([(7, 7), (1, 2, 3)])),
        (TypeError, lambda: table.update([(7, 7), 5])),
        (TypeError, lambda: table.update(a=1)),
        (TypeError, lambda: table.setdefault(99)),
        (OverflowError, lambda: table.setdefault(2**64, 1)),
        (TypeError, lambda: table.fromkeys([1, 2])),
    ]
    for error, attempt in attempts:
        with pytest.raises(error):
            attempt()
        assert snapshot(table) == before
    assert table.setdefault(1) == 2           # present: no value needed
    assert table.setdefault(1.0, "x") == 2
    with pytest.raises(KeyError, match="empty"):
        cls().popitem()


def test_bad_options_are_refused():
    for cls in (ChainedHashTable, OpenAddressingHashTable):
        for options, error in (
                (dict(max_load_factor=0), ValueError),
                (dict(max_load_factor=-0.5), ValueError),
                (dict(max_load_factor=float("nan")), ValueError),
                (dict(max_load_factor="big"), TypeError),
                (dict(hash_function="md5"), ValueError),
                (dict(hash_function=hash), TypeError),
                (dict(seed=-1), ValueError),
                (dict(seed=2**64), ValueError),
                (dict(seed=1.0), TypeError),
                (dict(capacity=-1), ValueError),
                (dict(capacity=2**62), MemoryError),
                (dict(capacity="8"), TypeError),
                (dict(a=1), TypeError)):
            with pytest.raises(error):
                cls(**options)
    with pytest.raises(ValueError):
        OpenAddressingHashTable(max_load_factor=1.0)
    with pytest.raises(ValueError):
        ChainedHashTable(nodes="arena")
    with pytest.raises(TypeError):
        OpenAddressingHashTable(nodes="pool")
    assert ChainedHashTable(max_load_factor=8).max_load_factor == 8.0
    assert ChainedHashTable(capacity=0).capacity == 8
    assert OpenAddressingHashTable(capacity=100).capacity == 128


@pytest.mark.parametrize("tiny", [1e-300, 1e-9, 0.01, 0.0624])
def test_a_max_load_below_one_sixteenth_is_refused_as_the_python_twin_does(tiny):
    from dsa import hashtable as pure
    for cls, twin in ((ChainedHashTable, pure.ChainedHashTable),
                      (OpenAddressingHashTable, pure.OpenAddressingHashTable)):
        table = cls({1: 1}, seed=1)
        errors = []
        for target in (table, twin({1: 1})):
            with pytest.raises(ValueError) as caught:
                target.max_load_factor = tiny
            errors.append(str(caught.value))
            with pytest.raises(ValueError):
                type(target)(max_load_factor=tiny)
        assert errors[0] == errors[1]
        assert dict(table) == {1: 1} and table.capacity == 8
        table.max_load_factor = 1 / 16
        table[2] = 2
        assert table.capacity == twin({1: 1, 2: 2}, max_load_factor=1 / 16).capacity
        table.check_invariants()


@pytest.mark.parametrize("cls,options", CONFIGS, ids=CONFIG_IDS)
def test_dict_behaviour(cls, options):
    table = make(cls, options, [(1, 2), (3, 4), (1, 5)], seed=4)
    assert table == {1: 5, 3: 4} and {1: 5, 3: 4} == table
    assert table != {1: 5} and table != [1, 3]
    other = ChainedHashTable if cls is OpenAddressingHashTable else \
        OpenAddressingHashTable
    assert table == other({3: 4, 1: 5})
    assert set(table.keys()) == {1, 3} and table.keys() & {3, 9} == {3}
    assert sorted(table.values()) == [4, 5]
    assert sorted(table.items()) == [(1, 5), (3, 4)]
    assert (1, 5) in table.items() and 5 in table.values()
    name = f"dsa.native.{cls.__name__}"
    assert repr(table) == f"<{name} in slot order: {dict(table.items())!r}>"
    assert repr(cls()) == f"<{name} in slot order: {{}}>"
    with pytest.raises(TypeError):
        table.get(key=1)                      # positional-only, as dict
    twin = table.copy()
    twin[1] = 0
    assert table[1] == 5 and list(twin) == list(table)
    for clone in (copy.copy(table), copy.deepcopy(table),
                  pickle.loads(pickle.dumps(table))):
        assert clone == table and type(clone) is cls
        assert clone.hash_function == table.hash_function
    restored = pickle.loads(pickle.dumps(table))
    assert restored.capacity == table.capacity
    assert [restored.hash_of(k) for k in (1, 3)] == [table.hash_of(k)
                                                     for k in (1, 3)]
    made = cls.fromkeys([3, 1, 3], 7, **options)
    assert made == {1: 7, 3: 7} and made.hash_function == table.hash_function
    with pytest.raises(TypeError):
        hash(table)
    assert table.hash_function == options["hash_function"]
    assert bool(table) and not bool(cls())
    assert table.pop(1) == 5 and 1 not in table


def test_hash_functions():
    keyed = OpenAddressingHashTable(seed=1)
    same = ChainedHashTable(seed=1)
    other = OpenAddressingHashTable(seed=2)
    keys = [0, 1, -1, INT64_MIN, INT64_MAX, 12345]
    assert [keyed.hash_of(k) for k in keys] == [same.hash_of(k) for k in keys]
    assert [keyed.hash_of(k) for k in keys] != [other.hash_of(k) for k in keys]
    identity = ChainedHashTable(hash_function="identity")
    assert [identity.hash_of(k) for k in keys] == [k & MASK64 for k in keys]
    constant = OpenAddressingHashTable(hash_function="constant")
    assert {constant.hash_of(k) for k in keys} == {0}
    # Without seed=, two tables draw different secrets.
    a, b = OpenAddressingHashTable(), OpenAddressingHashTable()
    assert [a.hash_of(k) for k in keys] != [b.hash_of(k) for k in keys]


def test_keys_prepared_against_one_secret_do_not_collide_under_another():
    """The flooding defence: collisions found for one seed mean nothing for
    another, while the identity hash's collisions hold for every table."""
    def chained(seed, hash_function="keyed"):
        return ChainedHashTable(capacity=1024, max_load_factor=100.0,
                                seed=seed, hash_function=hash_function)

    victim = chained(seed=1)
    attack = [k for k in range(200_000) if victim.slot_of(k) == 0][:60]
    assert len(attack) == 60
    victim.update((k, k) for k in attack)
    assert victim.stats().longest_chain == 60
    fresh = chained(seed=2)
    fresh.update((k, k) for k in attack)
    assert fresh.stats().longest_chain <= 5
    for seed in (1, 2, 3):
        weak = chained(seed, "identity")
        weak.update((k * 1024, k) for k in range(60))
        assert weak.stats().longest_chain == 60


# ---------------------------------------------------------------------------
# Iteration
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("cls,options", CONFIGS, ids=CONFIG_IDS)
def test_iteration_is_slot_order_not_insertion_order(cls, options):
    n = 700 if options["hash_function"] != "constant" else 300
    rng = random.Random(5)
    keys = rng.sample(range(-10**12, 10**12), n)
    table = make(cls, options, ((k, -k) for k in keys), seed=6)
    if cls is ChainedHashTable:
        expected = [k for chain in table.slots() for k in chain]
    else:
        expected = [s for s in table.slots()
                    if s is not None and s is not nh.TOMBSTONE]
    assert list(table) == expected           # more than one batch of 256
    assert list(table.items()) == [(k, -k) for k in expected]
    assert sorted(expected) == sorted(keys)
    if options["hash_function"] == "keyed":
        assert expected != keys


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
def test_changing_the_key_set_during_iteration_raises(cls):
    changes = [lambda t, k: t.__setitem__(10**6 + k, 0),
               lambda t, k: t.__delitem__(k),
               lambda t, k: t.pop(k),
               lambda t, k: t.popitem(),
               lambda t, k: t.clear(),
               lambda t, k: (t.__setitem__(-1, 0), t.__delitem__(-1)),
               lambda t, k: setattr(t, "max_load_factor", 1 / 16)]
    for change in changes:
        table = cls({k: k for k in range(600)})
        with pytest.raises(RuntimeError, match="changed"):
            for key in table:
                change(table, key)
        table.check_invariants()
    # Overwriting values is allowed, as in a dict.
    table = cls({k: k for k in range(600)})
    for key in table:
        table[key] = key + 1
    assert all(table[k] == k + 1 for k in range(600))
    # So is a change after the last item, if nothing more is asked for.
    it = iter(table)
    items = [next(it) for _ in range(600)]
    table[10**9] = 1
    with pytest.raises(RuntimeError):
        next(it)
    assert sorted(items) == list(range(600))


class KeysOfNoUse:
    """A mapping whose keys() returns something that cannot be iterated."""

    def keys(self):
        return 5

    def __getitem__(self, key):
        return 1


def _grow_while_iterating(table):
    for key in table:
        table[key + 100] = 1


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
@pytest.mark.parametrize("attempt", [
    lambda cls: cls().popitem(),
    lambda cls: cls().update(KeysOfNoUse()),
    lambda cls: cls(KeysOfNoUse()),
    lambda cls: _grow_while_iterating(cls({1: 2})),
], ids=["popitem of nothing", "update", "constructor", "growth while iterating"])
def test_errors_are_dicts_and_the_python_twins(cls, attempt):
    import dsa.hashtable as pure
    expected = outcome(attempt, dict)
    assert expected[0] == "raised"
    assert outcome(attempt, cls) == expected
    assert outcome(attempt, getattr(pure, cls.__name__)) == expected


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
def test_popitem_drains_in_slot_order(cls):
    table = cls({k * 13: k for k in range(3000)}, seed=8)
    order = list(table.items())
    drained = [table.popitem() for _ in range(3000)]
    assert drained == order and len(table) == 0
    table.check_invariants()
    table[5] = 5
    assert table.popitem() == (5, 5)


# ---------------------------------------------------------------------------
# Statistics against a recount
# ---------------------------------------------------------------------------

def histogram_of(counts):
    return {n: counts.count(n) for n in sorted(set(counts))}


def recount_chained(table):
    chains = [len(chain) for chain in table.slots()]
    n, cap = sum(chains), len(chains)
    used = [length for length in chains if length]
    successful = sum(length * (length + 1) // 2 for length in chains)
    return dict(capacity=cap, size=n, load_factor=n / cap,
                histogram=histogram_of(chains), longest_chain=max(chains),
                average_chain_length=n / len(used) if used else 0.0,
                expected_probes_hit=successful / n if n else 0.0,
                expected_probes_miss=n / cap)


def recount_open(table):
    slots = table.slots()
    cap = len(slots)
    keys = [(i, s) for i, s in enumerate(slots)
            if s is not None and s is not nh.TOMBSTONE]
    probes = [((i - table.slot_of(k)) % cap) + 1 for i, k in keys]
    misses = []
    for start in range(cap):
        i, count = start, 1
        while slots[i] is not None:
            i, count = (i + 1) % cap, count + 1
        misses.append(count)
    tombstones = slots.count(nh.TOMBSTONE)
    return dict(capacity=cap, size=len(keys), load_factor=len(keys) / cap,
                fill_factor=(len(keys) + tombstones) / cap,
                tombstones=tombstones, histogram=histogram_of(probes),
                longest_probe=max(probes, default=0),
                expected_probes_hit=(sum(probes) / len(probes)
                                     if probes else 0.0),
                expected_probes_miss=sum(misses) / cap)


@pytest.mark.parametrize("cls,options", CONFIGS, ids=CONFIG_IDS)
def test_stats_agree_with_a_recount(cls, options):
    recount = recount_chained if cls is ChainedHashTable else recount_open
    rng = random.Random(11)
    table = make(cls, options, seed=12)
    empty = table.stats()
    assert (empty.longest_chain if cls is ChainedHashTable
            else empty.longest_probe) == 0
    for round_ in range(4):
        for _ in range(150):
            table[rng.choice([rng.randrange(-500, 500),
                              rng.randrange(INT64_MIN, INT64_MAX)])] = 1
        for key in rng.sample(list(table), len(table) // 3):
            del table[key]
        stats = table.stats()
        assert type(stats) is (nh.ChainStats if cls is ChainedHashTable
                               else nh.ProbeStats)
        want = recount(table)
        assert set(want) == set(stats.__dataclass_fields__)
        for field, value in want.items():
            got = getattr(stats, field)
            if isinstance(value, float):
                assert got == pytest.approx(value, rel=1e-12), field
            else:
                assert got == value, field
        if cls is OpenAddressingHashTable:
            assert stats.tombstones == table.tombstones
            assert stats.fill_factor == table.fill_factor
        assert sum(stats.histogram.values()) == (
            table.capacity if cls is ChainedHashTable else len(table))


# ---------------------------------------------------------------------------
# Cache lines: the traced build against a model made from the addresses
# ---------------------------------------------------------------------------

def model_lookup_lines(table, key):
    """The distinct lines a lookup of key touches, per the module docstring."""
    layout = table.memory_layout()
    lines = set()
    cap = table.capacity
    b = table.hash_of(key) & (cap - 1)
    if isinstance(table, ChainedHashTable):
        lines |= lines_of(layout.slots_address + layout.slot_size * b,
                          layout.slot_size)
        addresses = table.node_addresses()
        for k in table.slots()[b]:
            lines |= lines_of(addresses[k], layout.node_size)
            if k == key:
                break
        return lines
    slots = table.slots()
    tag = table.hash_of(key) >> 57        # the 7 hash bits in a state byte
    i = b
    while True:
        lines |= lines_of(layout.states_address + i, 1)
        if slots[i] is None:
            return lines
        if slots[i] is not nh.TOMBSTONE and \
                table.hash_of(slots[i]) >> 57 == tag:
            lines |= lines_of(layout.slots_address + layout.slot_size * i,
                              layout.slot_size)
            if slots[i] == key:
                return lines
        i = (i + 1) % cap


def assert_lookups_match(table, keys, model_lines):
    """`in` and get() of each key (stored as key // 64) trace the lines
    model_lines(table, key) says."""
    for key in keys:
        model = len(model_lines(table, key))
        found = key in table
        assert table.last_lines == model, key
        assert table.get(key) == (key // 64 if found else None)
        assert table.last_lines == model, key


@pytest.mark.parametrize("cls,options", CONFIGS, ids=CONFIG_IDS)
def test_lines_touched_per_lookup_match_the_model(cls, options):
    rng = random.Random(21)
    table = make(cls, options, traced=True, seed=22)
    n = 120 if options["hash_function"] == "constant" else 1500
    present = rng.sample(range(-10**6, 10**6), n)
    for k in present:
        table[k * 64] = k            # multiples of 64: identity clusters
    for k in present[: n // 4]:
        del table[k * 64]            # tombstones in open addressing
    layout = table.memory_layout()
    assert layout.slots_address % LINE == 0
    assert layout.states_address % LINE == 0
    keys = [k * 64 for k in present[n // 8: n // 2]] + \
        [rng.randrange(INT64_MIN, INT64_MAX) for _ in range(40)]
    assert_lookups_match(table, keys, model_lookup_lines)
    for key in keys[:20]:            # deleting adds nothing to the lookup
        model = len(model_lookup_lines(table, key))
        if table.pop(key, None) is not None:
            assert table.last_lines == model


def test_lines_of_a_new_key_add_the_slot_it_writes():
    table = OpenAddressingHashTable(traced=True, seed=3, capacity=1024)
    rng = random.Random(4)
    for _ in range(300):
        table[rng.randrange(10**9)] = 0
    for k in list(table)[:100]:
        del table[k]
    layout = table.memory_layout()
    for _ in range(100):
        key = rng.randrange(10**9, 2 * 10**9)
        lines = model_lookup_lines(table, key)   # the miss ...
        slots = table.slots()
        i = table.slot_of(key)
        while slots[i] is not None and slots[i] is not nh.TOMBSTONE:
            i = (i + 1) % table.capacity
        # ... plus the state and slot of the first free slot on the path
        lines |= lines_of(layout.states_address + i, 1)
        lines |= lines_of(layout.slots_address + 16 * i, 16)
        cap = table.capacity
        table[key] = 1
        assert table.capacity == cap
        assert table.slot_holding(key) == i
        assert table.last_lines == len(lines)


def test_last_lines_needs_a_traced_table():
    with pytest.raises(ValueError, match="traced"):
        ChainedHashTable().last_lines
    table = ChainedHashTable(traced=True)
    assert table.traced and table.last_lines == 0
    table[1] = 1
    assert table.last_lines >= 2            # head + node
    twin = table.copy()
    twin[2] = 2
    assert twin.traced and twin.last_lines >= 1


def test_pool_nodes_sit_side_by_side():
    table = ChainedHashTable(nodes="pool", seed=1)
    assert table.nodes == "pool"
    for key in range(100):
        table[key] = key
    addresses = sorted(table.node_addresses().values())
    gaps = {b - a for a, b in zip(addresses, addresses[1:])}
    assert 24 in gaps                       # nodes in one chunk, 24 apart
    info = table.pool_info()
    assert info.nodes == 8 + 8 + 16 + 32 + 64 and info.chunks == 5
    for key in range(10):
        del table[key]
    assert table.pool_info().free == 10
    table[1000] = 1                         # reuses a freed node
    assert table.pool_info().free == 9
    table.check_invariants()
    assert ChainedHashTable().pool_info() == nh.PoolInfo(0, 0, 0)


# ---------------------------------------------------------------------------
# Kernels: verified results (no timing assertions)
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("table,nodes", [("open", "malloc"),
                                         ("chained", "malloc"),
                                         ("chained", "pool")])
@pytest.mark.parametrize("hash_function", HASHES)
def test_ops_kernel_checks_itself(table, nodes, hash_function):
    n = 300 if hash_function == "constant" else 3000
    result = nh.ops(n, table=table, hash_function=hash_function, nodes=nodes,
                    seed=5)
    assert result.ok
    max_load = 2 / 3 if table == "open" else 0.75
    capacity = 8
    while int(max_load * capacity) < n:   # grown by doubling from 8
        capacity *= 2
    assert result.capacity == capacity
    assert result.resizes == capacity.bit_length() - 4
    assert min(result.insert_ns, result.hit_ns, result.miss_ns,
               result.delete_ns) >= 0
    assert nh.ops(0, table=table).ok


def test_load_kernel_fills_to_the_target_and_counts_lines():
    for load in (0.25, 0.5, 0.75, 0.9, 0.95):
        r = nh.load_cost(load, table="open", capacity=4096, lookups=3000,
                         line_lookups=1000, seed=3)
        assert r.ok and r.keys == int(load * 4096) and r.capacity == 4096
        assert r.hit_lines >= 2 and r.miss_lines >= 1
        assert r.expected_probes_hit >= 1
    misses = [nh.load_cost(x, table="open", capacity=4096, lookups=2000)
              .expected_probes_miss for x in (0.25, 0.5, 0.9)]
    assert misses == sorted(misses)       # fuller tables, longer misses
    for load in (0.5, 1.0, 2.0, 8.0):
        r = nh.load_cost(load, table="chained", capacity=1024, lookups=2000,
                         nodes="pool")
        assert r.ok and r.keys == int(load * 1024)
        assert r.expected_probes_miss == pytest.approx(load)
        assert r.hit_lines >= 2
    r = nh.load_cost(0.5, capacity=1024, lookups=100, lines=False)
    assert r.ok and r.hit_lines is None
    with pytest.raises(ValueError):
        nh.load_cost(1.0, table="open")
    with pytest.raises(ValueError):
        nh.load_cost(0.5, capacity=1000)
    with pytest.raises(ValueError):
        nh.load_cost(0.001, capacity=8)
    with pytest.raises(MemoryError):
        nh.load_cost(0.5, capacity=2**61, lookups=0, lines=False)


def test_flood_kernel():
    bad = nh.flood(500, table="chained", hash_function="constant")
    good = nh.flood(500, table="chained", hash_function="keyed")
    assert bad.ok and good.ok
    assert bad.longest == 500 and good.longest <= 8
    assert bad.expected_probes_hit == pytest.approx(250.5)
    opened = nh.flood(500, table="open", hash_function="constant", rounds=2)
    assert opened.ok and opened.longest == 500
    striped = nh.flood(300, table="open", hash_function="identity",
                       keys="stride", stride=1024)
    assert striped.ok and striped.longest > 100
    assert nh.flood(300, table="open", hash_function="identity",
                    keys="stride", stride=1).longest == 1
    # 0, 3 * 2**62, 2**63, 2**62 (mod 2**64) and then 0 again
    assert nh.flood(4, keys="stride", stride=3 * 2**62).ok
    with pytest.raises(ValueError):
        nh.flood(5, keys="stride", stride=3 * 2**62)
    with pytest.raises(ValueError):
        nh.flood(3, keys="stride", stride=2**63)     # 0, 2**63, 0
    with pytest.raises(ValueError):
        nh.flood(3, keys="stride", stride=0)
    with pytest.raises(ValueError):
        nh.flood(3, keys="sorted")
    with pytest.raises(ValueError):
        nh.flood(3, table="cuckoo")


def test_kernels_refuse_absurd_sizes_with_memory_error():
    with pytest.raises(MemoryError):
        nh.ops(2**62)
    with pytest.raises(MemoryError):
        nh.flood(2**62, hash_function="keyed")
    with pytest.raises(OverflowError):
        nh.ops(2**63)


# ---------------------------------------------------------------------------
# Threads
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("cls,options", [
    (ChainedHashTable, dict(nodes="pool")),
    (OpenAddressingHashTable, dict(hash_function="identity")),
], ids=["chained-pool", "open-identity"])
def test_four_threads_hammering_one_table(cls, options):
    table = make(cls, options, seed=31)
    models = [{} for _ in range(4)]
    errors = []
    stop = time.monotonic() + 0.5

    def worker(me):
        rng = random.Random(me)
        model = models[me]
        try:
            while time.monotonic() < stop:
                key = rng.randrange(200) * 4 + me    # each thread its own keys
                op = rng.random()
                if op < 0.45:
                    table[key] = key * 3
                    model[key] = key * 3
                elif op < 0.7:
                    assert table.pop(key, None) == model.pop(key, None)
                elif op < 0.9:
                    assert table.get(key) == model.get(key)
                elif op < 0.95:
                    try:
                        for k in table:
                            pass
                    except RuntimeError:
                        pass            # another thread changed it: fine
                else:
                    table.stats()
                    len(table)
        except Exception as exc:       # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(me,)) for me in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    table.check_invariants()
    expected = {k: v for model in models for k, v in model.items()}
    assert dict(table.items()) == expected


# -- __init__ again, and __new__ alone, as for dict ---------------------------------

@pytest.mark.parametrize("cls,options", CONFIGS, ids=CONFIG_IDS)
def test_calling_init_again_adds_as_dict_does(cls, options):
    table, reference = make(cls, options, {1: 1, 3: 3}, seed=2), {1: 1, 3: 3}
    table.__init__({2: 2, 1: 5})
    reference.__init__({2: 2, 1: 5})
    assert dict(table) == reference
    table.check_invariants()
    # New options rebuild the table with them, and keep its items.
    table.__init__({4: 4}, capacity=64, **options)
    reference.__init__({4: 4})
    assert dict(table) == reference and table.capacity >= 64
    table.check_invariants()


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
def test_new_alone_is_an_empty_table(cls):
    table = cls.__new__(cls)
    assert len(table) == 0 and dict(table) == {} and list(table) == []
    table[7] = 8
    assert dict(table) == {7: 8}
    table.check_invariants()

    class Quiet(cls):
        def __init__(self):          # never calls the base __init__
            pass

    quiet = Quiet()
    quiet[1] = 2
    assert dict(quiet) == {1: 2}


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
def test_iterators_say_what_is_left_and_pickle_as_dicts_do(cls):
    from operator import length_hint
    table = cls({k * 7919 % 1000: k for k in range(600)}, seed=2)
    reference = dict(table)                      # the table's own order
    for walk in (iter, lambda m: iter(m.keys()), lambda m: iter(m.values()),
                 lambda m: iter(m.items())):
        it, rit = walk(table), walk(reference)
        for _ in range(300):                     # past the first batch
            next(it), next(rit)
        assert length_hint(it) == length_hint(rit) == 300
        assert (list(pickle.loads(pickle.dumps(it)))
                == list(pickle.loads(pickle.dumps(rit))))
        assert list(it) == list(rit)             # pickling did not move it
        assert length_hint(it) == length_hint(rit) == 0
    it = iter(table)
    table[-1] = 1
    assert length_hint(it) == 0
    with pytest.raises(RuntimeError):
        next(it)


# ---- drop-in corners: pickling, re-initialising, bare objects, on_resize ----

def _random_table(cls, rng, options):
    """A table and the dict it should equal, after random puts and deletes."""
    table, model = cls(seed=rng.randrange(2**64), **options), {}
    for step in range(rng.randrange(1, 400)):
        if model and rng.random() < 0.35:
            key = rng.choice(list(model))
            assert table.pop(key) == model.pop(key)
        else:
            key = rng.randrange(-500, 500)
            table[key] = model[key] = step
    return table, model


@pytest.mark.parametrize("cls,options", CONFIGS, ids=CONFIG_IDS)
def test_pickle_keeps_the_iteration_order_as_copy_does(cls, options):
    rng = random.Random(2024)
    for _ in range(120):
        table, model = _random_table(cls, rng, options)
        restored = pickle.loads(pickle.dumps(table))
        assert list(restored.items()) == list(table.copy().items())
        assert list(restored.items()) == list(table.items())
        assert restored == model and type(restored) is cls
        assert restored.capacity == table.capacity
        restored.check_invariants()
        if cls is OpenAddressingHashTable:
            assert restored.slots() == table.slots()     # tombstones too
        restored[10**6] = 1                               # still a table
        assert restored[10**6] == 1


def test_a_forged_open_addressing_pickle_is_refused():
    table = OpenAddressingHashTable({1: 1, 2: 2}, seed=1)
    rebuild, (cls, options, items, slots, tombs) = table.__reduce__()
    with pytest.raises(ValueError):
        rebuild(cls, options, items, [slots[0], slots[0]], tombs)
    with pytest.raises(ValueError):
        rebuild(cls, options, items, [0, 1 << 40], tombs)
    home = [s for s in range(table.capacity) if s not in slots]
    with pytest.raises(ValueError):     # keys away from their probe runs
        rebuild(cls, options, items, home[:2], tombs)
    assert rebuild(cls, options, items, slots, tombs) == {1: 1, 2: 2}


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
def test_calling_init_again_adds_as_dict_init_does(cls):
    table, model = cls({1: 1, 3: 3}, seed=7), {1: 1, 3: 3}
    table.__init__({2: 2})
    model.__init__({2: 2})
    assert table == model == {1: 1, 2: 2, 3: 3}
    table.__init__([(1, 10)])
    model.__init__([(1, 10)])
    assert table == model
    table.__init__()
    model.__init__()
    assert table == model


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
def test_a_table_made_by_new_alone_is_an_empty_table(cls):
    table = cls.__new__(cls)
    assert len(table) == 0 and list(table) == [] and table == {}
    assert table.get(1) is None and 1 not in table
    with pytest.raises(KeyError):
        table.popitem()
    table[1] = 2
    assert table == {1: 2}
    assert pickle.loads(pickle.dumps(table)) == {1: 2}
    assert table.copy() == {1: 2}


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
def test_the_docstrings_and_repr_say_insertion_order_is_not_kept(cls):
    assert "does not keep insertion order" in cls.__doc__
    table = cls({5: 1, 1: 2}, seed=3)
    text = repr(table)
    assert "slot order" in text and str(dict(table.items())) in text
    assert text.startswith(f"<dsa.native.{cls.__name__} ")


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
def test_on_resize_is_a_keyword_only_option(cls):
    events = []
    table = cls(on_resize=events.append, seed=2)
    assert table.on_resize == events.append and len(table) == 0
    for key in range(50):
        table[key] = key
    assert len(events) == table.resize_count > 0
    assert events[-1] == table.last_resize
    assert isinstance(events[0], nh.ResizeEvent) and events[0].moves == ()
    assert events[0].old_capacity == 8 and events[0].new_capacity == 16
    # The hook hears the resizes the first items cause, too.
    heard = []
    filled = cls([(k, k) for k in range(100)], on_resize=heard.append)
    assert len(heard) == filled.resize_count > 0
    with pytest.raises(TypeError):
        cls({}, lambda event: None)          # keyword-only
    with pytest.raises(TypeError, match="on_resize"):
        cls(on_resize=42)
    # Any other keyword is an item, as for dict(**kwargs): a str key here.
    with pytest.raises(TypeError):
        cls(hook=events.append)
    with pytest.raises(TypeError):
        table.update(on_resize=print)        # an item, not the option
    assert table.on_resize == events.append
    table.on_resize = None                   # the attribute still works
    table.resize(1024)
    assert len(events) == table.resize_count - 1


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
def test_a_pickle_naming_the_rebuilder_in_dsa_native_hashtable_loads(cls):
    # The form pickles had before the tables' shared face had its own
    # module: the rebuilder named as dsa.native.hashtable._rebuild, the
    # items alone.
    table = cls({5: 50, 6: 60}, seed=9)
    old = pickle.dumps((nh._rebuild, (cls, table._options(),
                                      list(table.items()))), protocol=0)
    old = old.replace(nh._rebuild.__module__.encode(), b"dsa.native.hashtable")
    assert b"dsa.native.hashtable\n_rebuild" in old
    rebuild, args = pickle.loads(old)
    assert rebuild(*args) == {5: 50, 6: 60}


# ---- Robin Hood placement (robin_hood=True) ---------------------------------

def _robin_hood_errors(**options):
    """What the Python twin and the C twin raise for the same options."""
    from dsa import hashtable as pure
    caught = []
    for cls in (pure.OpenAddressingHashTable, OpenAddressingHashTable):
        with pytest.raises((TypeError, ValueError)) as error:
            cls(**options)
        caught.append((type(error.value), str(error.value)))
    return caught


def test_robin_hood_is_an_option_of_open_addressing_only_with_linear_probing():
    assert OpenAddressingHashTable(robin_hood=True).robin_hood is True
    assert OpenAddressingHashTable().robin_hood is False
    python, c = _robin_hood_errors(probing="perturb", robin_hood=True)
    assert python == c and c[0] is ValueError and "linear" in c[1]
    for wrong in (1, "yes", 0.0):
        python, c = _robin_hood_errors(robin_hood=wrong)
        assert python == c and c[0] is TypeError
    assert OpenAddressingHashTable(robin_hood=None).robin_hood is False
    with pytest.raises(TypeError):
        ChainedHashTable(robin_hood=True)


def _distance(table, slot):
    return (slot - table.hash_of(table.slots()[slot])) % table.capacity


def _random_robin_hood_table(rng, steps=600, **options):
    table = OpenAddressingHashTable(robin_hood=True, seed=7, **options)
    model = {}
    for step in range(steps):
        if model and rng.random() < 0.4:
            key = rng.choice(list(model))
            assert table.pop(key) == model.pop(key)
        elif model and rng.random() < 0.05:
            key, value = table.popitem()
            assert model.pop(key) == value
        else:
            key = rng.randrange(-300, 300) * rng.choice((1, 64, 1024))
            table[key] = model[key] = step
    return table, model


@pytest.mark.parametrize("hash_function", HASHES)
def test_robin_hood_keeps_its_invariant_and_leaves_no_tombstones(hash_function):
    rng = random.Random(31)
    for _ in range(8):
        table, model = _random_robin_hood_table(
            rng, steps=150 if hash_function == "constant" else 600,
            hash_function=hash_function)
        table.check_invariants()           # the C check tests the invariant
        assert table.tombstones == 0 and table.stats().tombstones == 0
        assert nh.TOMBSTONE not in table.slots()
        assert dict(table.items()) == model
        assert all(table[k] == v for k, v in model.items())
        assert all(k + 1 not in table for k in model if k + 1 not in model)
        slots = table.slots()
        for i, key in enumerate(slots):     # the invariant, from outside
            after = (i + 1) % table.capacity
            if slots[after] is None:
                continue
            limit = 0 if key is None else _distance(table, i) + 1
            assert _distance(table, after) <= limit


def test_the_c_check_refuses_a_layout_that_is_not_robin_hood():
    table = OpenAddressingHashTable(hash_function="identity", robin_hood=True)
    rebuild, (cls, options, items, slots, tombs) = table.__reduce__()
    assert options["robin_hood"] is True
    items = [(0, 0), (1, 1), (8, 8)]   # homes 0, 1, 0: plain linear probing
    with pytest.raises(ValueError, match="not a valid table"):
        rebuild(cls, options, items, [0, 1, 2], [])
    with pytest.raises(ValueError, match="not a valid table"):  # a tombstone
        rebuild(cls, options, items[:2], [0, 1], [2])
    good = rebuild(cls, options, items, [0, 2, 1], [])      # 8 before 1
    good.check_invariants()
    assert good.slots()[:3] == [0, 8, 1] and good.robin_hood
    plain = rebuild(cls, {**options, "robin_hood": False}, items, [0, 1, 2], [])
    plain.check_invariants()                # fine without Robin Hood


def test_robin_hood_probe_counts_equal_the_python_twins():
    from dsa import hashtable as pure
    rng = random.Random(5)
    for trial in range(6):
        python = pure.OpenAddressingHashTable(hash_function=lambda k: k,
                                              robin_hood=True)
        c = OpenAddressingHashTable(hash_function="identity", robin_hood=True)
        keys = [rng.randrange(0, 4000) * rng.choice((1, 8, 64))
                for _ in range(rng.randrange(50, 900))]
        for k in keys:
            python[k] = c[k] = k
        for k in keys[: len(keys) // 3]:
            python.pop(k, None)
            c.pop(k, None)
        ours, theirs = c.stats(), python.stats()
        assert ours == theirs, trial
        assert ours.tombstones == 0 and ours.size == len(python)
        mask = c.capacity - 1                # the same home in every slot
        assert [None if k is None else k & mask for k in c.slots()] == \
            [None if k is None else k & mask for k in python.slots()]
        # Plain linear probing of the same keys: the same mean (the total
        # displacement does not depend on the order of placement).
        plain = OpenAddressingHashTable(dict.fromkeys(python, 0),
                                        hash_function="identity",
                                        capacity=c.capacity)
        assert plain.capacity == c.capacity
        assert plain.stats().expected_probes_hit == ours.expected_probes_hit


def _model_robin_hood_lookup_lines(table, key):
    """The lines a Robin Hood lookup of key reads: the state byte and the
    slot of each slot examined, up to the key, an empty slot or a resident
    nearer to its home than the search has travelled."""
    layout, slots, cap = table.memory_layout(), table.slots(), table.capacity
    i, travelled, lines = table.hash_of(key) % cap, 0, set()
    while True:
        lines |= lines_of(layout.states_address + i, 1)
        if slots[i] is None:
            return lines
        lines |= lines_of(layout.slots_address + layout.slot_size * i,
                          layout.slot_size)
        if _distance(table, i) < travelled or slots[i] == key:
            return lines
        i, travelled = (i + 1) % cap, travelled + 1


@pytest.mark.parametrize("hash_function", ["keyed", "identity"])
def test_robin_hood_lines_per_lookup_match_the_model(hash_function):
    rng = random.Random(23)
    table = OpenAddressingHashTable(robin_hood=True, traced=True, seed=24,
                                    hash_function=hash_function)
    present = rng.sample(range(-10**6, 10**6), 1500)
    for k in present:
        table[k * 64] = k
    for k in present[:300]:
        del table[k * 64]
    keys = [k * 64 for k in present[200:700]] + \
        [rng.randrange(INT64_MIN, INT64_MAX) for _ in range(40)]
    assert_lookups_match(table, keys, _model_robin_hood_lookup_lines)
    # A new key reads and writes every state and slot from its home to the
    # empty slot that ends its placement.
    layout = table.memory_layout()
    for _ in range(50):
        key = rng.randrange(10**9, 2 * 10**9)
        slots, cap = table.slots(), table.capacity
        lines = _model_robin_hood_lookup_lines(table, key)
        i = table.hash_of(key) % cap
        while True:
            lines |= lines_of(layout.states_address + i, 1)
            lines |= lines_of(layout.slots_address + 16 * i, 16)
            if slots[i] is None:
                break
            i = (i + 1) % cap
        table[key] = 1
        assert table.capacity == cap
        assert table.last_lines == len(lines)
    # A deletion adds the states and slots it shifts back and the state (and
    # slot, if full) of the one that stops the shift.
    for key in rng.sample(list(table), 50):
        slots, cap = table.slots(), table.capacity
        lines = _model_robin_hood_lookup_lines(table, key)
        i = (table.slot_holding(key) + 1) % cap
        while True:
            lines |= lines_of(layout.states_address + i, 1)
            if slots[i] is None:
                break
            lines |= lines_of(layout.slots_address + 16 * i, 16)
            if _distance(table, i) == 0:
                break
            i = (i + 1) % cap
        del table[key]
        assert table.last_lines == len(lines)
    table.check_invariants()


def test_robin_hood_pickle_and_copy_keep_the_option_and_the_order():
    rng = random.Random(99)
    for hash_function in HASHES:
        for _ in range(10):
            table, model = _random_robin_hood_table(
                rng, steps=120, hash_function=hash_function)
            for twin in (pickle.loads(pickle.dumps(table)), table.copy(),
                         copy.deepcopy(table)):
                assert twin.robin_hood is True
                assert list(twin.items()) == list(table.items())
                assert twin.slots() == table.slots() and twin == model
                twin.check_invariants()
                twin[10**6] = 1                  # still a Robin Hood table
                del twin[next(iter(twin))]
                twin.check_invariants()
                assert twin.tombstones == 0


def test_robin_hood_survives_resizes_clear_and_popitem():
    table = OpenAddressingHashTable(dict.fromkeys(range(0, 5000, 3), 0),
                                    robin_hood=True,
                                    hash_function="identity")
    table.max_load_factor = 0.3
    table.check_invariants()
    table.resize(4 * table.capacity)
    table.check_invariants()
    assert table.last_resize.keys_total == len(table)
    drained = []
    while table:
        drained.append(table.popitem()[0])
        if len(drained) % 97 == 0:
            table.check_invariants()
    assert sorted(drained) == list(range(0, 5000, 3))
    table.clear()
    table[1] = 1
    assert table.robin_hood and table.tombstones == 0
    table.check_invariants()


@pytest.mark.parametrize("cls, options", CONFIGS, ids=CONFIG_IDS)
def test_union_operators_match_dict(cls, options):
    left, right = {1: 10, 2: 20}, {2: 30, INT64_MIN: 40}
    table = cls(left, seed=7, **options)
    merged = table | right
    assert type(merged) is cls and dict(merged) == left | right
    assert merged._seed == table._seed and dict(table) == left   # unchanged
    reflected = right | table
    assert type(reflected) is cls and dict(reflected) == right | left
    assert reflected._seed == table._seed and reflected.hash_function == table.hash_function
    assert dict(cls(left, **options) | cls(right, **options)) == left | right
    assert dict({5: 5} | cls(left, **options)) == {5: 5} | left
    same = table
    table |= right
    assert table is same and dict(table) == left | right
    table |= [(9, 0)]
    assert table[9] == 0
    for bad in (lambda t: t | [(3, 1)], lambda t: [(3, 1)] | t, lambda t: t | 1):
        mine, theirs = outcome(bad, table), outcome(bad, dict(table))
        assert mine[:2] == theirs[:2] == ("raised", TypeError)
        assert mine[2] == theirs[2].replace("'dict'", f"'{cls.__name__}'")
    with pytest.raises(TypeError):
        table |= 1
    # An item a table cannot hold stores nothing, with | and with |=.
    before = dict(table)
    with pytest.raises(TypeError, match="key must be an integer"):
        table | {"a": 1}
    with pytest.raises(TypeError, match="key must be an integer"):
        table |= {11: 1, "a": 1}
    assert dict(table) == before


@pytest.mark.parametrize("cls", [ChainedHashTable, OpenAddressingHashTable])
@pytest.mark.parametrize("pick", ["keys", "values", "items"])
def test_a_changed_size_error_is_sticky_as_dicts(cls, pick):
    def walk_after_growing(table):
        it = iter(getattr(table, pick)())
        table[2] = 2
        return [outcome(next, it) for _ in range(3)] + [operator.length_hint(it)]
    assert walk_after_growing(cls({1: 1})) == walk_after_growing({1: 1})
