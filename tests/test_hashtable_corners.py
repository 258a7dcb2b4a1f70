"""The hash tables against dict itself where the differences hide: keys
whose hashes share their low bits, view set operations between equal keys
of different types, loops that change a table while iterating over it, and
a max_load_factor too small to mean anything."""

from __future__ import annotations

import operator
import random

import pytest
from helpers import outcome

from dsa._hashtable_parts import CHAIN_LIMIT, PROBE_LIMIT
from dsa.hashtable import ChainedHashTable, OpenAddressingHashTable, mix_hash

CLASSES = [ChainedHashTable, OpenAddressingHashTable]
classes = pytest.mark.parametrize("cls", CLASSES, ids=["chained", "open"])


def longest(table) -> int:
    stats = table.stats()
    return getattr(stats, "longest_chain", None) or stats.longest_probe


# -- patterned keys -------------------------------------------------------------

PATTERNS = {
    "i << 32": lambda i: i << 32,
    "i * 1024": lambda i: i * 1024,
    "-(i << 40)": lambda i: -(i << 40),
    "i * 2**20 + 7": lambda i: i * 2**20 + 7,
}


@classes
@pytest.mark.parametrize("pattern", PATTERNS)
def test_patterned_keys_do_not_pile_up(cls, pattern):
    keys = [PATTERNS[pattern](i) for i in range(3000)]
    table, reference = cls(), {}
    for k in keys:
        table[k] = reference[k] = k
    table.check_invariants()
    assert table == reference and list(table) == list(reference)
    # Without mixing every one of these patterns puts thousands of keys in
    # one chain or one run; mixed, no chain or run is long.
    assert longest(table) <= max(CHAIN_LIMIT, PROBE_LIMIT)
    for k in keys:
        assert table.slot_of(k) == mix_hash(hash(k)) & (table.capacity - 1)
    for k in keys[::3]:
        del table[k], reference[k]
    table.check_invariants()
    assert table == reference


@classes
def test_a_copy_of_a_mixing_table_mixes(cls):
    table = cls((i << 32, i) for i in range(500))
    for duplicate in (table.copy(), table | {}, cls(table)):
        duplicate.check_invariants()
        assert duplicate == table and list(duplicate) == list(table)
        assert longest(duplicate) <= max(CHAIN_LIMIT, PROBE_LIMIT)


@classes
def test_a_plugged_hash_is_used_as_given(cls):
    # A lesson that plugs a bad hash must see what it does.
    table = cls(((i << 32, i) for i in range(200)), hash_function=hash_as_is)
    table.check_invariants()
    assert longest(table) >= 150
    assert all(table.slot_of(i << 32) == 0 for i in range(200))


def hash_as_is(key):
    return hash(key)


@classes
@pytest.mark.parametrize("offset", [1 << 64, -(1 << 70), 3 << 100])
def test_a_plugged_hash_beyond_a_machine_word_keeps_its_slots(cls, offset):
    # Stored hashes are machine words; a wider plugged hash keeps its low
    # bits, and so its slots, and the table still behaves as dict.
    table = cls(hash_function=lambda key: hash(key) + offset)
    reference = {}
    for k in range(300):
        table[k] = reference[k] = -k
    for k in range(0, 300, 4):
        del table[k], reference[k]
    table.check_invariants()
    assert table == reference and list(table) == list(reference)
    assert all(table.slot_of(k) == (k + offset) & (table.capacity - 1)
               for k in reference)
    assert all(k in table for k in reference) and 300 not in table


@classes
def test_random_keys_keep_the_plain_hash(cls):
    rng = random.Random(5)
    table = cls.fromkeys(format(rng.getrandbits(64), "016x") for _ in range(20000))
    keys = list(table)[:50]
    assert [table.slot_of(k) for k in keys] == \
        [hash(k) & (table.capacity - 1) for k in keys]


# -- max_load_factor ----------------------------------------------------------------

@classes
@pytest.mark.parametrize("tiny", [1e-300, 1e-9, 0.01, 0.0624])
def test_a_max_load_factor_below_one_sixteenth_is_refused(cls, tiny):
    table = cls({1: 1})
    with pytest.raises(ValueError, match="max_load_factor"):
        table.max_load_factor = tiny
    with pytest.raises(ValueError, match="max_load_factor"):
        cls(max_load_factor=tiny)
    assert dict(table) == {1: 1} and table.capacity == 8
    table.max_load_factor = 1 / 16
    table[2] = 2
    assert table.capacity == 32
    table.check_invariants()


# -- view set operations --------------------------------------------------------------

def members(result):
    """A set result, with each element's type: 1 and 1.0 are told apart."""
    return sorted((repr(type(x)), repr(x)) for x in result)


CONTENTS = [{1.0: "a"}, {1.0: "a", 2: "b"}, {True: "t", 2.0: "b", 3: "c"}, {}]
OTHERS = [{1}, {1, 2, 3, 4}, {True}, frozenset({1, 2.0}), [1, 2], (1.0,),
          {1: "x"}.keys(), {1.0: "a", 5: "e"}.keys(), {(1, "a")},
          {(1, "a"), (True, "t")}, [(2, "b")], 1, None, "ab"]
DICT_VIEWS = (type({}.keys()), type({}.items()))
BINARY = [operator.and_, operator.or_, operator.sub, operator.xor]


