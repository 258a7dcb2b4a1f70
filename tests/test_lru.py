"""LRUCache against a reference built on collections.OrderedDict.

The reference is the textbook OrderedDict recipe: ``move_to_end`` on every
use, ``popitem(last=False)`` to evict.  The state machine compares every
result, every exception, the eviction callbacks, the counters and the full
least-to-most-recent order after each step, and runs the cache's own
invariant check (dict and list agree, size within capacity).
"""

from __future__ import annotations

from collections import OrderedDict

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant,
                                 rule)

from helpers import outcome as shared_outcome

from dsa.lru import LRUCache

_MISSING = object()


class ReferenceLRU:
    """The same contract, written with OrderedDict."""

    def __init__(self, capacity, on_evict=None):
        self.capacity = capacity
        self.on_evict = on_evict
        self.entries = OrderedDict()
        self.hits = self.misses = 0

    def get(self, key, default=None):
        if key not in self.entries:
            self.misses += 1
            return default
        self.hits += 1
        self.entries.move_to_end(key)
        return self.entries[key]

    def __getitem__(self, key):
        value = self.get(key, _MISSING)
        if value is _MISSING:
            raise KeyError(key)
        return value

    def peek(self, key, default=None):
        return self.entries.get(key, default)

    def put(self, key, value):
        if key in self.entries:
            self.entries[key] = value
            self.entries.move_to_end(key)
            return None
        evicted = None
        if len(self.entries) >= self.capacity:
            evicted = self.entries.popitem(last=False)
        self.entries[key] = value
        if evicted is not None and self.on_evict is not None:
            self.on_evict(*evicted)
        return evicted

    def __setitem__(self, key, value):
        self.put(key, value)

    def __delitem__(self, key):
        del self.entries[key]

    def __contains__(self, key):
        return key in self.entries

    def __len__(self):
        return len(self.entries)

    def __iter__(self):
        return iter(self.entries)

    def items(self):
        return iter(self.entries.items())

    def clear(self):
        self.entries.clear()


def outcome(action, cache):
    """What ``action(cache)`` did; an exception's ``args`` must match too."""
    return shared_outcome(action, cache, words=lambda error: error.args)


KEYS = st.integers(min_value=0, max_value=7)      # few keys: hits, updates, evictions
VALUES = st.integers(min_value=-100, max_value=100)


class LRUMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.evicted = []
        self.ref_evicted = []

    @initialize(capacity=st.integers(min_value=1, max_value=5))
    def start(self, capacity):
        self.cache = LRUCache(capacity, on_evict=lambda k, v: self.evicted.append((k, v)))
        self.ref = ReferenceLRU(capacity, on_evict=lambda k, v: self.ref_evicted.append((k, v)))

    def same(self, action):
        expected = outcome(action, self.ref)
        assert outcome(action, self.cache) == expected
        return expected

    @rule(key=KEYS, value=VALUES)
    def put(self, key, value):
        self.same(lambda c: c.put(key, value))

    @rule(key=KEYS, value=VALUES)
    def setitem(self, key, value):
        self.same(lambda c: c.__setitem__(key, value))

    @rule(key=KEYS, default=st.sampled_from([None, "absent"]))
    def get(self, key, default):
        self.same(lambda c: c.get(key, default))

    @rule(key=KEYS)
    def getitem(self, key):
        self.same(lambda c: c[key])

    @rule(key=KEYS)
    def peek(self, key):
        self.same(lambda c: c.peek(key))

    @rule(key=KEYS)
    def contains(self, key):
        self.same(lambda c: key in c)

    @rule(key=KEYS)
    def delitem(self, key):
        self.same(lambda c: c.__delitem__(key))

    @rule()
    def clear(self):
        self.same(lambda c: c.clear())

    @rule(key=st.just([]))
    def unhashable_key(self, key):
        for action in (lambda c: c.put(key, 1), lambda c: c.get(key),
                       lambda c: key in c, lambda c: c.peek(key)):
            got = self.same(action)
            assert got[1] is TypeError

    @invariant()
    def agree(self):
        self.cache.check_invariants()
        assert len(self.cache) == len(self.ref) <= self.cache.capacity
        assert list(self.cache) == list(self.ref)
        assert list(self.cache.items()) == list(self.ref.items())
        assert (self.cache.hits, self.cache.misses) == (self.ref.hits, self.ref.misses)
        assert self.evicted == self.ref_evicted


TestLRUMachine = LRUMachine.TestCase


# -----------------------------------------------------------------------------
# Unit tests
# -----------------------------------------------------------------------------

