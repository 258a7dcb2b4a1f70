"""Tests for dsa.hashtable: both tables against dict, and the teaching surface.

Every behaviour that dict has is checked by running the same code on a dict
and on each table and comparing what happened (values, exception types and
messages).  The family's state machine (test_hashtable_machine.py) drives a
dict, these tables and the C twins with the same operations and runs
``check_invariants()`` after every step.
"""

from __future__ import annotations

import copy
import dataclasses
import operator
import pickle
import sys
import types
from collections import Counter, OrderedDict, UserDict
from collections.abc import (Callable, ItemsView, KeysView, Mapping,
                             MutableMapping, ValuesView)

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import outcome

from dsa._compat import dict_room
from dsa.hashtable import (TOMBSTONE, ChainedHashTable, ChainStats,
                           OpenAddressingHashTable, ProbeStats, ResizeEvent,
                           teaching_hash)


# ---------------------------------------------------------------------------
# Plugged hash functions (module level, so that tables using them pickle)
# ---------------------------------------------------------------------------

def zero_hash(key):
    """Every key in slot 0: the worst case."""
    return 0


def low_hash(key):
    """Only four distinct hashes: many collisions, a few slots used."""
    return hash(key) & 3


def identity_hash(key):
    """Small ints are their own hash: slots you can predict by eye."""
    return key


class Kind:
    """A table class together with the options one test run uses."""

    def __init__(self, name, cls, **options):
        self.name, self.cls, self.options = name, cls, options

    def __call__(self, *args, **kwargs):
        return self.cls(*args, **self.options, **kwargs)

    def __repr__(self):
        return self.name


CHAINED = Kind("chained", ChainedHashTable)
LINEAR = Kind("linear", OpenAddressingHashTable)
PERTURB = Kind("perturb", OpenAddressingHashTable, probing="perturb")
KINDS = [CHAINED, LINEAR, PERTURB]
ALL_KINDS = KINDS + [
    Kind("chained-zero-hash", ChainedHashTable, hash_function=zero_hash),
    Kind("linear-zero-hash", OpenAddressingHashTable, hash_function=zero_hash),
    Kind("perturb-low-hash", OpenAddressingHashTable, probing="perturb",
         hash_function=low_hash),
    Kind("robin-hood", OpenAddressingHashTable, robin_hood=True),
    Kind("robin-hood-low-hash", OpenAddressingHashTable, robin_hood=True,
         hash_function=low_hash),
]
CLASSES = [ChainedHashTable, OpenAddressingHashTable]

kinds = pytest.mark.parametrize("kind", KINDS, ids=repr)
all_kinds = pytest.mark.parametrize("kind", ALL_KINDS, ids=repr)
classes = pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)


def same_as_dict(kind, action, data=()):
    """Run ``action`` on a dict and on a table holding ``data``; compare."""
    reference = dict(data)
    table = kind(data)
    expected = outcome(action, reference)
    actual = outcome(action, table)
    assert actual == expected
    assert list(table.items()) == list(reference.items())
    table.check_invariants()
    return table


def snapshot(table):
    """Everything a failed operation must leave exactly as it was."""
    return (list(table.items()), [type(k) for k in table], table.capacity,
            repr(table.slots()), len(table), table.resize_count,
            getattr(table, "tombstones", None))


# ---------------------------------------------------------------------------
# Keys that make life hard
# ---------------------------------------------------------------------------

