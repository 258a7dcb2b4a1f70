"""One state machine for the deque family.

Every operation runs on ``collections.deque`` (the reference), on the Python
twin ``dsa.deque.BlockedDeque`` and, when the C twins are built, on the C
twin ``dsa.native.BlockedDeque``, with the same arguments, and every result
is compared: values, deques returned (as their items and maxlen), exception
types and messages (a message that names the class is read as if it named
``deque``).  After every step both twins check their own invariants and
hold what the reference holds.

Items are integers the C twin can hold (int64): mostly small, so that count,
index and remove find things, and sometimes the int64 extremes.  What only
one twin can do (other item types for the Python twin, items out of int64
range for the C twin) is tested in test_deque.py and test_native_deque.py.
"""

from __future__ import annotations

import collections
import copy
import functools
import operator
import sys

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant,
                                 precondition, rule)

from test_deque import CHANGES, outcome, same_words

import dsa.native
from dsa.deque import BlockedDeque

NATIVE = dsa.native.BlockedDeque if dsa.native.available else None

BLOCK_SIZES = [1, 2, 3, 8, 64]
MAXLENS = [None, None, 0, 1, 2, 5, 17]
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
ITEMS = st.one_of(st.integers(min_value=0, max_value=9),        # plenty of repeats
                  st.sampled_from([INT64_MIN, INT64_MAX, -1]),
                  st.integers(min_value=INT64_MIN, max_value=INT64_MAX))
SMALL = st.integers(min_value=-20, max_value=20)
HUGE = st.sampled_from([2**40, -2**40, 2**63, -(2**63) - 1, 2**70, -2**70,
                        sys.maxsize, -sys.maxsize - 1])
OFFSETS = st.one_of(SMALL, HUGE)

COMPARISONS = [operator.eq, operator.ne, operator.lt, operator.le,
               operator.gt, operator.ge]