@classes
@pytest.mark.parametrize("contents", CONTENTS, ids=repr)
def test_view_set_operations_keep_dicts_elements(cls, contents):
    table = cls(contents)
    for view_of in (lambda m: m.keys(), lambda m: m.items()):
        ours, theirs = view_of(table), view_of(dict(contents))
        for other in OTHERS + [view_of({1: "a", 2: "z"}), view_of(cls({2.0: "b"}))]:
            if isinstance(other, type(ours)):
                reference_other = view_of(dict(other.mapping))
            else:
                reference_other = other
            for op in BINARY:
                # With a dict's view on the left, dict's own code runs, and
                # it does not take our view for one of its own.
                flips = [False] if isinstance(other, DICT_VIEWS) else [False, True]
                for flip in flips:
                    def ours_call():
                        return op(other, ours) if flip else op(ours, other)

                    def their_call():
                        return (op(reference_other, theirs) if flip
                                else op(theirs, reference_other))
                    assert outcome(ours_call, shape=members) == \
                        outcome(their_call, shape=members), (op, flip, other)
            assert outcome(ours.isdisjoint, other) == \
                outcome(theirs.isdisjoint, reference_other), other


# -- changing a table while iterating over it ----------------------------------------

def pop_and_put_back(t, k):
    t[k] = t.pop(k)


def pop_and_add_another(t, k):
    t.pop(k)
    t[("new", k)] = 0


def popitem_and_add(t, k):
    t.popitem()
    t[("new", k)] = 0


def delete_and_add_many(t, k):
    del t[k]
    for j in range(3):
        t[("new", k, j)] = 0
    for j in range(2):
        del t[("new", k, j)]


MUTATIONS = [pop_and_put_back, pop_and_add_another, popitem_and_add,
             delete_and_add_many]


def walk(table, mutate):
    """The keys an iteration yields while ``mutate`` runs at each, and how it
    ended."""
    seen = []

    def run():
        for k in table:
            seen.append(k)
            mutate(table, k)
    return outcome(run), seen


@classes
@pytest.mark.parametrize("mutate", MUTATIONS, ids=lambda m: m.__name__)
def test_size_preserving_changes_during_iteration_end_as_for_dict(cls, mutate):
    for n in range(0, 90):
        reference = {i: i for i in range(n)}
        table = cls(reference)
        assert walk(table, mutate) == walk(reference, mutate), n
        assert table == reference
        table.check_invariants()


# -- options versus keys: on_resize -----------------------------------------------

OPTIONS = {ChainedHashTable: ["max_load_factor", "hash_function", "capacity",
                              "on_resize"],
           OpenAddressingHashTable: ["max_load_factor", "hash_function",
                                     "capacity", "on_resize", "probing",
                                     "robin_hood"]}


@classes
def test_every_option_is_keyword_only(cls):
    import inspect
    parameters = inspect.signature(cls).parameters
    for name in OPTIONS[cls]:
        assert parameters[name].kind is inspect.Parameter.KEYWORD_ONLY, name
    assert "on_resize" in cls.__doc__ and "not keys" in cls.__doc__


@classes
def test_on_resize_option_is_called_on_growth_and_is_no_key(cls):
    events = []
    table = cls(on_resize=events.append)
    assert len(table) == 0 and "on_resize" not in table
    assert table.on_resize == events.append
    for i in range(100):
        table[i] = i
    assert table.resize_count == len(events) > 0
    capacities = [(e.old_capacity, e.new_capacity) for e in events]
    assert capacities[0] == (8, 16)
    assert all(new == 2 * old for old, new in capacities)
    assert all(e.keys_total <= len(table) for e in events)
    assert capacities[-1][1] == table.capacity
    table.check_invariants()


@classes
def test_on_resize_must_be_callable(cls):
    with pytest.raises(TypeError, match="on_resize"):
        cls(on_resize=1)
    table = cls({1: 1})
    with pytest.raises(TypeError, match="on_resize"):
        table.on_resize = "print"
    # Validated before anything changes: no new keys, no new capacity.
    with pytest.raises(TypeError, match="on_resize"):
        table.__init__({2: 2}, capacity=64, on_resize=3)
    assert dict(table) == {1: 1} and table.capacity == 8
    assert table.on_resize is None
    table.on_resize = print
    table.on_resize = None               # None removes the hook
    assert table.on_resize is None


@classes
def test_a_key_named_like_an_option_is_stored_without_the_keyword(cls):
    table = cls()
    table.update(on_resize=1, capacity=2)
    assert dict(table) == {"on_resize": 1, "capacity": 2}
    assert table.on_resize is None and table.capacity == 8
    table["probing"] = "linear"
    assert cls({"on_resize": print})["on_resize"] is print
    assert dict(cls([("hash_function", 0)], other=1)) == {"hash_function": 0,
                                                        "other": 1}


@classes
def test_calling_init_again_sets_or_keeps_the_hook(cls):
    events = []
    table = cls({0: 0})
    table.__init__({1: 1}, on_resize=events.append)
    assert table.on_resize == events.append and dict(table) == {0: 0, 1: 1}
    table.__init__({2: 2})                   # left out: kept
    assert table.on_resize == events.append
    table.resize(64)
    assert [e.new_capacity for e in events] == [64]


@classes
def test_new_tables_do_not_keep_the_hook(cls):
    import copy
    import pickle
    events = []
    # A lambda cannot be pickled: the pickle below proves the hook stays out.
    table = cls(dict.fromkeys(range(5)), on_resize=lambda e: events.append(e))
    made = [table.copy(), copy.copy(table), table | {9: 9}, {9: 9} | table,
            cls.fromkeys(table), pickle.loads(pickle.dumps(table))]
    for new in made:
        assert new.on_resize is None
        for i in range(100):
            new[i] = i
    assert events == []                      # no copy reported to the hook
    table.resize(64)
    assert len(events) == 1
