"""Tests for dsa.deque.BlockedDeque.

The reference is ``collections.deque`` itself: wherever both can do a thing,
both do it and the results, the exception types and the messages are
compared (a message that names the class is compared with ``BlockedDeque``
read as ``deque``).  The rule-based state machine that drives this twin, the
C twin and ``collections.deque`` together is in test_deque_machine.py; the
targeted tests here cover what a random walk reaches rarely:
changes during iteration, hostile ``__eq__`` methods, copying, pickling,
subclassing, and deques far too long for anything recursive.
"""

from __future__ import annotations

import collections
import copy
import gc
import itertools
import operator
import pickle
import sys
import types
import weakref

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import outcome as shared_outcome

import dsa.native
from dsa.deque import DEFAULT_BLOCK_SIZE, BlockedDeque

# Deques of every kind: the C twin's too, when it is built.
DEQUES = (collections.deque, BlockedDeque) + (
    (dsa.native.BlockedDeque,) if dsa.native.available else ())

BLOCK_SIZES = [1, 2, 3, 8, 64]
MAXLENS = [None, None, 0, 1, 2, 5, 17]
ITEMS = st.integers(min_value=0, max_value=9)       # small: plenty of repeats
SMALL = st.integers(min_value=-20, max_value=20)
HUGE = st.sampled_from([2**40, -2**40, 2**70, -2**70, sys.maxsize, -sys.maxsize - 1])
OFFSETS = st.one_of(SMALL, HUGE)

COMPARISONS = [operator.eq, operator.ne, operator.lt, operator.le,
               operator.gt, operator.ge]


###############################################################################
# Helpers
###############################################################################

def same_words(message: str) -> str:
    """Read a message that names the class as if it named ``deque``."""
    return message.replace("collections.deque", "deque").replace("BlockedDeque", "deque")


def deque_shape(result):
    """A result two deques can share: a deque of any kind becomes its items
    and maxlen."""
    if isinstance(result, DEQUES):
        return ("deque", list(result), result.maxlen)
    return result


def outcome(operation):
    """What calling ``operation()`` did (see helpers.outcome), deques read as
    their items and messages read with same_words."""
    return shared_outcome(operation, shape=deque_shape,
                          words=lambda error: same_words(str(error)))


def assert_same(ref: collections.deque, ours: BlockedDeque) -> None:
    ours.check_invariants()
    assert list(ours) == list(ref)
    assert len(ours) == len(ref)
    assert ours.maxlen == ref.maxlen


def twins(items=(), maxlen=None, block_size=DEFAULT_BLOCK_SIZE):
    """The same deque twice: (collections.deque, BlockedDeque)."""
    return (collections.deque(items, maxlen),
            BlockedDeque(items, maxlen, block_size=block_size))


class Cell:
    """A plain object whose lifetime a weak reference can watch."""

    def __init__(self, value=0):
        self.value = value

    def __repr__(self):
        return f"Cell({self.value})"


def _setitem_first(d):
    d[0] = 99


def _delitem_first(d):
    del d[0]


CHANGES = {
    "append": lambda d: d.append(1),
    "appendleft": lambda d: d.appendleft(1),
    "pop": lambda d: d.pop(),
    "popleft": lambda d: d.popleft(),
    "clear": lambda d: d.clear(),
    "rotate": lambda d: d.rotate(1),
    "reverse": lambda d: d.reverse(),
    "setitem": _setitem_first,
    "insert": lambda d: d.insert(1, 5),
    "remove": lambda d: d.remove(d[0]),
    "delitem": _delitem_first,
    "extend": lambda d: d.extend([1, 2]),
    "extend_empty": lambda d: d.extend([]),
    "imul": lambda d: d.__imul__(2),
    "copy": lambda d: d.copy(),
    "count": lambda d: d.count(1),
}

###############################################################################
# Layout
###############################################################################