class Collider:
    """Equal by value; the hash keeps only value % 3, so hashes collide."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __hash__(self):
        return self.value % 3

    def __eq__(self, other):
        if not isinstance(other, Collider):
            return NotImplemented
        return self.value == other.value

    def __repr__(self):
        return f"Collider({self.value})"


class Boom(Exception):
    pass


class BadHash:
    """Hashes fine until told to fail."""

    fail = False

    def __hash__(self):
        if self.fail:
            raise Boom("hash")
        return 42


class BadEq:
    """A fixed hash and an __eq__ that raises: any collision with it fails."""

    def __init__(self, h=5):
        self.h = h

    def __hash__(self):
        return self.h

    def __eq__(self, other):
        raise Boom("eq")


NAN = float("nan")


# ---------------------------------------------------------------------------
# Construction
# ---------------------------------------------------------------------------

CONSTRUCTOR_ARGUMENTS = [
    lambda: ((), {}),
    lambda: (({"a": 1, "b": 2},), {}),
    lambda: (([("a", 1), ("b", 2), ("a", 3)],), {}),
    lambda: ((iter([("x", 1)]),), {"y": 2}),
    lambda: (({"a": 1},), {"a": 2, "b": 3}),
    lambda: ((["ab", "cd"],), {}),
    lambda: (([[1, 2], (3, 4), iter("56")],), {}),
    lambda: ((OrderedDict([("z", 1), ("a", 2)]),), {}),
    lambda: ((UserDict(q=1),), {}),
    lambda: ((types.MappingProxyType({"p": 1}),), {}),
    lambda: (({1: "a", 1.0: "b", True: "c"},), {}),
    lambda: ((ChainedHashTable(b=1, a=2),), {}),
    lambda: ((OpenAddressingHashTable(b=1, a=2).items(),), {}),
]


@kinds
@pytest.mark.parametrize("arguments", CONSTRUCTOR_ARGUMENTS)
def test_constructor_matches_dict(kind, arguments):
    args, kwargs = arguments()
    table = kind(*args, **kwargs)
    args, kwargs = arguments()     # fresh iterators for the reference
    reference = dict(*args, **kwargs)
    assert list(table.items()) == list(reference.items())
    assert [type(k) for k in table] == [type(k) for k in reference]
    table.check_invariants()


class KeysAndGetitem:
    """Not a Mapping, but has keys(): dict treats it as a mapping."""

    def keys(self):
        return ["k1", "k2"]

    def __getitem__(self, key):
        return key.upper()


@kinds
@pytest.mark.parametrize("argument", [
    [(1, 2, 3)], [(1,)], [1], [[1, 2], 3], 42, None, [()], "abc", [("a", 1), "xyz"],
    KeysAndGetitem(),
])
def test_constructor_and_update_errors_match_dict(kind, argument):
    expected = outcome(lambda cls: cls(argument), dict)
    assert outcome(lambda _: kind(argument), None) == expected
    same_as_dict(kind, lambda m: m.update(argument), {"keep": 1})


@kinds
def test_update_from_failing_mappings_like_dict(kind):
    class FailingKeys:
        def keys(self):
            raise Boom("keys")

    class NotIterableKeys:
        def keys(self):
            return 5

    class FailingGetitem:
        def keys(self):
            return ["a", "b"]

        def __getitem__(self, key):
            if key == "b":
                raise Boom("getitem")
            return 1

    def bad_sequence():
        yield ("a", 1)
        raise Boom("iteration")

    for argument in (FailingKeys(), NotIterableKeys(), FailingGetitem()):
        same_as_dict(kind, lambda m: m.update(argument), {"z": 0})
    same_as_dict(kind, lambda m: m.update(bad_sequence()), {"z": 0})


@classes
def test_options_are_keyword_only_and_not_keys(cls):
    table = cls(capacity=64)
    assert len(table) == 0 and table.capacity == 64
    table = cls({"capacity": 1, "max_load_factor": 2}, other=3)
    assert dict(table) == {"capacity": 1, "max_load_factor": 2, "other": 3}
    table = cls(mapping_or_iterable=1)   # the positional-only name is a key
    assert dict(table) == {"mapping_or_iterable": 1}
    with pytest.raises(TypeError):
        cls({}, {})
    assert "not keys" in cls.__doc__


@classes
@pytest.mark.parametrize("requested, expected", [
    (0, 8), (1, 8), (8, 8), (9, 16), (64, 64), (100, 128)])
def test_capacity_option_rounds_up_to_a_power_of_two(cls, requested, expected):
    assert cls(capacity=requested).capacity == expected


@classes
def test_capacity_grows_for_the_initial_items(cls):
    table = cls(dict.fromkeys(range(100)), capacity=8)
    assert table.capacity >= 128 and len(table) == 100
    table.check_invariants()


@classes
@pytest.mark.parametrize("bad, error", [
    (-1, ValueError), (2.0, TypeError), ("8", TypeError), (True, TypeError)])
def test_capacity_option_validation(cls, bad, error):
    with pytest.raises(error):
        cls(capacity=bad)


def test_probing_option_validation():
    assert OpenAddressingHashTable().probing == "linear"
    assert OpenAddressingHashTable(probing="perturb").probing == "perturb"
    with pytest.raises(ValueError):
        OpenAddressingHashTable(probing="quadratic")
    # probing is not an option of the chained table, so there it is a key
    assert dict(ChainedHashTable(probing="linear")) == {"probing": "linear"}


@kinds
def test_reinit_adds_keys_like_dict(kind):
    table = kind({"a": 1})
    table.__init__({"b": 2}, c=3)
    assert dict(table) == {"a": 1, "b": 2, "c": 3}
    table.check_invariants()


@kinds
def test_subclass_that_skips_init_is_still_a_valid_table(kind):
    class Lazy(kind.cls):
        def __init__(self):
            pass

    table = Lazy()
    table["a"] = 1
    assert dict(table) == {"a": 1}
    table.check_invariants()


# ---------------------------------------------------------------------------
# Keys: equality, identity, order
# ---------------------------------------------------------------------------

@all_kinds
def test_one_true_and_one_point_zero_are_one_key(kind):
    table = kind()
    table[1] = "a"
    table[1.0] = "b"
    table[True] = "c"
    assert len(table) == 1
    (key,) = table
    assert type(key) is int and table[True] == "c"
    assert kind({1: "a", 1.0: "b"}) == {1: "b"}


@all_kinds
def test_update_keeps_position_and_original_key(kind):
    table = kind([("x", 1), (2, 2), ("y", 3)])
    table[2.0] = "two"
    assert list(table.items()) == [("x", 1), (2, "two"), ("y", 3)]
    assert type(list(table)[1]) is int


@all_kinds
def test_nan_is_found_by_identity_only(kind):
    reference = {NAN: 1}
    table = kind({NAN: 1})
    assert table[NAN] == 1 and NAN in table
    other_nan = float("nan")
    assert other_nan not in table and other_nan not in reference
    table[other_nan] = 2
    reference[other_nan] = 2
    assert len(table) == 2 == len(reference)
    assert table == reference


@all_kinds
def test_equal_hashes_unequal_keys(kind):
    keys = [Collider(i) for i in range(12)]
    table = kind()
    for i, key in enumerate(keys):
        table[key] = i
    for i in range(12):
        assert table[Collider(i)] == i      # equal, not identical
    assert Collider(99) not in table
    del table[Collider(4)]
    assert Collider(4) not in table and table[Collider(7)] == 7
    table.check_invariants()


@all_kinds
def test_insertion_order_survives_deletes_and_resizes(kind):
    reference = {}
    table = kind()
    for i in range(200):
        reference[i] = table[i] = i
        if i % 3 == 0:
            del reference[i // 2]
            del table[i // 2]
    assert list(table) == list(reference)
    assert list(reversed(table)) == list(reversed(reference))
    assert list(table.values()) == list(reference.values())
    table.check_invariants()


# ---------------------------------------------------------------------------
# Every method against dict
# ---------------------------------------------------------------------------

DATA = {"a": 1, "b": 2, 3: "three", (4, 5): None}


@all_kinds
@pytest.mark.parametrize("action", [
    lambda m: m["a"],
    lambda m: m["zzz"],
    lambda m: m[(4, 5)],
    lambda m: m[(9, 9)],
    lambda m: m.get("a"),
    lambda m: m.get("zzz"),
    lambda m: m.get("zzz", 7),
    lambda m: "a" in m,
    lambda m: "zzz" in m,
    lambda m: len(m),
    lambda m: m.pop("a"),
    lambda m: m.pop("zzz"),
    lambda m: m.pop("zzz", None),
    lambda m: m.pop((4, 5), 0),
    lambda m: m.popitem(),
    lambda m: [m.popitem() for _ in range(5)],
    lambda m: m.setdefault("a", 5),
    lambda m: m.setdefault("new", 5),
    lambda m: m.setdefault("new"),
    lambda m: m.__delitem__("b"),
    lambda m: m.__delitem__("zzz"),
    lambda m: m.update({"a": 10, "n": 11}),
    lambda m: m.update([("a", 10)], b=20),
    lambda m: m.update(a=5),
    lambda m: m.update(),
    lambda m: m.clear(),
    lambda m: list(m),
    lambda m: list(reversed(m)),
    lambda m: list(m.keys()),
    lambda m: list(reversed(m.items())),
    lambda m: bool(m),
])
def test_methods_match_dict(kind, action):
    same_as_dict(kind, action, DATA)


@kinds
@pytest.mark.parametrize("action", [
    lambda m: m.get(),
    lambda m: m.pop(),
    lambda m: m.popitem(1),
    lambda m: m.keys(1),
    lambda m: m.get(1, 2, 3),
    lambda m: m.setdefault(),
    lambda m: m.update({}, {}),
    lambda m: m.__getitem__(),
    lambda m: m.copy(None),
    lambda m: m.clear(1),
])
def test_wrong_argument_counts_raise_type_error_like_dict(kind, action):
    # The wording of these messages differs from dict's; the type does not.
    assert outcome(action, kind(DATA))[1] is outcome(action, dict(DATA))[1] is TypeError


@kinds
def test_keyerror_carries_the_key(kind):
    table = kind()
    for key in ("x", (1, 2), 0):
        with pytest.raises(KeyError) as info:
            table[key]
        assert info.value.args == (key,)
        with pytest.raises(KeyError) as info:
            table.pop(key)
        assert info.value.args == (key,)


@kinds
def test_popitem_on_empty_has_dicts_message(kind):
    assert outcome(lambda m: m.popitem(), kind()) == outcome(lambda m: m.popitem(), {})


@all_kinds
def test_popitem_is_lifo_and_drains(kind):
    table = kind((str(i), i) for i in range(300))
    reference = {str(i): i for i in range(300)}
    while reference:
        assert table.popitem() == reference.popitem()
    assert len(table) == 0
    table.check_invariants()


@all_kinds
def test_clear_returns_to_minimum_capacity(kind):
    table = kind(dict.fromkeys(range(100)))
    assert table.capacity > 8
    table.clear()
    assert len(table) == 0 and table.capacity == 8 and list(table) == []
    if hasattr(table, "tombstones"):
        assert table.tombstones == 0
    table[1] = 2
    assert table == {1: 2}
    table.check_invariants()


@kinds
def test_fromkeys_matches_dict_and_respects_subclasses(kind):
    assert kind.cls.fromkeys("abc") == dict.fromkeys("abc")
    assert kind.cls.fromkeys([1, 2], 0) == {1: 0, 2: 0}
    assert type(kind.cls.fromkeys("a")) is kind.cls
    assert kind.cls().fromkeys("a") == {"a": None}

    class Sub(kind.cls):
        pass

    assert type(Sub.fromkeys("ab")) is Sub

    class Weird(kind.cls):
        def __new__(cls):
            return UserDict()

    assert isinstance(Weird.fromkeys("ab"), UserDict)
    with pytest.raises(TypeError):
        kind.cls.fromkeys()
    with pytest.raises(TypeError):
        kind.cls.fromkeys(3)


@kinds
def test_missing_is_called_only_by_getitem_of_subclasses(kind):
    class WithMissing(kind.cls):
        def __missing__(self, key):
            return ("missing", key)

    table = WithMissing({1: 2})
    assert table[1] == 2 and table[5] == ("missing", 5)
    assert 5 not in table and table.get(5) is None
    assert table.pop(5, "d") == "d" and len(table) == 1
    assert not hasattr(kind.cls, "__missing__")

    class InstanceAttribute(kind.cls):
        def __init__(self):
            super().__init__()
            self.__missing__ = lambda key: 0

    with pytest.raises(KeyError):
        InstanceAttribute()[1]

    class Raising(kind.cls):
        def __missing__(self, key):
            raise RuntimeError(key)

    with pytest.raises(RuntimeError) as info:
        Raising()[42]
    assert info.value.args == (42,)


# ---------------------------------------------------------------------------
# Unhashable keys, raising __hash__ and __eq__
# ---------------------------------------------------------------------------

UNHASHABLE_ACTIONS = [
    lambda m: m[[1]],
    lambda m: m.__setitem__([1], 2),
    lambda m: m.__delitem__([1]),
    lambda m: [1] in m,
    lambda m: m.get([1]),
    lambda m: m.get([1], 0),
    lambda m: m.pop([1]),
    lambda m: m.pop([1], 0),
    lambda m: m.setdefault([1], 0),
    lambda m: m.update([([1], 2)]),
    lambda m: m.update({"ok": 1}, **{}) or m.update([({}, 1)]),
    lambda m: [1] in m.keys(),
    lambda m: ([1], 2) in m.items(),
    lambda m: m.fromkeys([[1]]),
]


@all_kinds
@pytest.mark.parametrize("action", UNHASHABLE_ACTIONS)
def test_unhashable_keys_fail_like_dict(kind, action):
    table = same_as_dict(kind, action, {"a": 1})
    assert outcome(action, table)[1] is TypeError


def brink(kind, bad_key=False):
    """A table one insertion away from a resize (optionally with a BadEq key)."""
    table = kind()
    if bad_key:
        table[BadEq(5)] = "bad"
    i = 0
    while True:
        table[f"k{i}"] = i
        i += 1
        capacity = table.capacity
        probe = table.copy()
        probe["one more"] = 0
        if probe.capacity != capacity:
            return table


@all_kinds
def test_raising_hash_leaves_the_table_unchanged(kind):
    table = brink(kind)
    before = snapshot(table)
    bad = BadHash()
    bad.fail = True
    for action in (lambda m: m.__setitem__(bad, 1), lambda m: m[bad],
                   lambda m: bad in m, lambda m: m.pop(bad, None),
                   lambda m: m.setdefault(bad), lambda m: m.__delitem__(bad),
                   lambda m: m.get(bad), lambda m: m.update([(bad, 1)])):
        with pytest.raises(Boom):
            action(table)
        assert snapshot(table) == before
        table.check_invariants()


@pytest.mark.parametrize("kind", KINDS, ids=repr)
def test_raising_eq_leaves_the_table_unchanged_even_at_a_resize(kind):
    table = brink(kind, bad_key=True)
    before = snapshot(table)
    for action in (lambda m: m.__setitem__(BadEq(5), 1),
                   lambda m: m[BadEq(5)], lambda m: BadEq(5) in m,
                   lambda m: m.pop(BadEq(5)), lambda m: m.setdefault(BadEq(5)),
                   lambda m: m.update({BadEq(5): 1}),
                   lambda m: m.__delitem__(BadEq(5))):
        with pytest.raises(Boom):
            action(table)
        assert snapshot(table) == before
        table.check_invariants()
    # the bad key itself is still found by identity
    (bad,) = [k for k in table if isinstance(k, BadEq)]
    assert table[bad] == "bad"


@kinds
def test_hash_is_checked_before_identity(kind):
    table = kind()
    key = BadHash()
    table[key] = 42
    key.fail = True
    for action in (lambda m: m[key], lambda m: m.pop(key), lambda m: key in m,
                   lambda m: m.setdefault(key, [])):
        with pytest.raises(Boom):
            action(table)
    key.fail = False
    assert table[key] == 42


@kinds
def test_distinct_hash_means_no_eq_call(kind):
    table = kind()
    table[BadEq(24)] = 42
    with pytest.raises(KeyError):
        table[23]


@kinds
def test_setdefault_and_setitem_hash_and_compare_once(kind):
    class Counted:
        def __init__(self):
            self.hashes = self.eqs = 0

        def __hash__(self):
            self.hashes += 1
            return 42

        def __eq__(self, other):
            self.eqs += 1
            return self is other

    first = Counted()
    table = kind()
    table[first] = 5
    for i in range(4):          # enough to reach a resize below
        table[i] = i
    second = Counted()
    table.setdefault(second, [])
    third = Counted()
    for i in range(4, 40):
        table[i] = i
    table[third] = 0
    assert (first.hashes, second.hashes, third.hashes) == (1, 1, 1)
    assert first.eqs + second.eqs + third.eqs == 1 + 2


# ---------------------------------------------------------------------------
# Keys whose __eq__ changes the table
# ---------------------------------------------------------------------------

def meddling_key_class(name: str, hash_value: int,
                       meddle: Callable[[], None]) -> type:
    """A key class named ``name`` whose keys all hash to ``hash_value`` and
    are equal when their tags are.  Once the class is armed (``armed =
    True``), the next ``__eq__`` disarms it and calls ``meddle()`` before it
    answers: a key that changes the table in the middle of a lookup."""
    class Key:
        armed = False

        def __init__(self, tag):
            self.tag = tag

        def __hash__(self):
            return hash_value

        def __repr__(self):
            return f"{name}()"

        def __eq__(self, other):
            if Key.armed:
                Key.armed = False
                meddle()
            return self.tag == other.tag

    Key.__name__ = Key.__qualname__ = name
    return Key


@kinds
def test_eq_that_deletes_during_insert_restarts_like_dict(kind):
    def scenario(mapping_cls):
        mapping = mapping_cls()
        Nasty = meddling_key_class("Nasty", 1, lambda: mapping.__delitem__(key1))
        key1, key2 = Nasty(1), Nasty(2)
        mapping[key1] = 1
        Nasty.armed = True
        mapping[key2] = 2
        return mapping, [(k.tag, v) for k, v in mapping.items()]

    table, table_items = scenario(kind)
    _, dict_items = scenario(dict)
    assert table_items == dict_items == [(2, 2)]
    table.check_invariants()


MEDDLING_ACTIONS = [
    lambda m, key: m.__setitem__(key, "second"),
    lambda m, key: key in m,
    lambda m, key: m.get(key),
    lambda m, key: m.pop(key, "default"),
    lambda m, key: m.setdefault(key, "second"),
    lambda m, key: m.__delitem__(key),
    lambda m, key: m.update([(key, "second")]),
]


@kinds
@pytest.mark.parametrize("mutation", ["clear", "grow", "delete", "replace"])
@pytest.mark.parametrize("action", MEDDLING_ACTIONS)
def test_eq_that_changes_the_table_never_corrupts_it(kind, mutation, action):
    def scenario(mapping):
        def meddle():
            if mutation == "clear":
                mapping.clear()
            elif mutation == "grow":
                for i in range(100, 140):
                    mapping[i] = i
            elif mutation == "replace":
                # swap the stored key for a twin of the one searched
                del mapping[next(iter(mapping))]
                mapping[Meddler(2)] = "twin"
            else:
                del mapping[next(iter(mapping))]

        Meddler = meddling_key_class("Meddler", 7, meddle)
        mapping[Meddler(1)] = "first"
        for i in range(3):
            mapping[i] = i
        Meddler.armed = True
        result = outcome(lambda m: action(m, Meddler(2)), mapping)
        return result, [(type(k).__name__, v) for k, v in mapping.items()]

    table = kind()
    assert scenario(table) == scenario({})
    table.check_invariants()


@kinds
def test_contains_with_eq_that_clears(kind):
    class S(str):
        def __eq__(self, other):
            table.clear()
            return NotImplemented

        def __hash__(self):
            return hash("test")

    table = kind({S(): "value"})
    assert "test" not in table
    table.check_invariants()


@kinds
def test_comparison_that_mutates_an_operand(kind):
    class Y:
        def __eq__(self, other):
            right.clear()
            return True

    left = kind({0: Y()})
    right = kind({0: set()})
    assert left == right
    left.check_invariants()
    right.check_invariants()


# ---------------------------------------------------------------------------
# Changing a table while iterating over it
# ---------------------------------------------------------------------------

ITERATIONS = [
    lambda m: iter(m),
    lambda m: iter(m.keys()),
    lambda m: iter(m.values()),
    lambda m: iter(m.items()),
    lambda m: reversed(m),
    lambda m: reversed(m.keys()),
    lambda m: reversed(m.values()),
    lambda m: reversed(m.items()),
]
MUTATIONS = [
    ("add", lambda m: m.__setitem__("new", 1)),
    ("delete", lambda m: m.__delitem__(next(iter(m)))),
    ("pop", lambda m: m.pop("b")),
    ("popitem", lambda m: m.popitem()),
    ("clear", lambda m: m.clear()),
    ("delete and add", lambda m: (m.__delitem__("a"), m.__setitem__("z", 0))),
    ("delete and re-add", lambda m: (m.__delitem__("a"), m.__setitem__("a", 0))),
    ("assign", lambda m: m.__setitem__("a", 99)),
    ("assign all", lambda m: [m.__setitem__(k, 0) for k in list(m)]),
    ("setdefault existing", lambda m: m.setdefault("b", 5)),
]


@all_kinds
@pytest.mark.parametrize("start", ITERATIONS)
@pytest.mark.parametrize("name, mutate", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_mutation_during_iteration_matches_dict(kind, start, name, mutate):
    def run(mapping):
        seen = []
        iterator = start(mapping)
        try:
            for item in iterator:
                seen.append(item)
                if len(seen) == 1:
                    mutate(mapping)
        except RuntimeError as exc:
            # the error is sticky, like dict's
            again = outcome(lambda it: next(it), iterator)
            return seen, str(exc), again
        return seen, None, outcome(lambda it: next(it), iterator)

    reference = {"a": 1, "b": 2, "c": 3}
    table = kind(reference)
    assert run(table) == run(reference)
    assert list(table.items()) == list(reference.items())
    table.check_invariants()


@kinds
@pytest.mark.parametrize("start", ITERATIONS)
def test_changed_size_error_is_sticky(kind, start):
    for mapping in (dict.fromkeys("abc"), kind(dict.fromkeys("abc"))):
        iterator = start(mapping)
        next(iterator)
        mapping["new"] = None
        with pytest.raises(RuntimeError, match="changed size"):
            next(iterator)
        del mapping["new"]          # the size is back, the error stays
        with pytest.raises(RuntimeError, match="changed size"):
            next(iterator)


@all_kinds
def test_single_key_delete_and_readd_raises_keys_changed(kind):
    for mapping in ({0: 0}, kind({0: 0})):
        with pytest.raises(RuntimeError, match="keys changed|changed size"):
            for _ in mapping:
                del mapping[0]
                mapping[0] = 0
    table = kind({0: 0})
    with pytest.raises(RuntimeError) as info:
        for _ in table:
            del table[0]
            table[0] = 0
    assert str(info.value) == "dictionary keys changed during iteration"


@kinds
def test_iterator_length_hint_and_exhaustion(kind):
    table = kind(dict.fromkeys("abc"))
    for make in (iter, reversed, lambda m: iter(m.items())):
        iterator = make(table)
        assert operator.length_hint(iterator) == 3
        next(iterator)
        assert operator.length_hint(iterator) == 2
        list(iterator)
        assert operator.length_hint(iterator) == 0
        table["d"] = None          # an exhausted iterator stays exhausted
        assert list(iterator) == []
        del table["d"]


@kinds
def test_iterators_pickle_like_dicts(kind):
    data = {1: "a", 2: "b", 3: "c"}
    table = kind(data)
    for make in (iter, lambda m: iter(m.values()), lambda m: iter(m.items()),
                 reversed, lambda m: reversed(m.items())):
        for proto in range(pickle.HIGHEST_PROTOCOL + 1):
            iterator = make(table)
            assert list(pickle.loads(pickle.dumps(iterator, proto))) == list(make(data))
            first = next(iterator)
            restored = pickle.loads(pickle.dumps(iterator, proto))
            expected = list(make(data))[1:]
            assert list(restored) == expected and first == list(make(data))[0]


# ---------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------

@all_kinds
def test_views_behave_like_dict_views(kind):
    reference = {"a": 1, "b": 2, "c": 3, 4: [4]}
    table = kind(reference)
    for name in ("keys", "values", "items"):
        view, dview = getattr(table, name)(), getattr(reference, name)()
        assert repr(view) == repr(dview)
        assert len(view) == len(dview)
        assert list(view) == list(dview)
        assert list(reversed(view)) == list(reversed(dview))
        assert view.mapping == dview.mapping
        with pytest.raises(TypeError):
            view.mapping["x"] = 1
        with pytest.raises(TypeError):
            type(view)(table)
        with pytest.raises(TypeError):
            pickle.dumps(view)
        with pytest.raises(TypeError):
            copy.copy(view)
    keys, items = table.keys(), table.items()
    dkeys, ditems = reference.keys(), reference.items()
    assert isinstance(keys, KeysView) and isinstance(items, ItemsView)
    assert isinstance(table.values(), ValuesView)
    others = [{"a", "z"}, ["b", 4], dkeys, kind({"c": 0}).keys(), set()]
    for other in others:
        for op in ("__and__", "__or__", "__sub__", "__xor__", "__rsub__",
                   "__rand__", "__ror__", "__rxor__"):
            assert outcome(lambda k: getattr(k, op)(other), keys) == \
                outcome(lambda k: getattr(k, op)(other), dkeys)
        assert keys.isdisjoint(other) == dkeys.isdisjoint(other)
    assert keys == {"a", "b", "c", 4} and {"a", "b", "c", 4} == keys
    assert keys != {"a"} and keys != ["a", "b", "c", 4]
    assert (keys <= {"a", "b", "c", 4, 5}) and (keys < set(reference) | {9})
    assert ("a", 1) in items and ("a", 2) not in items and (4, [4]) in items
    assert "a" not in items and ("a", 1, 2) not in items and ("zz", 1) not in items
    assert items == ditems
    assert outcome(lambda v: v - {("a", 1)}, items) == outcome(lambda v: v - {("a", 1)}, ditems)
    assert kind({"a": 1, "b": 2}).items() - {("a", 1)} == {("b", 2)}
    assert (items & [("b", 2), ("q", 1)]) == {("b", 2)}
    assert [4] in table.values() and 9 not in table.values()
    assert table.values() != table.values()  # like dict: identity only
    with pytest.raises(TypeError):
        hash(keys)
    with pytest.raises(TypeError):
        items | [[1]]


ITEMS_XOR_CASES = [
    ({1: []}, {1: []}),                     # equal unhashable values drop out
    ({1: [], 2: [1]}, {1: [2], 3: []}),     # unequal ones stay, and fail to hash
    ({1.0: "a"}, {1: "b"}),                 # which of 1 and 1.0 is kept
    ({1.0: "a"}, {True: "a"}),
    ({}, {1: 2}), ({1: 2, 2: 3}, {}), ({"x": float("nan")}, {"x": float("nan")}),
]


@all_kinds
@pytest.mark.parametrize("left, right", ITEMS_XOR_CASES, ids=repr)
def test_items_views_xor_like_dicts(kind, left, right):
    """Two items views meet by key, as ``dictitems_xor`` does: the values
    are compared, not hashed, and the set keeps the same elements as dict's
    (compared by repr, so that 1 and 1.0 differ)."""
    def exact(result):
        return result if result[0] != "ok" else ("ok", sorted(map(repr, result[1])))
    expected = exact(outcome(lambda: left.items() ^ right.items()))
    for other in (kind(right).items(), right.items()):
        assert exact(outcome(lambda: kind(left).items() ^ other)) == expected
    for other in ({(1, 2)}, [(1, 2)]):          # not an items view: a set, as dict's
        assert outcome(lambda: kind(left).items() ^ other) == \
            outcome(lambda: left.items() ^ other)


@kinds
def test_views_are_live(kind):
    table = kind({"a": 1})
    keys, values, items = table.keys(), table.values(), table.items()
    table["b"] = 2
    del table["a"]
    assert list(keys) == ["b"] and list(values) == [2] and list(items) == [("b", 2)]
    assert len(keys) == 1 and "b" in keys


@kinds
def test_view_containment_errors_propagate(kind):
    class C:
        def __eq__(self, other):
            raise Boom

    left, right = kind({1: C()}), kind({1: C()})
    with pytest.raises(Boom):
        left.items() == right.items()
    with pytest.raises(Boom):
        (1, C()) in left.items()
    with pytest.raises(Boom):
        C() in left.values()


# ---------------------------------------------------------------------------
# Comparison, union, repr, copies, pickling, sizes, generics
# ---------------------------------------------------------------------------

@all_kinds
def test_equality_with_any_mapping(kind):
    data = {"a": 1, 2: [3]}
    table = kind(data)
    assert table == data and data == table and not (table != data)
    assert table == ChainedHashTable(data) == OpenAddressingHashTable(data)
    assert table == UserDict(data) and table == types.MappingProxyType(data)
    assert table == OrderedDict(reversed(list(data.items())))
    assert table != {"a": 1} and table != {"a": 1, 2: [4]} and table != {"a": 1, 3: [3]}
    assert table != list(data.items()) and table != 5
    assert table.__eq__(5) is NotImplemented
    assert kind() == {} and kind() != {0: 0}
    assert kind({1: NAN}) == {1: NAN}                    # values: identity first
    assert kind({1: NAN}) != {1: float("nan")}
    with pytest.raises(TypeError):
        table < data


@kinds
def test_equality_errors_propagate(kind):
    class Cmp:
        def __eq__(self, other):
            raise Boom

        def __hash__(self):
            return 1

    with pytest.raises(Boom):
        kind({Cmp(): 1}) == kind({1: 1})
    with pytest.raises(Boom):
        kind({1: Cmp()}) == {1: 2}


@all_kinds
def test_union_operators_match_dict(kind):
    left, right = {"a": 1, "b": 2}, {"b": 3, "c": 4}
    table = kind(left)
    merged = table | right
    assert type(merged) is kind.cls and merged == left | right
    assert list(merged.items()) == list((left | right).items())
    assert merged.max_load_factor == table.max_load_factor
    assert table == left                                   # unchanged
    reflected = right | table
    assert type(reflected) is kind.cls
    assert list(reflected.items()) == list((right | left).items())
    assert reflected.hash_function is table.hash_function
    both = kind(left) | kind(right)
    assert list(both.items()) == list((left | right).items())
    same = table
    table |= right
    assert table is same and list(table.items()) == list((left | right).items())
    table |= [("z", 0)]
    assert table["z"] == 0
    for bad in (lambda: table | [("x", 1)], lambda: [("x", 1)] | table,
                lambda: table | 1):
        with pytest.raises(TypeError):
            bad()
    with pytest.raises(TypeError):
        table |= 1


@kinds
def test_repr(kind):
    name = kind.cls.__name__
    assert repr(kind()) == f"{name}({{}})"
    assert repr(kind({"a": 1})) == f"{name}({{'a': 1}})"
    assert repr(kind({1: "x", (2,): None})) == f"{name}({{1: 'x', (2,): None}})"
    table = kind()
    table[1] = table
    assert repr(table) == f"{name}({{1: {{...}}}})"
    table[2] = kind({3: table})
    assert repr(table) == f"{name}({{1: {{...}}, 2: {name}({{3: {{...}}}})}})"

    class Sub(kind.cls):
        pass

    assert repr(Sub(a=1)) == "Sub({'a': 1})"
    rebuilt = eval(repr(kind({"a": [1, 2], 3: None})),
                   {name: kind.cls})
    assert rebuilt == {"a": [1, 2], 3: None}

    class BadRepr:
        def __repr__(self):
            raise Boom

    with pytest.raises(Boom):
        repr(kind({1: BadRepr()}))
    deep = kind()
    for _ in range(sys.getrecursionlimit() + 100):
        deep = kind({1: deep})
    with pytest.raises(RecursionError):
        repr(deep)


@classes
def test_unhashable_table(cls):
    with pytest.raises(TypeError):
        hash(cls())
    assert cls.__hash__ is None


@all_kinds
def test_copies_keep_class_options_and_order(kind):
    table = kind((i, str(i)) for i in range(50))
    for i in range(0, 50, 3):
        del table[i]
    table.max_load_factor = 0.5
    for duplicate in (table.copy(), copy.copy(table)):
        assert type(duplicate) is kind.cls and duplicate is not table
        assert list(duplicate.items()) == list(table.items())
        assert duplicate.max_load_factor == 0.5
        assert duplicate.hash_function is table.hash_function
        assert duplicate.capacity == table.capacity
        if hasattr(table, "probing"):
            assert duplicate.probing == table.probing
        duplicate[1000] = 1
        assert 1000 not in table
        duplicate.check_invariants()
    with pytest.raises(TypeError):
        table.copy(None)


@kinds
def test_deepcopy_and_self_reference(kind):
    table = kind({"list": [1, 2]})
    table["self"] = table
    clone = copy.deepcopy(table)
    assert clone["self"] is clone and clone["list"] == [1, 2]
    assert clone["list"] is not table["list"]
    clone.check_invariants()


@all_kinds
def test_pickle_round_trip_keeps_options(kind):
    table = kind((i, i * i) for i in range(30))
    table.max_load_factor = 0.5
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        restored = pickle.loads(pickle.dumps(table, proto))
        assert type(restored) is kind.cls
        assert list(restored.items()) == list(table.items())
        assert restored.max_load_factor == 0.5
        assert restored.hash_function is table.hash_function
        assert restored.capacity == table.capacity
        assert getattr(restored, "probing", None) == getattr(table, "probing", None)
        restored.check_invariants()


class Tagged(ChainedHashTable):
    """A subclass with instance state, for pickling and copying."""


def test_pickle_and_copy_of_a_subclass_keep_its_attributes():
    table = Tagged({"a": 1}, hash_function=teaching_hash)
    table.tag = "hello"
    for clone in (pickle.loads(pickle.dumps(table)), table.copy(), copy.deepcopy(table)):
        assert type(clone) is Tagged and clone.tag == "hello" and clone == {"a": 1}
        assert clone.hash_function is teaching_hash


def test_a_lambda_hash_function_does_not_pickle():
    table = ChainedHashTable({"a": 1}, hash_function=lambda key: 0)
    with pytest.raises((pickle.PicklingError, AttributeError, TypeError)):
        pickle.dumps(table)


@classes
def test_sizeof_grows_with_content(cls):
    empty = sys.getsizeof(cls())
    full = sys.getsizeof(cls(dict.fromkeys(range(1000))))
    assert empty > 0 and full > empty + 1000 * 8


@classes
def test_class_getitem_makes_a_generic_alias(cls):
    alias = cls[str, int]
    assert isinstance(alias, types.GenericAlias)
    assert alias.__origin__ is cls and alias.__args__ == (str, int)
    assert alias({"a": 1}) == {"a": 1}


@classes
def test_abstract_base_classes(cls):
    table = cls()
    assert isinstance(table, MutableMapping) and isinstance(table, Mapping)
    assert not isinstance(table, dict)


# ---------------------------------------------------------------------------
# The teaching surface
# ---------------------------------------------------------------------------

def test_teaching_hash_is_fixed_and_computable_by_hand():
    assert teaching_hash("") == 0
    assert teaching_hash("a") == 97
    assert teaching_hash("ab") == 31 * 97 + 98
    assert teaching_hash("alan") == 2996632
    # low five bits = alternating sum of the bytes, last byte positive
    for word in ("grace", "alan", "frances", "edsger", "margaret", "é-unicode"):
        data = word.encode("utf-8")
        alternating = sum(b if (len(data) - 1 - i) % 2 == 0 else -b
                          for i, b in enumerate(data))
        assert teaching_hash(word) % 32 == alternating % 32
    assert 0 <= teaching_hash("x" * 100) < 2**32
    with pytest.raises(TypeError):
        teaching_hash(b"bytes")


def test_worked_example_slot_by_slot():
    names = ["grace", "alan", "frances", "margaret", "kristen", "ada", "linus"]
    table = ChainedHashTable(dict.fromkeys(names), capacity=8,
                             hash_function=teaching_hash, max_load_factor=1.0)
    assert table.slots() == [["grace", "alan", "frances"], ["margaret"], [], [],
                             ["kristen"], [], ["ada"], ["linus"]]
    assert [table.slot_of(n) for n in ("grace", "alan", "frances")] == [0, 0, 0]
    events = []
    table.on_resize = events.append
    table.resize(16)
    assert table.slots()[8] == ["grace", "alan", "frances"]
    assert [i for i, chain in enumerate(table.slots()) if chain] == [8, 9, 12, 14, 15]
    (event,) = events
    assert isinstance(event, ResizeEvent)
    assert (event.old_capacity, event.new_capacity) == (8, 16)
    assert event.keys_moved == event.keys_total == 7
    assert event.moves[0] == ("grace", 0, 8)
    assert all(new == old + 8 for _, old, new in event.moves)
    # edsger collides in slot 0 of 8 but stays in slot 0 of 16
    assert teaching_hash("edsger") % 8 == 0 == teaching_hash("edsger") % 16
    stats = ChainedHashTable(dict.fromkeys(names), hash_function=teaching_hash,
                             max_load_factor=1.0).stats()
    assert stats.longest_chain == 3 and stats.histogram == {0: 3, 1: 4, 3: 1}


@all_kinds
def test_load_factor_capacity_and_slot_of(kind):
    table = kind(dict.fromkeys(range(5)))
    assert table.load_factor == len(table) / table.capacity
    for key in range(-20, 20):
        h = table.hash_function(key)
        assert table.slot_of(key) == h & (table.capacity - 1) == h % table.capacity
    with pytest.raises(TypeError):
        table.slot_of([])
    with pytest.raises(AttributeError):
        table.hash_function = hash
    assert table.resize_count >= 0 and table.on_resize is None


@classes
def test_default_hash_function_and_max_load(cls):
    table = cls()
    assert table.hash_function is hash
    expected = 0.75 if cls is ChainedHashTable else 2 / 3
    assert table.max_load_factor == pytest.approx(expected)


@classes
def test_plugged_hash_function_must_be_callable_and_return_an_int(cls):
    with pytest.raises(TypeError):
        cls(hash_function=42)
    with pytest.raises(TypeError, match="must return an int"):
        cls({"a": 1}, hash_function=lambda key: "not an int")


@classes
def test_plugged_hash_returning_non_int_raises_and_changes_nothing(cls):
    returns = {"ok": 3}

    def picky(key):
        return returns.get(key, 2.5)

    table = cls(hash_function=picky)
    table["ok"] = 1
    before = snapshot(table)
    for action in (lambda m: m.__setitem__("bad", 1), lambda m: m["bad"],
                   lambda m: "bad" in m):
        with pytest.raises(TypeError, match="int"):
            action(table)
        assert snapshot(table) == before
    with pytest.raises(TypeError):
        table[[1]] = 1       # still rejects keys Python cannot hash
    assert cls(hash_function=lambda k: True).slot_of("x") == 1


@classes
def test_max_load_factor_validation(cls):
    table = cls(dict.fromkeys(range(5)))
    before = snapshot(table)
    bad_values = [(0, ValueError), (-0.5, ValueError), (float("nan"), ValueError),
                  ("0.5", TypeError), (None, TypeError), (True, TypeError),
                  ([0.5], TypeError)]
    if cls is OpenAddressingHashTable:
        bad_values += [(1, ValueError), (1.5, ValueError)]
    for bad, error in bad_values:
        with pytest.raises(error):
            table.max_load_factor = bad
        if bad is not None:        # None in the constructor means "default"
            with pytest.raises(error):
                cls(max_load_factor=bad)
        assert snapshot(table) == before
    table.max_load_factor = 0.5
    assert table.max_load_factor == 0.5
    if cls is ChainedHashTable:
        table.max_load_factor = 4
        assert table.max_load_factor == 4.0 and type(table.max_load_factor) is float


@all_kinds
def test_lowering_max_load_factor_resizes_now(kind):
    table = kind(dict.fromkeys(range(5)), capacity=8)
    events = []
    table.on_resize = events.append
    table.max_load_factor = 0.25
    assert table.capacity >= 32 and len(events) == 1
    assert len(table) <= 0.25 * table.capacity
    table.check_invariants()


@all_kinds
def test_resize_method(kind):
    table = kind(dict.fromkeys(range(20)))
    table.resize(1024)
    assert table.capacity == 1024
    table.check_invariants()
    table.resize(31)        # shrinking on request, rounded up to 32
    assert table.capacity == 32
    table.check_invariants()
    small = kind(dict.fromkeys(range(20)))
    before = snapshot(small)
    with pytest.raises(ValueError):
        small.resize(8)
    assert snapshot(small) == before
    with pytest.raises(TypeError):
        small.resize(16.0)
    assert list(table) == list(range(20))


def test_chained_table_doubles_exactly_when_the_load_would_pass_the_maximum():
    for max_load in (0.5, 0.75, 1.0, 2.0):
        table = ChainedHashTable(max_load_factor=max_load)
        for i in range(500):
            before = table.capacity
            table[i] = i
            if (i + 1) > max_load * before:
                assert table.capacity == 2 * before
            else:
                assert table.capacity == before
            assert len(table) <= max_load * table.capacity


@all_kinds
def test_resize_moves_every_key_to_the_slot_its_hash_names(kind):
    table = kind()
    events = []
    homes_before = {}

    def record(event):
        events.append((event, dict(homes_before)))

    table.on_resize = record
    for i in range(300):
        key = f"key{i}" if i % 2 else i
        homes_before = {k: table.slot_of(k) for k in table}
        picture_before = table.slots()
        count = table.resize_count
        table[key] = i
        if table.resize_count != count:
            event, homes = events[-1]
            assert event.keys_total == len(table) - 1
            assert event.new_capacity == table.capacity > event.old_capacity
            moved = {m[0] for m in event.moves}
            assert event.keys_moved == len(event.moves) == len(moved)
            if kind.cls is ChainedHashTable:
                for k in table:
                    assert table.slot_of(k) == table.hash_function(k) & (table.capacity - 1)
                expected = {k for k in homes if table.slot_of(k) != homes[k]}
                assert moved == expected
                for k, old, new in event.moves:
                    assert old == homes[k] and new == table.slot_of(k)
                    assert k in table.slots()[new]
            elif not kind.options.get("robin_hood"):
                # (A Robin Hood insertion goes on to displace keys after the
                # rebuild the event describes: its own tests are elsewhere.)
                where_before = {k: i for i, k in enumerate(picture_before)
                                if k is not None and k is not TOMBSTONE}
                picture_after = table.slots()
                for k, old, new in event.moves:
                    assert where_before[k] == old and picture_after[new] is k
                unmoved = set(where_before) - moved
                for k in unmoved:
                    assert picture_after[where_before[k]] is k
            table.check_invariants()
    assert table.resize_count == len(events) > 3


# ---------------------------------------------------------------------------
# Tombstones
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("probing", ["linear", "perturb"])
def test_tombstones_are_counted_reused_and_stepped_over(probing):
    table = OpenAddressingHashTable(hash_function=zero_hash, probing=probing)
    for key in "abcd":
        table[key] = key
    slots_before = table.slots()
    where = {k: slots_before.index(k) for k in "abcd"}
    del table["b"]
    assert table.tombstones == 1 and table.slots()[where["b"]] is TOMBSTONE
    assert table.fill_factor == 4 / 8 and table.load_factor == 3 / 8
    assert table["c"] == "c" and table["d"] == "d"   # found past the tombstone
    assert table.stats().tombstones == 1
    table.check_invariants()
    table["e"] = "e"                                 # reuses the tombstone
    assert table.tombstones == 0 and table.slots()[where["b"]] == "e"
    assert list(table) == ["a", "c", "d", "e"]
    table.check_invariants()


def test_popitem_leaves_a_tombstone():
    table = OpenAddressingHashTable(dict.fromkeys("abc"))
    table.popitem()
    assert table.tombstones == 1 and TOMBSTONE in table.slots()
    assert TOMBSTONE == "<tombstone>" and "<tombstone>" in table.slots()
    assert pickle.loads(pickle.dumps(TOMBSTONE)) is TOMBSTONE
    assert copy.deepcopy(TOMBSTONE) is TOMBSTONE
    lookalike = OpenAddressingHashTable({"<tombstone>": "a key, not a marker"})
    assert "<tombstone>" in lookalike.slots()
    assert not any(s is TOMBSTONE for s in lookalike.slots())
    assert sum(s is TOMBSTONE for s in table.slots()) == 1


@pytest.mark.parametrize("probing", ["linear", "perturb"])
def test_a_table_full_of_tombstones_is_rebuilt_at_the_same_size(probing):
    table = OpenAddressingHashTable(probing=probing)
    events = []
    table.on_resize = events.append
    for i in range(2000):        # churn: one live key at a time
        table[i] = i
        del table[i]
        assert table.fill_factor <= table.max_load_factor
    assert table.capacity == 8 and len(table) == 0
    assert events and all(e.old_capacity == e.new_capacity == 8 for e in events)
    assert all(e.tombstones_cleared > 0 for e in events)
    table.check_invariants()
    table[5] = 5
    table.resize(8)
    assert table.tombstones == 0
    table.check_invariants()


def test_fill_with_tombstones_counts_toward_growth():
    table = OpenAddressingHashTable(hash_function=identity_hash)
    for i in range(5):
        table[i] = i                      # slots 0..4
    for i in range(4):
        del table[i]                      # tombstones in slots 0..3
    assert table.tombstones == 4 and table.fill_factor == 5 / 8
    assert table.load_factor == 1 / 8
    assert table.slots()[:5] == [TOMBSTONE] * 4 + [4]
    table[8] = 8            # home slot 0 is a tombstone: reused, no rebuild
    assert table.tombstones == 3 and table.resize_count == 0
    assert table.slots()[0] == 8
    table[5] = 5            # an empty slot: fill would be 6/8 > 2/3, rebuild
    assert table.resize_count == 1 and table.tombstones == 0
    # only 2 live keys before the insertion: rebuilt at the same size
    assert table.capacity == 8 and list(table) == [4, 8, 5]
    assert table.slots() == [8, None, None, None, 4, 5, None, None]
    table.check_invariants()
    for i in (9, 10, 11):   # now the live keys need the room: it doubles
        table[i] = i
    assert table.capacity == 16 and table.resize_count == 2
    table.check_invariants()


@pytest.mark.parametrize("kind", [
    CHAINED, Kind("linear-zero-hash", OpenAddressingHashTable, hash_function=zero_hash)],
    ids=repr)
def test_entries_list_is_compacted_without_a_resize(kind):
    # Three live keys, one deleted and one added per step: the dense list
    # collects holes until they are squeezed out.  (With every hash 0, the
    # open-addressing table reuses a tombstone each time, so it never
    # rebuilds and must compact on its own.)
    table, reference = kind(), {}
    for i in range(3):
        table[i] = reference[i] = i
    resizes = table.resize_count
    longest = 0
    for i in range(3, 80):
        del table[i - 3], reference[i - 3]
        table[i] = reference[i] = i
        longest = max(longest, len(table._entries))
        table.check_invariants()
        assert list(table.items()) == list(reference.items())
        assert list(reversed(table.items())) == list(reversed(reference.items()))
    # dict's rule: squeezed when its room runs out, the room set for three
    # times the live keys (two thirds of the next power of two).
    assert longest <= len(reference) + dict_room(len(reference))
    assert table.resize_count == resizes
    for key in list(reference):      # deleting after compactions still works
        del table[key]
    assert len(table) == 0
    table.check_invariants()


@given(st.lists(st.tuples(st.booleans(), st.integers(0, 30)), max_size=200))
def test_dense_entries_list_stays_bounded_under_churn(operations):
    for cls in CLASSES:
        table, reference = cls(), {}
        for insert, key in operations:
            if insert:
                table[key] = reference[key] = key
            elif key in reference:
                del table[key], reference[key]
        assert list(table.items()) == list(reference.items())
        table.check_invariants()
        assert len(table._entries) <= 2 * table.capacity + 1


# ---------------------------------------------------------------------------
# stats() against a recount from slots()
# ---------------------------------------------------------------------------

def probe_path(h, capacity, probing):
    """The probe rule, written out again independently of the module."""
    mask = capacity - 1
    i = h & mask
    perturb = h & (2**64 - 1)
    for _ in range(capacity + 70):
        yield i
        if probing == "linear":
            i = (i + 1) & mask
        else:
            i = (5 * i + 1 + perturb) & mask
            perturb >>= 5


def recount_chains(table):
    chains = table.slots()
    lengths = [len(chain) for chain in chains]
    histogram = Counter(lengths)
    non_empty = [n for n in lengths if n]
    hits = [position + 1 for chain in chains for position in range(len(chain))]
    return dict(
        capacity=len(chains), size=sum(lengths), histogram=dict(histogram),
        longest_chain=max(lengths),
        average_chain_length=sum(non_empty) / len(non_empty) if non_empty else 0.0,
        expected_probes_hit=sum(hits) / len(hits) if hits else 0.0,
        expected_probes_miss=sum(lengths) / len(chains))


def recount_probes(table):
    picture = table.slots()
    capacity = len(picture)
    probes = []
    for slot, key in enumerate(picture):
        if key is None or key is TOMBSTONE:
            continue
        for count, i in enumerate(probe_path(table.hash_function(key), capacity,
                                             table.probing), 1):
            assert picture[i] is not None, "crossed an empty slot"
            if i == slot:
                probes.append(count)
                break
        else:
            raise AssertionError(f"{key!r} is unreachable")
    # Robin Hood: a miss also ends at a resident nearer to its home than
    # the search has travelled.
    robin_hood = getattr(table, "robin_hood", False)
    homes = [None if key is None or key is TOMBSTONE
             else table.hash_function(key) % capacity for key in picture]
    misses = []
    for slot in range(capacity):
        for count, i in enumerate(probe_path(slot, capacity, table.probing), 1):
            if picture[i] is None or (
                    robin_hood and (i - homes[i]) % capacity < count - 1):
                misses.append(count)
                break
    return dict(
        capacity=capacity, size=len(probes), histogram=dict(Counter(probes)),
        longest_probe=max(probes, default=0),
        tombstones=sum(1 for k in picture if k is TOMBSTONE),
        expected_probes_hit=sum(probes) / len(probes) if probes else 0.0,
        expected_probes_miss=sum(misses) / capacity)


def check_stats(table):
    stats = table.stats()
    if isinstance(table, ChainedHashTable):
        assert isinstance(stats, ChainStats)
        expected = recount_chains(table)
    else:
        assert isinstance(stats, ProbeStats)
        expected = recount_probes(table)
        assert stats.fill_factor == pytest.approx(table.fill_factor)
    for name, value in expected.items():
        got = getattr(stats, name)
        assert got == pytest.approx(value), (name, got, value)
    assert stats.load_factor == pytest.approx(table.load_factor)


@all_kinds
@given(keys=st.lists(st.integers(-1000, 1000) | st.text(max_size=3), max_size=60),
       deletions=st.integers(0, 30))
def test_stats_agree_with_a_recount(kind, keys, deletions):
    table = kind(dict.fromkeys(keys))
    for key in list(table)[:deletions]:
        del table[key]
    check_stats(table)
    with pytest.raises(dataclasses.FrozenInstanceError):
        table.stats().capacity = 3


def test_stats_of_an_empty_table():
    chained = ChainedHashTable().stats()
    assert chained.histogram == {0: 8} and chained.longest_chain == 0
    assert chained.expected_probes_hit == 0.0 == chained.expected_probes_miss
    probed = OpenAddressingHashTable().stats()
    assert probed.histogram == {} and probed.expected_probes_miss == 1.0


def test_every_key_in_slot_zero_makes_one_long_chain():
    table = ChainedHashTable(hash_function=zero_hash)
    for i in range(100):
        table[i] = i
    stats = table.stats()
    assert stats.longest_chain == 100 and stats.histogram[100] == 1
    assert stats.expected_probes_hit == pytest.approx(50.5)
    probed = OpenAddressingHashTable(dict.fromkeys(range(100)), hash_function=zero_hash)
    assert probed.stats().longest_probe == 100


def test_probe_sequence_follows_the_documented_rules():
    linear = OpenAddressingHashTable(hash_function=lambda k: k, capacity=8)
    assert linear.probe_sequence(5) == [5, 6, 7, 0, 1, 2, 3, 4]
    perturb = OpenAddressingHashTable(hash_function=lambda k: k, capacity=8,
                                      probing="perturb")
    assert perturb.probe_sequence(37, 3) == list(probe_path(37, 8, "perturb"))[:3]
    assert perturb.probe_sequence(37, 2) == [5, (5 * 5 + 1 + 37) % 8]
    assert sorted(perturb.probe_sequence(-1, 40)[20:28]) == list(range(8))
    assert sorted(perturb.probe_sequence(0)) == list(range(8))


# ---------------------------------------------------------------------------
# check_invariants() can fail
# ---------------------------------------------------------------------------

def home_to_an_empty_slot(table):
    """Rewrite a stored hash so that the key's home slot is an empty one."""
    entry = next(e for e in table._entries if e is not None)
    slots = table.slots()
    empty = next(i for i, chain in enumerate(slots) if not chain)
    entry.hash = (entry.hash & ~table._mask) | empty