def test_capacity_must_be_a_positive_integer():
    for bad in (0, -1):
        with pytest.raises(ValueError, match="at least 1"):
            LRUCache(bad)
    for bad in (1.5, "3", None):
        with pytest.raises(TypeError):
            LRUCache(bad)
    assert LRUCache(3).capacity == 3
    with pytest.raises(AttributeError):
        LRUCache(3).capacity = 4


def test_least_recently_used_goes_first():
    cache = LRUCache(2)
    assert cache.put("a", 1) is None
    assert cache.put("b", 2) is None
    assert cache.get("a") == 1                  # "a" is now the most recent
    assert cache.put("c", 3) == ("b", 2)        # so "b" goes
    assert list(cache) == ["a", "c"]
    cache["a"] = 10                             # an update is a use too
    assert cache.put("d", 4) == ("c", 3)
    assert list(cache.items()) == [("a", 10), ("d", 4)]
    assert (cache.hits, cache.misses) == (1, 0)
    cache.check_invariants()


def test_looking_is_not_using():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert "a" in cache and cache.peek("a") == 1 and cache.peek("zz", 0) == 0
    assert (cache.hits, cache.misses) == (0, 0)
    assert cache.put("c", 3) == ("a", 1)        # "a" was still the oldest


def test_misses_and_key_errors():
    cache = LRUCache(1)
    assert cache.get("x") is None and cache.get("x", 5) == 5
    with pytest.raises(KeyError) as info:
        cache["x"]
    assert info.value.args == ("x",)
    with pytest.raises(KeyError):
        del cache["x"]
    assert (cache.hits, cache.misses) == (0, 3)


def test_on_evict_sees_a_consistent_cache():
    seen = []

    def on_evict(key, value):
        cache.check_invariants()
        seen.append((key, value, key in cache, "new" in cache, len(cache)))

    cache = LRUCache(2, on_evict=on_evict)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("new", 3)
    assert seen == [("a", 1, False, True, 2)]


def test_on_evict_errors_propagate_and_leave_the_cache_sound():
    def on_evict(key, value):
        raise RuntimeError("full")

    cache = LRUCache(1, on_evict=on_evict)
    cache.put("a", 1)
    with pytest.raises(RuntimeError, match="full"):
        cache.put("b", 2)
    cache.check_invariants()
    assert list(cache.items()) == [("b", 2)]


def test_unhashable_keys_change_nothing():
    cache = LRUCache(2)
    cache.put("a", 1)
    for action in (lambda: cache.put([], 1), lambda: cache.get([]), lambda: [] in cache,
                   lambda: cache[[]], lambda: cache.__delitem__([])):
        with pytest.raises(TypeError):
            action()
    cache.check_invariants()
    assert list(cache.items()) == [("a", 1)] and cache.misses == 0


def test_iteration_while_uses_reorder_raises_like_ordereddict():
    cache = LRUCache(3)
    reference = OrderedDict()
    for key in "abc":
        cache[key] = key
        reference[key] = key
    with pytest.raises(RuntimeError):
        for key in reference:
            reference.move_to_end(key)
    with pytest.raises(RuntimeError):
        for key in cache:
            cache.get(key)
    cache.check_invariants()


def test_the_first_key_object_is_kept_as_in_dict():
    cache = LRUCache(2)
    cache.put(1, "int")
    cache.put(1.0, "float")
    assert list(cache.items()) == [(1, "float")]
    assert type(next(iter(cache))) is int


def test_repr_and_clear():
    cache = LRUCache(3)
    cache["a"] = 1
    cache["b"] = [2]
    cache.get("a")
    assert repr(cache) == "<LRUCache capacity=3 hits=1 misses=0 {'b': [2], 'a': 1}>"
    cache["self"] = cache
    assert "'self': <...>" in repr(cache)
    cache.clear()
    assert len(cache) == 0 and list(cache) == [] and cache.hits == 1
    cache.check_invariants()


def test_check_invariants_catches_a_disagreement():
    cache = LRUCache(3)
    cache["a"] = 1
    cache["b"] = 2
    cache.check_invariants()
    cache._nodes["a"], cache._nodes["b"] = cache._nodes["b"], cache._nodes["a"]
    with pytest.raises(AssertionError):
        cache.check_invariants()


def test_a_busy_cache():
    cache = LRUCache(100)
    for i in range(20_000):
        cache.put(i % 150, i)
        cache.get((i * 7) % 150)
    cache.check_invariants()
    assert len(cache) == 100
