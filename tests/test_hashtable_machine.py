"""One state machine for the hash-table family.

Every operation runs on a ``dict`` (the reference), on every kind of Python
twin (``ChainedHashTable`` and ``OpenAddressingHashTable``, both probing
schemes and Robin Hood placement, plugged hash functions that force
collisions, dense load factors) and, when the C twins are built, on every
configuration of the C twins (both tables, the three C hash functions, both
node sources), with the same arguments, and every result is compared with
the reference's:

* the Python twins exactly: values, insertion order, the type of each key
  kept, exception types and messages;
* the C twins through a code: they hold int64 keys, so each key reaches them
  as the integer :func:`code` gives it, one integer per class of equal keys
  (``1``, ``1.0`` and ``True`` share one; the shared NaN has one of its own).
  They do not keep insertion order, so their contents are compared as
  mappings, and their exceptions by type.

After every step each twin runs ``check_invariants()``, its ``stats()`` are
recounted (Python) and its load factor recomputed (C).  What only one twin
can do (other value types for the Python twin, int64 limits and rejected
values for the C twin) stays in test_hashtable.py and test_native_hashtable.py,
apart from the C twin's rejected stores, which are tried here at every step
so that they meet tables in every state.
"""

from __future__ import annotations

import itertools
import operator

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant,
                                 precondition, rule)

from helpers import outcome
from test_hashtable import (KEYS as OBJECT_KEYS, MACHINE_KINDS, SHARED_NAN,
                            VALUES as SMALL_VALUES, Collider, check_stats,
                            key_types)

import dsa.native
from dsa.hashtable import ChainedHashTable

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
# Keys: the Python machine's awkward objects (equal floats and bools, strings,
# colliding objects, a NaN), multiples of 1024 (one home under the C identity
# hash), the int64 edges, and any int64 outside the codes' range.
CODED = 2**61                   # non-integer keys are coded from here up
KEYS = st.one_of(
    OBJECT_KEYS,
    st.integers(0, 20).map(lambda i: i * 1024),
    st.sampled_from([INT64_MIN, INT64_MIN + 1, INT64_MAX, INT64_MAX - 1, -1, 0]),
    st.integers(INT64_MIN, INT64_MAX).filter(lambda i: not CODED <= i < CODED + 100),
)
VALUES = st.one_of(SMALL_VALUES, st.integers(INT64_MIN, INT64_MAX))
# Things that are not int64 keys/values, each with the exception a C twin's
# store must raise.
BAD = st.sampled_from([("a", TypeError), (1.5, TypeError), (None, TypeError),
                       (2**63, OverflowError), (INT64_MIN - 1, OverflowError),
                       (2**100, OverflowError), (b"x", TypeError)])

_string_codes: dict[str, int] = {}


def code(key):
    """The int64 a C twin holds for ``key``: equal keys share one code."""
    if isinstance(key, float):
        return CODED if key != key else int(key)   # the shared NaN, or 1.0 -> 1
    if isinstance(key, int):
        return int(key)                            # True -> 1
    if isinstance(key, Collider):
        return CODED + 1 + key.value
    assert isinstance(key, str), key
    return _string_codes.setdefault(key, CODED + 50 + len(_string_codes))


def same(key):
    return key


def deep_code(result):
    """A result made of keys, (key, value) pairs, sets and tuples of them,
    and truth values, with every key replaced by its code."""
    if isinstance(result, bool):
        return result
    if isinstance(result, (set, frozenset)):
        return {deep_code(part) for part in result}
    if isinstance(result, tuple):
        return tuple(deep_code(part) for part in result)
    return code(result)


def coded(mapping):
    """What a C twin holding ``mapping`` holds."""
    return {code(k): v for k, v in mapping.items()}


def native_configs():
    """Every configuration a C table can be made in (none if unbuilt)."""
    if not dsa.native.available:
        return []
    chained, probed = dsa.native.ChainedHashTable, dsa.native.OpenAddressingHashTable
    configs = [(chained, dict(hash_function=h, nodes=n))
               for h in ("keyed", "identity", "constant") for n in ("malloc", "pool")]
    configs += [(probed, dict(hash_function=h))
                for h in ("keyed", "identity", "constant")]
    configs += [(probed, dict(hash_function=h, robin_hood=True))
                for h in ("keyed", "constant")]
    return configs


NATIVE_CONFIGS = native_configs()


def type_only(error):
    return None