def corruptions(table):
    """Ways to break a table's internals; check_invariants must notice each."""
    if isinstance(table, ChainedHashTable):
        def lose_a_key(t):
            slot = next(i for i, e in enumerate(t._chains) if e is not None)
            t._chains[slot] = t._chains[slot].next

        def a_chain_in_a_cycle(t):
            slot = next(i for i, e in enumerate(t._chains) if e is not None)
            t._chains[slot].next = t._chains[slot]

        def a_stranger_in_a_slot(t):
            t._chains[t._chains.index(None)] = "a"
    else:
        def lose_a_key(t):
            t._tombstones += 1

        def a_chain_in_a_cycle(t):         # a key in two slots
            slot = next(i for i, e in enumerate(t._slots) if e is not None)
            t._slots[t._slots.index(None)] = t._slots[slot]

        def a_stranger_in_a_slot(t):
            t._slots[t._slots.index(None)] = "a"
    return [
        home_to_an_empty_slot,
        lose_a_key,
        a_chain_in_a_cycle,
        a_stranger_in_a_slot,
        lambda t: setattr(t, "_room", -1),
        lambda t: setattr(t, "_mixing", True),
        lambda t: setattr(t, "_size", t._size + 1),
        lambda t: t._entries.append(t._entries[0]),
        lambda t: setattr(t._entries[0], "position", 5),
        lambda t: setattr(t, "_mask", 3),
    ]