class DequeFamily(RuleBasedStateMachine):
    """collections.deque, the Python twin and the C twin, step by step."""

    def __init__(self) -> None:
        super().__init__()
        self.block_size = 64
        self.ref: collections.deque = collections.deque()
        self.ours = BlockedDeque()
        self.native = NATIVE() if NATIVE else None

    # Every operation is a function of (deque, make), where make(iterable)
    # builds another deque of the same kind (same block size for the twins).
    def each(self):
        """(deque, make, compare exactly) for the reference and each twin."""
        yield self.ref, collections.deque
        yield self.ours, functools.partial(BlockedDeque, block_size=self.block_size)
        if self.native is not None:
            yield self.native, functools.partial(NATIVE, block_size=self.block_size)

    def all(self, operation):
        """Run ``operation`` on every deque; each outcome must be the
        reference's."""
        results = [outcome(lambda: operation(d, make)) for d, make in self.each()]
        expected = results[0]
        assert all(result == expected for result in results[1:]), results
        return expected

    @initialize(block_size=st.sampled_from(BLOCK_SIZES),
                maxlen=st.sampled_from(MAXLENS),
                items=st.lists(ITEMS, max_size=40))
    def start(self, block_size, maxlen, items):
        self.block_size = block_size
        self.ref = collections.deque(items, maxlen)
        self.ours = BlockedDeque(items, maxlen, block_size=block_size)
        if NATIVE:
            self.native = NATIVE(items, maxlen, block_size=block_size)

    @invariant()
    def the_same_deque_three_times(self):
        for twin in (self.ours, self.native):
            if twin is None:
                continue
            twin.check_invariants()
            assert list(twin) == list(self.ref)
            assert len(twin) == len(self.ref) and bool(twin) == bool(self.ref)
            assert twin.maxlen == self.ref.maxlen
            assert twin.block_size == self.block_size
        if self.native is not None:
            # The C twin's blocks are exactly those its items need.
            b, head = self.block_size, self.native._layout()[1]
            assert self.native.block_count == -(-(head + len(self.ref)) // b)

    # -- the ends --------------------------------------------------------------

    # One rule for each operation at either end: left=True runs appendleft
    # or popleft, as extend_by_itself below runs extendleft.

    @rule(x=ITEMS, left=st.booleans())
    def append(self, x, left):
        self.all(lambda d, make: d.appendleft(x) if left else d.append(x))

    @rule(left=st.booleans())
    def pop(self, left):
        self.all(lambda d, make: d.popleft() if left else d.pop())

    @rule(items=st.lists(ITEMS, max_size=80), lazily=st.booleans())
    def extend(self, items, lazily):
        source = (lambda: iter(items)) if lazily else (lambda: items)
        self.all(lambda d, make: d.extend(source()))

    @rule(items=st.lists(ITEMS, max_size=80), lazily=st.booleans())
    def extendleft(self, items, lazily):
        source = (lambda: iter(items)) if lazily else (lambda: tuple(items))
        self.all(lambda d, make: d.extendleft(source()))

    @precondition(lambda self: len(self.ref) <= 100)
    @rule(left=st.booleans())
    def extend_by_itself(self, left):
        if left:
            self.all(lambda d, make: d.extendleft(d))
        else:
            self.all(lambda d, make: d.extend(d))

    @precondition(lambda self: len(self.ref) <= 100)
    @rule(items=st.one_of(st.none(), st.lists(ITEMS, max_size=20)))
    def in_place_add(self, items):
        def operation(d, make):
            original = d
            d += d if items is None else items      # None: add it to itself
            assert d is original
            return d
        self.all(operation)

    @precondition(lambda self: len(self.ref) <= 60)
    @rule(n=st.one_of(st.integers(min_value=-2, max_value=3),
                      st.sampled_from([2**40, 2**62])))
    def in_place_multiply(self, n):
        def operation(d, make):
            original = d
            d *= n
            assert d is original
            return d
        # A huge n is fine when maxlen keeps only a few items; unbounded (or
        # with one item, which deque repeats item by item) it would fill the
        # memory in every implementation alike, so it is not tried.
        if n > 3 and (self.ref.maxlen is None or len(self.ref) < 2):
            return
        self.all(operation)

    @precondition(lambda self: len(self.ref) <= 60)
    @rule(n=st.integers(min_value=-2, max_value=3), reflected=st.booleans())
    def multiply(self, n, reflected):
        self.all(lambda d, make: n * d if reflected else d * n)

    @rule(items=st.lists(ITEMS, max_size=20))
    def add(self, items):
        self.all(lambda d, make: d + make(items))

    @rule(bad=st.sampled_from([[1], (1,), "ab", 3, None]))
    def add_non_deque(self, bad):
        self.all(lambda d, make: d + bad)

    @rule(bad=st.sampled_from(["x", 1.5, None, 2**70]))
    def multiply_by_non_int(self, bad):
        self.all(lambda d, make: d * bad)

    @rule()
    def clear(self):
        self.all(lambda d, make: d.clear())

    @rule()
    def copy(self):
        self.all(lambda d, make: d.copy())
        assert self.ours.copy().block_size == self.block_size
        assert type(copy.copy(self.ours)) is BlockedDeque
        if self.native is not None:
            twin = self.native.copy()
            assert type(twin) is NATIVE and twin.block_size == self.block_size
            twin.append(12345)
            twin.clear()
            assert list(self.native) == list(self.ref)   # independent

    @rule(items=st.lists(ITEMS, max_size=30), maxlen=st.sampled_from(MAXLENS),
          block_size=st.sampled_from(BLOCK_SIZES))
    def init_again(self, items, maxlen, block_size):
        self.ref.__init__(items, maxlen)
        self.ours.__init__(items, maxlen, block_size=block_size)
        if self.native is not None:
            self.native.__init__(items, maxlen, block_size=block_size)
        self.block_size = block_size

    # -- the middle ------------------------------------------------------------

    @rule(n=st.one_of(SMALL, HUGE, st.just(None)))
    def rotate(self, n):
        if n is None:
            self.all(lambda d, make: d.rotate())
        else:
            self.all(lambda d, make: d.rotate(n))

    @rule(i=OFFSETS, x=ITEMS)
    def insert(self, i, x):
        self.all(lambda d, make: d.insert(i, x))

    @rule(i=OFFSETS)
    def getitem(self, i):
        self.all(lambda d, make: d[i])

    @rule(i=OFFSETS, x=ITEMS)
    def setitem(self, i, x):
        def operation(d, make):
            d[i] = x
        self.all(operation)

    @rule(i=OFFSETS)
    def delitem(self, i):
        def operation(d, make):
            del d[i]
        self.all(operation)

    @rule(key=st.sampled_from([slice(None), slice(0, 1), "0", 1.0]))
    def non_integer_index(self, key):
        self.all(lambda d, make: d[key])

        def store(d, make):
            d[key] = 0

        def delete(d, make):
            del d[key]
        self.all(store)
        self.all(delete)

    @rule()
    def reverse(self):
        self.all(lambda d, make: d.reverse())

    # -- searching -------------------------------------------------------------

    @rule(x=ITEMS)
    def count(self, x):
        self.all(lambda d, make: d.count(x))

    @rule(x=st.one_of(ITEMS, st.sampled_from([2**63, 1.0, "1", None])))
    def contains(self, x):
        self.all(lambda d, make: x in d)

    @rule(x=ITEMS, bounds=st.lists(OFFSETS, max_size=2))
    def index(self, x, bounds):
        self.all(lambda d, make: d.index(x, *bounds))

    @rule(x=ITEMS)
    def remove(self, x):
        self.all(lambda d, make: d.remove(x))

    # -- reading it whole ------------------------------------------------------

    @rule()
    def read(self):
        self.all(lambda d, make: list(d))
        self.all(lambda d, make: list(reversed(d)))
        self.all(lambda d, make: (len(d), bool(d), d.maxlen))
        assert same_words(repr(self.ours)) == same_words(repr(self.ref))

    @rule(items=st.lists(ITEMS, max_size=12))
    def compare_with_a_deque(self, items):
        for op in COMPARISONS:
            self.all(lambda d, make: op(d, make(items)))
            self.all(lambda d, make: op(make(items), d))

    @rule()
    def compare_with_a_list(self):
        self.all(lambda d, make: d == list(d))
        self.all(lambda d, make: d != list(d))
        self.all(lambda d, make: d < list(d))

    # -- iterators that outlive a change --------------------------------------

    @rule(change=st.sampled_from(sorted(CHANGES)),
          backwards=st.booleans(), steps=st.integers(min_value=0, max_value=3))
    def iterate_across_a_change(self, change, backwards, steps):
        results = []
        for d, _ in self.each():
            it = reversed(d) if backwards else iter(d)
            seen = [outcome(lambda: next(it)) for _ in range(steps)]
            outcome(lambda: CHANGES[change](d))
            seen.append(outcome(lambda: next(it)))
            seen.append(outcome(lambda: next(it)))
            results.append(seen)
        assert all(seen == results[0] for seen in results[1:])


DequeFamily.TestCase.settings = settings(
    max_examples=80, stateful_step_count=40, deadline=None, database=None)
TestDequeFamily = DequeFamily.TestCase