class HashTableFamily(RuleBasedStateMachine):
    """A dict, every Python table kind and every C table, step by step."""

    def __init__(self) -> None:
        super().__init__()
        self.ref: dict = {}
        self.tables = [kind() for kind in MACHINE_KINDS]
        self.natives = [cls(**options, seed=12345) for cls, options in NATIVE_CONFIGS]

    # Every operation is a function of (table, k), where k(key) is the key
    # as that table holds it: the key itself, or its code for a C twin.
    def all(self, action, native=True, recode=same):
        """Run ``action`` on the reference and every twin; each outcome must
        be the reference's (for the C twins: results and exception types;
        ``recode`` turns the keys in a reference's result into codes).
        ``native=False`` leaves the C twins out (what they cannot do)."""
        expected = outcome(action, self.ref, same)
        for table in self.tables:
            assert outcome(action, table, same) == expected, table
        if native:
            typed = (expected[:2] + (None,) if expected[0] == "raised"
                     else ("ok", recode(expected[1])))
            for table in self.natives:
                assert outcome(action, table, code, words=type_only) == typed, table
        return expected

    @initialize(pairs=st.lists(st.tuples(KEYS, VALUES), max_size=12))
    def start(self, pairs):
        self.ref = dict(pairs)
        self.tables = [kind(pairs) for kind in MACHINE_KINDS]
        self.natives = [cls([(code(k), v) for k, v in pairs], **options, seed=12345)
                        for cls, options in NATIVE_CONFIGS]

    # -- storing -----------------------------------------------------------------

    @rule(key=KEYS, value=VALUES)
    def set(self, key, value):
        self.all(lambda m, k: m.__setitem__(k(key), value))

    @rule(key=KEYS, value=VALUES)
    def setdefault(self, key, value):
        self.all(lambda m, k: m.setdefault(k(key), value))

    @rule(pairs=st.lists(st.tuples(KEYS, VALUES), max_size=12))
    def update(self, pairs):
        self.all(lambda m, k: m.update([(k(key), v) for key, v in pairs]))

    @rule(pairs=st.dictionaries(st.sampled_from("abxy"), VALUES, max_size=3))
    def update_kwargs_and_ior(self, pairs):
        # The C twins hold int64 keys only and have no ``|``: they take the
        # same pairs, coded, through update.
        self.all(lambda m, k: m.update(**pairs), native=False)
        self.all(lambda m, k: m.__ior__(dict(reversed(list(pairs.items())))) and None,
                 native=False)
        for table in self.natives:
            table.update(coded(pairs))

    @rule(bad=BAD, key=KEYS, value=VALUES,
          where=st.sampled_from(["key", "value", "update", "setdefault"]))
    def rejected_by_the_c_twins(self, bad, key, value, where):
        """A store of what int64 cannot hold raises and changes nothing."""
        thing, error = bad
        for table in self.natives:
            before = (dict(table.items()), table.slots(), table.capacity,
                      table.resize_count)
            if where == "setdefault" and key in self.ref:
                # Present: the value is returned and the default never checked.
                assert table.setdefault(code(key), thing) == self.ref[key]
                continue
            with pytest.raises(error):
                if where == "key":
                    table[thing] = value
                elif where == "value":
                    table[code(key)] = thing
                elif where == "update":         # the bad item comes last
                    table.update([(code(key), value), (thing, value)])
                else:
                    table.setdefault(code(key), thing)
            after = (dict(table.items()), table.slots(), table.capacity,
                     table.resize_count)
            assert after == before

    # -- reading -----------------------------------------------------------------

    @rule(key=KEYS)
    def getitem(self, key):
        self.all(lambda m, k: m[k(key)])

    @rule(key=KEYS, value=VALUES)
    def get_and_contains(self, key, value):
        self.all(lambda m, k: (m.get(k(key)), m.get(k(key), "d"), k(key) in m,
                               k(key) in m.keys(), (k(key), value) in m.items(),
                               value in m.values()))

    @rule()
    def iterate(self):
        """Iteration and the three views: in order for the Python twins, as
        collections for the C twins."""
        def read(m, k):
            return (list(m), list(m.keys()), list(m.values()), list(m.items()),
                    len(m.keys()), len(m.values()), len(m.items()))
        expected = self.all(read, native=False)[1]
        self.all(lambda m, k: list(reversed(m)), native=False)
        for table in self.natives:
            keys, values, items = list(table), list(table.values()), list(table.items())
            assert list(table.keys()) == keys and [k for k, _ in items] == keys
            assert [v for _, v in items] == values
            assert sorted(keys) == sorted(code(k) for k in expected[0])
            assert sorted(values) == sorted(expected[2])
            assert len(table.keys()) == len(table.values()) == len(table.items()) \
                == len(self.ref)

    @rule(keys=st.frozensets(KEYS, max_size=4), value=VALUES,
          op=st.sampled_from([operator.and_, operator.or_, operator.sub,
                              operator.xor, operator.eq, operator.le,
                              operator.ge, operator.lt]))
    def view_set_operations(self, keys, value, op):
        """keys() and items() views against sets, from either side."""
        def key_view(m, k):
            other = {k(key) for key in keys}
            return (op(m.keys(), other), op(other, m.keys()),
                    m.keys().isdisjoint(other))

        def item_view(m, k):
            other = {(k(key), value) for key in keys}
            return (op(m.items(), other), op(other, m.items()),
                    m.items().isdisjoint(other))
        self.all(key_view, recode=deep_code)
        self.all(item_view, recode=deep_code)

    @rule(other=st.dictionaries(KEYS, VALUES, max_size=4), copy_it=st.booleans())
    def compare(self, other, copy_it):
        def equal(m, k):
            others = (dict(self.ref) if copy_it else other)
            theirs = {k(key): v for key, v in others.items()}
            return (m == theirs, theirs == m, m != theirs, theirs != m)
        self.all(equal)

    # -- removing ----------------------------------------------------------------

    @rule(key=KEYS)
    def delete(self, key):
        self.all(lambda m, k: m.__delitem__(k(key)))

    @rule(key=KEYS, default=st.none() | VALUES)
    def pop(self, key, default):
        self.all(lambda m, k: m.pop(k(key)))
        self.all(lambda m, k: m.pop(k(key), default))

    @rule()
    def popitem(self):
        """The Python twins pop the newest pair, like dict; a C twin pops
        the pair in its first slot, which the test puts back before taking
        the reference's pair out by key."""
        expected = self.all(lambda m, k: m.popitem(), native=False)
        for table in self.natives:
            if expected[0] == "raised":
                with pytest.raises(KeyError):
                    table.popitem()
                continue
            first = next(iter(table))
            key, value = table.popitem()
            assert key == first
            assert key not in table
            assert {**coded(self.ref), code(expected[1][0]): expected[1][1]}[key] == value
            table[key] = value
            assert table.pop(code(expected[1][0])) == expected[1][1]

    @precondition(lambda self: len(self.ref) > 3)
    @rule()
    def clear(self):
        self.all(lambda m, k: m.clear())

    # -- whole tables ------------------------------------------------------------

    @rule(other=st.dictionaries(KEYS, VALUES, max_size=4))
    def union(self, other):
        expected = self.ref | other
        for table in self.tables:
            result = table | other
            assert type(result) is type(table)
            assert list(result.items()) == list(expected.items())
            assert key_types(result) == key_types(expected)
            result.check_invariants()

    @rule(keys=st.lists(KEYS, max_size=6), value=st.none() | VALUES)
    def fromkeys(self, keys, value):
        expected = dict.fromkeys(keys, value)
        for table in self.tables:
            made = type(table).fromkeys(keys, value)
            assert list(made.items()) == list(expected.items())
            made.check_invariants()
        if value is not None:
            for table in self.natives:
                made = type(table).fromkeys([code(k) for k in keys], value)
                assert dict(made.items()) == coded(expected)
                made.check_invariants()

    @precondition(lambda self: len(self.ref) < 30)
    @rule()
    def copy_and_drop(self):
        """Each twin's copy is equal and independent, and from now on it is
        the table the machine drives (the original is dropped)."""
        for i, table in enumerate(self.tables):
            duplicate = table.copy()
            assert type(duplicate) is type(table)
            duplicate.check_invariants()
            assert list(duplicate.items()) == list(self.ref.items())
            duplicate["fresh key"] = 0
            assert "fresh key" not in table
            del duplicate["fresh key"]
            self.tables[i] = duplicate
        for i, table in enumerate(self.natives):
            duplicate = table.copy()
            assert type(duplicate) is type(table)
            assert list(duplicate.items()) == list(table.items())
            table.clear()               # the copy is independent
            self.natives[i] = duplicate

    @rule(value=VALUES)
    def assign_while_iterating(self, value):
        def action(m, k):
            for key in m:
                m[key] = value
            return sorted(m.values())
        self.all(action)

    @rule(key=KEYS, value=VALUES, start=st.integers(0, 3),
          change=st.sampled_from(["add", "delete", "clear", "pop-and-put-back",
                                  "assign"]))
    def change_while_iterating(self, key, value, start, change):
        """A change under a live iterator, after ``start`` steps: a change of
        size or of keys raises RuntimeError at the next step, as dict does,
        and a new value for a key does not."""
        def step(it):
            result = outcome(next, it, words=type_only)
            return result[:2] if result[0] == "raised" else ("ok",)

        def action(m, k):
            it = iter(m)
            seen = [step(it) for _ in range(start)]
            if change == "add":
                m[k(key)] = value
            elif change == "delete":
                m.pop(k(key), None)
            elif change == "clear":
                m.clear()
            elif k(key) in m:           # the same key in every table
                m[k(key)] = m.pop(k(key)) if change == "pop-and-put-back" else value
            seen.append(step(it))
            return seen
        # Whether dict notices a key moved to its end depends on where its
        # iterator stands in its entry array: the C twins, which keep no
        # such order, are compared on the other changes.
        self.all(action, native=change != "pop-and-put-back")

    @rule(capacity=st.integers(0, 64))
    def resize(self, capacity):
        slots = 8
        while slots < capacity:
            slots *= 2
        for table in self.tables + self.natives:
            before = dict(table.items())
            try:
                table.resize(capacity)
            except ValueError:
                assert len(table) > table.max_load_factor * slots
            else:
                assert table.capacity == slots
            assert dict(table.items()) == before

    @rule(load=st.floats(min_value=0.1, max_value=0.95))
    def set_max_load(self, load):
        for table in self.tables + self.natives:
            wanted = load * 3 if "Chained" in type(table).__name__ else load
            table.max_load_factor = wanted
            assert table.max_load_factor == wanted

    # -- after every step ----------------------------------------------------------

    @invariant()
    def the_same_mapping_everywhere(self):
        for table in self.tables:
            table.check_invariants()
            check_stats(table)
            assert len(table) == len(self.ref)
            assert list(table.items()) == list(self.ref.items())
            assert key_types(table) == key_types(self.ref)
            assert list(reversed(table)) == list(reversed(self.ref))
            assert table == self.ref and self.ref == table
        expected = coded(self.ref)
        for table in self.natives:
            table.check_invariants()
            assert len(table) == len(self.ref)
            assert dict(table.items()) == expected
            assert table.load_factor == len(self.ref) / table.capacity