class TestLayout:
    def test_blocks_fill_from_the_left_edge_when_built(self):
        d = BlockedDeque(range(10), block_size=4)
        assert d.blocks() == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
        assert d.block_count == 3
        assert d.block_size == 4
        d.check_invariants()

    def test_empty_deque_has_one_block_with_room_on_both_sides(self):
        d = BlockedDeque(block_size=4)
        assert d.blocks() == [[]] and d.block_count == 1
        d.append("r")
        d.appendleft("l")
        assert d.blocks() == [["l", "r"]]          # both fitted in the one block
        d.check_invariants()

    def test_appendleft_links_a_block_on_the_left(self):
        d = BlockedDeque(range(4), block_size=4)
        d.appendleft(-1)
        assert d.blocks() == [[-1], [0, 1, 2, 3]]
        d.popleft()
        assert d.blocks() == [[0, 1, 2, 3]]         # the emptied block left
        d.check_invariants()

    @pytest.mark.parametrize("block_size", BLOCK_SIZES)
    def test_blocks_are_freed_as_they_empty(self, block_size):
        d = BlockedDeque(block_size=block_size)
        for i in range(10 * block_size + 3):
            d.append(i)
        assert d.block_count <= -(-len(d) // block_size) + 1
        while len(d) > 1:
            d.popleft()
            d.check_invariants()
        assert d.block_count == 1

    def test_block_size_one_is_a_linked_list_of_single_items(self):
        d = BlockedDeque("abc", block_size=1)
        assert d.blocks() == [["a"], ["b"], ["c"]]
        d.rotate(1)
        assert d.blocks() == [["c"], ["a"], ["b"]]
        d.check_invariants()

    def test_a_draining_queue_does_not_creep_off_its_block(self):
        d = BlockedDeque(block_size=8)
        for i in range(1000):                       # append one, pop one
            d.append(i)
            assert d.popleft() == i
            assert d.block_count == 1
        d.check_invariants()

    @pytest.mark.parametrize("block_size", [0, -1, -64])
    def test_block_size_must_be_positive(self, block_size):
        with pytest.raises(ValueError, match="block_size"):
            BlockedDeque(block_size=block_size)

    @pytest.mark.parametrize("block_size", [1.5, "8", None])
    def test_block_size_must_be_an_integer(self, block_size):
        with pytest.raises(TypeError):
            BlockedDeque(block_size=block_size)

    def test_block_size_is_keyword_only_and_read_only(self):
        with pytest.raises(TypeError):
            BlockedDeque([], None, 8)
        d = BlockedDeque(block_size=8)
        with pytest.raises(AttributeError):
            d.block_size = 4
        assert BlockedDeque().block_size == DEFAULT_BLOCK_SIZE == 64

    def test_init_again_can_change_the_block_size(self):
        d = BlockedDeque(range(20), block_size=3)
        d.__init__(range(5), block_size=2)
        assert d.blocks() == [[0, 1], [2, 3], [4]]
        d.check_invariants()


class TestInvariantChecker:
    """check_invariants must notice a broken layout (so the other tests mean something)."""

    def broken(self, damage):
        d = BlockedDeque(range(20), block_size=4)
        d.check_invariants()
        damage(d)
        with pytest.raises(AssertionError):
            d.check_invariants()

    def test_a_one_sided_link(self):
        self.broken(lambda d: setattr(d._left_block.next, "prev", None))

    def test_a_wrong_block_count(self):
        self.broken(lambda d: setattr(d, "_block_count", d._block_count + 1))

    def test_an_index_out_of_range(self):
        self.broken(lambda d: setattr(d, "_right_index", 4))

    def test_a_stale_reference_in_an_empty_slot(self):
        def damage(d):
            d.popleft()
            d._left_slots[0] = "stale"
        self.broken(damage)

    def test_a_short_block(self):
        self.broken(lambda d: d._left_block.next.slots.pop())

    def test_too_many_items_for_maxlen(self):
        self.broken(lambda d: setattr(d, "_maxlen", 3))

    def test_cached_end_slots_out_of_step(self):
        self.broken(lambda d: setattr(d, "_right_slots", d._left_slots))


###############################################################################
# Changes during iteration, and comparisons that fight back
###############################################################################

ALL_CHANGES = sorted(CHANGES)


@pytest.mark.parametrize("change", ALL_CHANGES)
@pytest.mark.parametrize("items", [[], [1], [1, 2], list(range(10))])
@pytest.mark.parametrize("block_size", [1, 3, 64])
def test_iterators_notice_exactly_the_changes_deque_notices(change, items, block_size):
    results = []
    for d in twins(items, block_size=block_size):
        it, back = iter(d), reversed(d)
        outcome(lambda: CHANGES[change](d))
        results.append([outcome(lambda: next(it)), outcome(lambda: next(back))])
    assert results[1] == results[0]


def test_setitem_during_iteration_is_seen_and_allowed():
    for d in twins(range(5), block_size=2):
        it = iter(d)
        assert next(it) == 0
        d[3] = "new"
        assert list(it) == [1, 2, "new", 4]


def test_an_exhausted_iterator_still_reports_a_later_change():
    for d in twins([1, 2], block_size=1):
        it = iter(d)
        assert list(it) == [1, 2]
        d.append(3)
        with pytest.raises(RuntimeError, match="deque mutated during iteration"):
            next(it)
        with pytest.raises(RuntimeError):
            next(it)


def test_growing_and_shrinking_back_is_still_a_change():
    # The length is back where it was; the pop is what the iterator notices.
    for make_change in (lambda d: (d.append(9), d.pop()),
                        lambda d: (d.appendleft(9), d.popleft()),
                        lambda d: (d.pop(), d.append(9))):
        for d in twins(range(6), block_size=3):
            it = iter(d)
            make_change(d)
            with pytest.raises(RuntimeError):
                next(it)


class Clearing:
    """__eq__ empties the deque, then answers ``result``."""

    def __init__(self, deque, result):
        self.deque, self.result = deque, result

    def __eq__(self, other):
        self.deque.clear()
        return self.result


class Growing:
    def __init__(self, deque):
        self.deque = deque

    def __eq__(self, other):
        self.deque.append("more")
        return False


class Shrinking:
    def __init__(self, deque):
        self.deque = deque

    def __eq__(self, other):
        self.deque.pop()
        return False


class Rewriting:
    """__eq__ overwrites the last item and reverses: no change in deque's eyes."""

    def __init__(self, deque):
        self.deque = deque

    def __eq__(self, other):
        self.deque[-1] = "target"
        self.deque.reverse()
        self.deque.reverse()
        return False


class Exploding:
    def __eq__(self, other):
        raise ArithmeticError("no comparing me")


SEARCHES = {
    "count": lambda d: d.count("target"),
    "index": lambda d: d.index("target"),
    "index_bounded": lambda d: d.index("target", 1, 50),
    "contains": lambda d: "target" in d,
    "remove": lambda d: d.remove("target"),
}


@pytest.mark.parametrize("search", sorted(SEARCHES))
@pytest.mark.parametrize("evil", ["clear_true", "clear_false", "grow", "shrink",
                                  "rewrite", "explode"])
@pytest.mark.parametrize("block_size", [1, 2, 64])
@pytest.mark.parametrize("where", [0, 3, 40])
def test_searches_meet_a_hostile_eq_like_deque(search, evil, block_size, where):
    makers = {
        "clear_true": lambda d: Clearing(d, True),
        "clear_false": lambda d: Clearing(d, False),
        "grow": Growing,
        "shrink": Shrinking,
        "rewrite": Rewriting,
        "explode": lambda d: Exploding(),
    }
    results = []
    for d in twins(["x"] * 45, block_size=block_size):
        d[where] = makers[evil](d)
        got = outcome(lambda: SEARCHES[search](d))
        after = [x if isinstance(x, str) else type(x).__name__ for x in d]
        results.append((got, after))
        if isinstance(d, BlockedDeque):
            d.check_invariants()
    assert results[1] == results[0]


def test_a_comparison_that_raises_leaves_the_deque_as_it_was():
    items = ["a", "b", Exploding(), "c"]
    d = BlockedDeque(items, block_size=2)
    with pytest.raises(ArithmeticError):
        d.remove("c")
    assert all(x is y for x, y in zip(d, items)) and len(d) == 4
    d.check_invariants()


def test_searches_compare_the_item_on_the_left_and_check_identity_first():
    class Never:
        def __eq__(self, other):
            return False

    class Always:
        def __eq__(self, other):
            return True

    never = Never()
    for d in twins([Never(), never, Always()], block_size=1):
        assert d.index(never) == 1                  # identity beats __eq__
        assert d.count(Always()) == 1               # only the Always item says yes
        assert 5 in d


###############################################################################
# Copying, pickling, subclassing, weak references
###############################################################################

class Sub(BlockedDeque):
    pass


class SubWithSlots(BlockedDeque):
    __slots__ = ("x", "y", "__dict__")


class SubWithOtherInit(BlockedDeque):
    def __init__(self, newarg=1):
        BlockedDeque.__init__(self, block_size=2)
        self.newarg = newarg


class RefSubWithOtherInit(collections.deque):
    def __init__(self, newarg=1):
        collections.deque.__init__(self)
        self.newarg = newarg


class SubWithPrivateSlot(BlockedDeque):
    __slots__ = "__secret"


class RefSubWithPrivateSlot(collections.deque):
    __slots__ = "__secret"


class SubWithBadIter(BlockedDeque):
    def __iter__(self):
        raise TypeError("no iterating")


class TestCopyAndPickle:
    @pytest.mark.parametrize("block_size", BLOCK_SIZES)
    @pytest.mark.parametrize("maxlen", [None, 0, 3, 50])
    def test_copies_keep_class_contents_maxlen_and_block_size(self, block_size, maxlen):
        mutable = [1]
        d = BlockedDeque([mutable, *range(20)], maxlen, block_size=block_size)
        for clone in (d.copy(), d.__copy__(), copy.copy(d), copy.deepcopy(d)):
            assert type(clone) is BlockedDeque and clone is not d
            assert clone == d
            assert clone.maxlen == maxlen and clone.block_size == block_size
            clone.check_invariants()
        shallow, deep = copy.copy(d), copy.deepcopy(d)
        if maxlen is None or maxlen > 20:
            mutable.append(2)
            assert shallow[0] == [1, 2] and deep[0] == [1]

    @pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
    @pytest.mark.parametrize("block_size", [1, 8, 64])
    @pytest.mark.parametrize("maxlen", [None, 0, 7])
    def test_pickle_round_trip(self, protocol, block_size, maxlen):
        d = BlockedDeque(range(30), maxlen, block_size=block_size)
        back = pickle.loads(pickle.dumps(d, protocol))
        assert type(back) is BlockedDeque and back is not d
        assert list(back) == list(d)
        assert back.maxlen == maxlen and back.block_size == block_size
        back.check_invariants()

    def test_reduce_has_deques_shape(self):
        d = BlockedDeque("ab", 5)
        maker, args, state, items = d.__reduce__()
        ref_maker, ref_args, ref_state, ref_items = collections.deque("ab", 5).__reduce__()
        assert (maker, args, state, list(items)) == (BlockedDeque, ref_args, ref_state,
                                                     list(ref_items))

    @pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
    @pytest.mark.parametrize("maxlen", [None, 4])
    def test_a_deque_that_contains_itself(self, protocol, maxlen):
        d = Sub("abc", maxlen)
        d.append(d)
        back = pickle.loads(pickle.dumps(d, protocol))
        assert type(back) is Sub and back[-1] is back and back.maxlen == maxlen
        deep = copy.deepcopy(d)
        assert deep[-1] is deep
        assert same_words(repr(back)).startswith("Sub([")

    @pytest.mark.parametrize("cls", [Sub, SubWithSlots])
    @pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
    def test_subclass_attributes_and_slots_survive(self, cls, protocol):
        for d in (cls("abc"), cls("abcde", maxlen=4)):
            d.x = ["x"]
            d.z = ["z"]
            for clone in (pickle.loads(pickle.dumps(d, protocol)), copy.deepcopy(d)):
                assert type(clone) is cls and list(clone) == list(d)
                assert clone.maxlen == d.maxlen
                assert clone.x == ["x"] and clone.z == ["z"]
                assert not hasattr(clone, "y")
            shallow = d.copy()
            assert type(shallow) is cls and list(shallow) == list(d)

    def test_a_subclass_with_a_different_init_is_called_as_deque_calls_it(self):
        ours = SubWithOtherInit(newarg=5)
        ours.extend("abc")
        ref = RefSubWithOtherInit(newarg=5)
        ref.extend("abc")
        for method in (copy.copy, lambda d: pickle.loads(pickle.dumps(d))):
            got, expected = outcome(lambda: method(ours)), outcome(lambda: method(ref))
            assert got == expected
        assert type(copy.copy(ours)) is SubWithOtherInit
        assert pickle.loads(pickle.dumps(ours)).newarg == 5

    def test_private_slots_of_a_subclass_are_saved_like_deques(self):
        ours, ref = SubWithPrivateSlot("ab"), RefSubWithPrivateSlot("ab")
        assert ours.__getstate__() is None and ref.__reduce__()[2] is None
        ours._SubWithPrivateSlot__secret = ref._RefSubWithPrivateSlot__secret = 7
        assert ours.__getstate__() == (None, {"_SubWithPrivateSlot__secret": 7})
        if sys.version_info >= (3, 11):
            # Before 3.11, deque's pickling silently dropped __slots__ values;
            # BlockedDeque keeps them on every version.
            assert ref.__reduce__()[2] == (None, {"_RefSubWithPrivateSlot__secret": 7})
        back = pickle.loads(pickle.dumps(ours))
        assert back._SubWithPrivateSlot__secret == 7 and list(back) == ["a", "b"]

    def test_a_subclass_whose_iter_fails_cannot_be_pickled(self):
        with pytest.raises(TypeError):
            pickle.dumps(SubWithBadIter("abc"))

    def test_operators_on_a_subclass_return_the_subclass(self):
        d = Sub([1, 2], maxlen=3)
        for result in (d + BlockedDeque([3]), d * 2, 2 * d, d.copy()):
            assert type(result) is Sub and result.maxlen == 3
        assert list(d + BlockedDeque([3])) == [1, 2, 3]
        assert list(d * 2) == [2, 1, 2]

    def test_a_new_that_returns_something_else_is_a_type_error(self):
        class X(BlockedDeque):
            pass
        d = X([1])
        X.__new__ = lambda cls, *args, **kwargs: [42]
        with pytest.raises(TypeError):
            d * 2
        with pytest.raises(TypeError):
            d + BlockedDeque([1])

    @pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
    @pytest.mark.parametrize("backwards", [False, True])
    def test_iterators_pickle_with_their_position(self, protocol, backwards):
        d = BlockedDeque(range(50), block_size=8)
        expected = list(reversed(d)) if backwards else list(d)
        for consumed in (0, 1, 17, 49, 50, 51):
            it = reversed(d) if backwards else iter(d)
            for _ in range(consumed):
                next(it, None)
            it2, d2 = pickle.loads(pickle.dumps((it, d), protocol))
            assert type(it2) is type(it)
            for i in range(len(d2)):                    # setitem is not a change
                d2[i] = d2[i] * 10
            assert list(it2) == [x * 10 for x in expected[consumed:]]

    def test_iterator_types_can_be_built_directly(self):
        d = BlockedDeque("abcd", block_size=3)
        assert list(type(iter(d))(d)) == list("abcd")
        assert list(type(iter(d))(d, 2)) == list("cd")
        assert list(type(reversed(d))(d)) == list("dcba")
        assert list(type(reversed(d))(d, 3)) == list("a")
        assert iter(d).__length_hint__() == 4
        with pytest.raises(TypeError):
            type(iter(d))([1, 2])

    def test_weak_references(self):
        d = BlockedDeque("gallahad")
        ref, proxy = weakref.ref(d), weakref.proxy(d)
        assert ref() is d and str(proxy) == str(d)
        del d
        assert ref() is None
        with pytest.raises(ReferenceError):
            str(proxy)


###############################################################################
# Memory: popped items and dropped blocks are let go at once
###############################################################################

@pytest.mark.parametrize("block_size", [1, 3, 64])
def test_popped_and_cleared_items_are_released_without_the_collector(block_size):
    gc.disable()
    try:
        d = BlockedDeque((Cell(i) for i in range(10)), block_size=block_size)
        watchers = [weakref.ref(cell) for cell in d]
        d.popleft()
        d.pop()
        d.rotate(3)
        del d[4]
        assert [w() is None for w in watchers].count(True) == 3
        d.clear()
        assert all(w() is None for w in watchers)
    finally:
        gc.enable()


###############################################################################
# Arguments, errors and messages
###############################################################################

ERRORS = {
    "pop_empty": lambda d: d.pop(),
    "popleft_empty": lambda d: d.popleft(),
    "getitem_empty": lambda d: d[0],
    "getitem_far": lambda d: d[-4],
    "getitem_huge": lambda d: d[2**80],
    "getitem_slice": lambda d: d[1:2],
    "getitem_float": lambda d: d[1.0],
    "getitem_bool": lambda d: d[True],
    "index_missing": lambda d: d.index("zz"),
    "index_none_start": lambda d: d.index(1, None),
    "index_float_stop": lambda d: d.index(1, 0, 2.0),
    "index_huge_bounds": lambda d: d.index(2, -2**80, 2**80),
    "remove_missing": lambda d: d.remove("zz"),
    "rotate_float": lambda d: d.rotate(1.0),
    "rotate_str": lambda d: d.rotate("x"),
    "rotate_huge": lambda d: d.rotate(2**80),
    "insert_float": lambda d: d.insert(1.0, 0),
    "insert_huge": lambda d: d.insert(2**80, 0),
    "extend_int": lambda d: d.extend(1),
    "extendleft_int": lambda d: d.extendleft(1),
    "iadd_int": lambda d: d.__iadd__(5),
    "add_list": lambda d: d + [1],
    "add_str": lambda d: d + "ab",
    "radd_list": lambda d: [1] + d,
    "mul_str": lambda d: d * "x",
    "mul_float": lambda d: d * 1.5,
    "mul_huge": lambda d: d * 2**80,
    "mul_maxsize_bounded": lambda d: d.__init__(d, 5) or d * sys.maxsize,
    "rmul_str": lambda d: "x" * d,
    "imul_float": lambda d: operator.imul(d, 1.5),
    "lt_list": lambda d: d < [1],
    "ge_tuple": lambda d: d >= (1,),
    "eq_list": lambda d: d == [1, 2, 3],
    "hash": lambda d: hash(d),
    "set_maxlen": lambda d: setattr(d, "maxlen", 3),
    "init_negative_maxlen": lambda d: d.__init__([9], -1),
    "init_float_maxlen": lambda d: d.__init__([9], 1.5),
    "init_huge_maxlen": lambda d: d.__init__([9], 2**80),
    "init_none_iterable": lambda d: d.__init__(None),
    "init_bad_keyword": lambda d: d.__init__(unsupported=1),
}

# Messages that are Python's own wording for a call, not deque's.
TYPE_ONLY = {"init_bad_keyword", "set_maxlen", "imul_float"}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_errors_match_deque(name):
    ref, ours = twins([1, 2, 3], block_size=2)
    expected = outcome(lambda: ERRORS[name](ref))
    got = outcome(lambda: ERRORS[name](ours))
    if name in TYPE_ONLY:
        assert got[:2] == expected[:2]
    else:
        assert got == expected
    assert_same(ref, ours)


def test_empty_pops_and_bad_arguments_leave_the_deque_alone():
    d = BlockedDeque([1, 2, 3], maxlen=3, block_size=2)
    with pytest.raises(ValueError, match="maxlen must be non-negative"):
        d.__init__([9], -1)
    with pytest.raises(IndexError, match="deque already at its maximum size"):
        d.insert(1, 0)
    assert list(d) == [1, 2, 3] and d.maxlen == 3
    d.check_invariants()


@pytest.mark.parametrize("maxlen", [0, 1, 3])
def test_maxlen_discards_from_the_far_end(maxlen):
    for side in ("append", "appendleft", "extend", "extendleft", "insert"):
        ref, ours = twins(range(maxlen), maxlen, block_size=2)
        for d in (ref, ours):
            outcome(lambda: {
                "append": lambda: d.append("new"),
                "appendleft": lambda: d.appendleft("new"),
                "extend": lambda: d.extend("xyz"),
                "extendleft": lambda: d.extendleft("xyz"),
                "insert": lambda: d.insert(0, "new"),
            }[side]())
        assert_same(ref, ours)


def test_maxlen_zero_consumes_the_iterable():
    for method in ("extend", "extendleft", "__init__"):
        it = iter(range(100))
        d = BlockedDeque(maxlen=0)
        getattr(d, method)(it, *([0] if method == "__init__" else []))
        assert list(it) == [] and len(d) == 0


def test_maxlen_values():
    assert BlockedDeque().maxlen is None
    assert BlockedDeque("abc", maxlen=True).maxlen == 1
    assert repr(BlockedDeque("abc", maxlen=True)) == "BlockedDeque(['c'], maxlen=1)"


def test_init_again_clears_and_refills():
    d = BlockedDeque(range(100), block_size=4)
    it = iter(d)
    d.__init__("ab", 5)
    assert list(d) == ["a", "b"] and d.maxlen == 5
    with pytest.raises(RuntimeError):
        next(it)
    d.__init__(d)                     # deque empties first, then reads itself
    assert list(d) == [] and d.maxlen is None


###############################################################################
# repr, comparisons, and the odds and ends of the type
###############################################################################

class TestReprAndCompare:
    def test_repr(self):
        assert repr(BlockedDeque()) == "BlockedDeque([])"
        assert repr(BlockedDeque([1, 2, 3])) == "BlockedDeque([1, 2, 3])"
        assert repr(BlockedDeque([1, 2], maxlen=2)) == "BlockedDeque([1, 2], maxlen=2)"
        assert repr(BlockedDeque("ab", maxlen=0)) == "BlockedDeque([], maxlen=0)"
        assert repr(Sub([1], 3)) == "Sub([1], maxlen=3)"
        d = BlockedDeque(range(200), maxlen=10)
        d.append(d)
        assert repr(d).endswith(", 198, 199, [...]], maxlen=10)")
        assert eval(repr(BlockedDeque(range(5))), {"BlockedDeque": BlockedDeque}) == \
            BlockedDeque(range(5))

    def test_comparisons_follow_deque_for_every_pair(self):
        words = ["", "a", "b", "ab", "ba", "abc", "xba", "xabc", "cba", "aa"]
        for x, y in itertools.product(words, repeat=2):
            for op in COMPARISONS:
                expected = op(collections.deque(x), collections.deque(y))
                assert op(BlockedDeque(x, block_size=1), BlockedDeque(y)) is expected

    def test_only_deques_of_this_kind_are_compared(self):
        d = BlockedDeque([1, 2])
        assert (d == [1, 2]) is False and (d != [1, 2]) is True
        assert (d == collections.deque([1, 2])) is False
        with pytest.raises(TypeError):
            d < collections.deque([1, 2])
        assert d == Sub([1, 2]) and Sub([1]) < d

    def test_a_subclass_with_an_odd_iter_compares_without_crashing(self):
        class Odd(BlockedDeque):
            def __iter__(self):
                return iter([])
        assert (Odd([1, 2, 3]) == Odd([4, 5, 6])) is True  # equal lengths, no items seen

    def test_adding_another_kind_of_deque_is_refused(self):
        refused = r'concatenate BlockedDeque \(not "collections.deque"\)'
        with pytest.raises(TypeError, match=refused):
            BlockedDeque([1]) + collections.deque([2])
        with pytest.raises(TypeError, match=r'concatenate deque \(not "BlockedDeque"\)'):
            collections.deque([1]) + BlockedDeque([2])

    def test_sizeof_counts_the_blocks(self):
        small = sys.getsizeof(BlockedDeque(range(8), block_size=8))
        large = sys.getsizeof(BlockedDeque(range(80), block_size=8))
        assert 0 < small < large
        assert sys.getsizeof(BlockedDeque(block_size=8)) == small   # one block each

    def test_hash_and_generic_alias(self):
        assert BlockedDeque.__hash__ is None
        alias = BlockedDeque[int]
        assert isinstance(alias, types.GenericAlias) and alias.__origin__ is BlockedDeque

    def test_reflected_operators_of_other_classes_get_their_turn(self):
        class Other:
            def __radd__(self, left):
                return "radd"

            def __rmul__(self, left):
                return "rmul"
        for d in (collections.deque([1]), BlockedDeque([1])):
            assert d + Other() == "radd" and d * Other() == "rmul"

    def test_extend_and_insert_do_not_call_an_overridden_append(self):
        calls = {}
        for base in (collections.deque, BlockedDeque):
            class Counting(base):
                def append(self, x):
                    calls[base] = calls.get(base, 0) + 1
                    super().append(x)

                def appendleft(self, x):
                    calls[base] = calls.get(base, 0) + 1
                    super().appendleft(x)
            d = Counting("abc")
            d.extend("de")
            d.extendleft("f")
            d.insert(2, "g")
            d += "h"
            d.append("i")
            assert list(d) == list("fagbcdehi")
        assert calls[collections.deque] == calls[BlockedDeque] == 1


###############################################################################
# Long deques: nothing here may be recursive
###############################################################################

def test_three_hundred_thousand_one_item_blocks():
    n = 300_000
    d = BlockedDeque(block_size=1)
    for i in range(n):
        d.append(i)
    assert len(d) == n and d.block_count == n
    assert d[n // 2] == n // 2 and d[-1] == n - 1
    d.rotate(n // 5)
    assert d[0] == n - n // 5 and d[-1] == n - n // 5 - 1
    d.rotate(-(n // 5) - 1)
    assert d[0] == 1 and d[-1] == 0
    d.rotate(1)
    assert list(itertools.islice(reversed(d), 3)) == [n - 1, n - 2, n - 3]
    d.check_invariants()
    e = pickle.loads(pickle.dumps(d, pickle.HIGHEST_PROTOCOL))
    assert list(e) == list(d) == list(range(n)) and e.block_size == 1
    d.reverse()
    assert d[0] == n - 1
    del e
    gc.collect()                      # a long cyclic chain, for the collector
    d.clear()
    assert len(d) == 0 and d.block_count == 1
    d.check_invariants()


def test_a_dropped_long_deque_is_collected():
    d = BlockedDeque(range(100_000), block_size=1)
    probe = Cell()
    d.append(probe)
    watcher = weakref.ref(probe)
    del d, probe
    gc.collect()
    assert watcher() is None


@given(st.lists(ITEMS, max_size=300), st.sampled_from(BLOCK_SIZES),
       st.integers(min_value=-1000, max_value=1000))
def test_rotate_agrees_with_deque(items, block_size, n):
    ref, ours = twins(items, block_size=block_size)
    ref.rotate(n)
    ours.rotate(n)
    assert_same(ref, ours)


@pytest.mark.parametrize("argument", [5, None, [1, 2]])
def test_iterator_of_something_else_fails_as_deques_does(argument):
    def build(cls):
        return type(iter(cls()))(argument)

    def words(error):
        return str(error).replace("collections.deque", "BlockedDeque")

    expected = outcome(lambda: build(collections.deque))
    expected = expected[:2] + (words(expected[2]),)
    assert expected[0] == "raised"
    assert outcome(lambda: build(BlockedDeque)) == expected