@all_kinds
def test_check_invariants_detects_corruption(kind):
    count = len(corruptions(kind()))
    for index in range(count):
        table = kind(dict.fromkeys("abcd"))
        table.check_invariants()
        corruptions(table)[index](table)
        with pytest.raises(AssertionError):
            table.check_invariants()


def test_check_invariants_detects_a_load_above_the_maximum():
    table = ChainedHashTable(dict.fromkeys(range(6)))
    table._max_load = 0.5
    with pytest.raises(AssertionError, match="load factor"):
        table.check_invariants()


# ---------------------------------------------------------------------------
# Keys and table kinds for the family's state machine (test_hashtable_machine.py)
# ---------------------------------------------------------------------------

SHARED_NAN = NAN
KEYS = st.one_of(
    st.integers(-3, 12),
    st.integers(-3, 12).map(float),
    st.booleans(),
    st.sampled_from(["a", "b", "grace", "alan", "frances", ""]),
    st.integers(0, 8).map(Collider),
    st.just(SHARED_NAN),
)
VALUES = st.integers(0, 5)
MACHINE_KINDS = ALL_KINDS + [
    Kind("chained-dense", ChainedHashTable, max_load_factor=3.0),
    Kind("linear-dense", OpenAddressingHashTable, max_load_factor=0.9),
    Kind("robin-hood-dense", OpenAddressingHashTable, robin_hood=True,
         max_load_factor=0.9),
]


def key_types(mapping):
    return [type(k) for k in mapping]