HashTableFamily.TestCase.settings = settings(
    max_examples=settings.default.max_examples,
    stateful_step_count=settings.default.stateful_step_count,
    deadline=None, database=None)
TestHashTableFamily = HashTableFamily.TestCase


def test_codes_respect_equality():
    """The code is one-to-one on classes of equal keys, so a C twin holds
    as many keys as the reference."""
    keys = [1, 1.0, True, 0, False, -0.0, SHARED_NAN, Collider(1), Collider(4),
            "a", "", "b", INT64_MAX, INT64_MIN, 2048]
    for a, b in itertools.product(keys, repeat=2):
        assert (code(a) == code(b)) == (a is b or a == b), (a, b)
    assert all(INT64_MIN <= code(k) <= INT64_MAX for k in keys)


def test_the_c_twins_are_driven_when_built():
    machine = HashTableFamily()
    assert len(machine.natives) == (11 if dsa.native.available else 0)
    assert len(machine.tables) == len(MACHINE_KINDS)
    assert any(type(t) is ChainedHashTable for t in machine.tables)


@pytest.mark.skipif(not dsa.native.available, reason="C twins not built")
def test_clearing_an_empty_c_table_is_no_change():
    # Empty from the start, or emptied by deletions at a grown capacity: the
    # clear changes no key, so an iterator ends as dict's does; clearing a
    # table that holds a key is a change.
    def tables():
        yield {}
        yield from (cls(**options) for cls, options in NATIVE_CONFIGS)

    for grown in (False, True):
        for table in tables():
            if grown:
                table.update((k, k) for k in range(100))
                for k in range(100):
                    del table[k]
            walk = iter(table)
            table.clear()
            assert outcome(next, walk, words=type_only) == \
                ("raised", StopIteration, None), table
    for table in tables():
        table[1] = 1
        walk = iter(table)
        table.clear()
        assert outcome(next, walk, words=type_only)[:2] == ("raised", RuntimeError), table
