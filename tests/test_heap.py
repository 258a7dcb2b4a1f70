"""Tests for dsa.heap.

Wherever a reference exists the expected result comes from it, not from a
hand-written table: the standard library's ``heapq`` for the drop-in
functions (arrangement, identity of items, order of comparisons, errors),
``sorted`` for the n-best functions and ``merge``, and small reference models
for the classes.
"""

from __future__ import annotations

import collections
import heapq
import itertools
import random
import types

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, invariant, precondition,
                                 rule)

import dsa.heap as dh
from helpers import outcome
from dsa._heapq import _heapify_order


###############################################################################
# Helpers
###############################################################################

class Boom(Exception):
    """Raised by a Tok when its comparison budget runs out."""


class Tok:
    """A value with an identity of its own that logs every comparison.

    Distinct Toks may be equal, so identity tells apart items that heapq would
    treat as ties.  The class-level log records ("<" or "==", left, right) by
    serial number; ``budget`` (if not None) makes the budget-th comparison
    raise Boom.
    """

    __slots__ = ("v", "n")
    serials = itertools.count()
    log: list = []
    budget = None

    def __init__(self, v):
        self.v = v
        self.n = next(Tok.serials)

    @staticmethod
    def _spend():
        if Tok.budget is not None:
            if Tok.budget <= 0:
                raise Boom
            Tok.budget -= 1

    def __lt__(self, other):
        if not isinstance(other, Tok):
            return NotImplemented
        Tok._spend()
        Tok.log.append(("<", self.n, other.n))
        return self.v < other.v

    def __eq__(self, other):
        if not isinstance(other, Tok):
            return NotImplemented
        Tok._spend()
        Tok.log.append(("==", self.n, other.n))
        return self.v == other.v

    __hash__ = object.__hash__

    def __repr__(self):
        return f"Tok({self.v}#{self.n})"


def toks(values):
    return [Tok(v) for v in values]


def run_logged(fn, *args, budget=None):
    """Run fn(*args); return (outcome, comparison log).

    outcome is ("ok", result) or ("raised", exception type, None).
    """
    Tok.log = []
    Tok.budget = budget
    try:
        return outcome(fn, *args, words=lambda error: None), Tok.log
    finally:
        Tok.budget = None


def same_objects(a, b):
    """Element-by-element identity (and equal length)."""
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


def same_outcome(a, b):
    if a[0] != b[0]:
        return False
    if a[0] == "raised":
        return a[1] is b[1]
    x, y = a[1], b[1]
    if isinstance(x, list) and isinstance(y, list):
        return same_objects(x, y)
    return x is y


def _ref_heappush_max(heap, item):
    # The documented semantics: append, then move up while the parent is smaller.
    heap.append(item)
    heapq._siftdown_max(heap, 0, len(heap) - 1)


def _ref_heappushpop_max(heap, item):
    if heap and item < heap[0]:
        return heapq._heapreplace_max(heap, item)
    return item


# Reference for each dsa function: heapq's own where it has one (3.14 has the
# max-heap set public; 3.11 has three of them privately, in C).
REFERENCE = {
    "heappush": heapq.heappush,
    "heappop": heapq.heappop,
    "heapify": heapq.heapify,
    "heapreplace": heapq.heapreplace,
    "heappushpop": heapq.heappushpop,
    "heappush_max": getattr(heapq, "heappush_max", _ref_heappush_max),
    "heappop_max": getattr(heapq, "heappop_max", None) or heapq._heappop_max,
    "heapify_max": getattr(heapq, "heapify_max", None) or heapq._heapify_max,
    "heapreplace_max": getattr(heapq, "heapreplace_max", None) or heapq._heapreplace_max,
    "heappushpop_max": getattr(heapq, "heappushpop_max", _ref_heappushpop_max),
}
MIN_SET = ("heappush", "heappop", "heapify", "heapreplace", "heappushpop")
MAX_SET = tuple(name + "_max" for name in MIN_SET)
ONE_ARG = {"heappop", "heapify", "heappop_max", "heapify_max"}


def call(name, module_is_ref, heap, item):
    fn = REFERENCE[name] if module_is_ref else getattr(dh, name)
    return fn(heap) if name in ONE_ARG else fn(heap, item)


SMALL = st.integers(min_value=0, max_value=6)          # lots of ties
OPS = st.lists(st.tuples(st.sampled_from(["push", "pop", "replace", "pushpop", "heapify"]),
                         SMALL), max_size=40)


###############################################################################
# 1. The heapq-compatible functions against heapq
###############################################################################

@pytest.mark.parametrize("flavour", ["min", "max"])
@given(start=st.lists(SMALL, max_size=40), ops=OPS)
def test_operation_sequences_match_heapq_exactly(flavour, start, ops):
    """Same arrangement (by identity), same results, same comparisons in order."""
    suffix = "" if flavour == "min" else "_max"
    initial = toks(start)
    ours, theirs = list(initial), list(initial)
    want = run_logged(call, f"heapify{suffix}", True, theirs, None)
    got = run_logged(call, f"heapify{suffix}", False, ours, None)
    assert got[1] == want[1]
    assert same_objects(ours, theirs)
    for op, value in ops:
        name = {"push": "heappush", "pop": "heappop", "replace": "heapreplace",
                "pushpop": "heappushpop", "heapify": "heapify"}[op] + suffix
        item = Tok(value)
        want, want_log = run_logged(call, name, True, theirs, item)
        got, got_log = run_logged(call, name, False, ours, item)
        assert same_outcome(got, want), (name, got, want)
        assert got_log == want_log, name
        assert same_objects(ours, theirs), name


@given(values=st.lists(st.floats(allow_nan=False), max_size=60), extra=st.floats(allow_nan=False))
def test_plain_numbers_match_heapq(values, extra):
    ours, theirs = list(values), list(values)
    dh.heapify(ours)
    heapq.heapify(theirs)
    assert ours == theirs
    dh.heappush(ours, extra)
    heapq.heappush(theirs, extra)
    assert ours == theirs
    drained = [dh.heappop(ours) for _ in range(len(ours))]
    assert drained == [heapq.heappop(theirs) for _ in range(len(theirs))]
    assert drained == sorted(values + [extra])


@pytest.mark.parametrize("flavour", ["min", "max"])
@pytest.mark.parametrize("n", [2500, 2501, 2502, 3000, 4097, 6001])
def test_big_heapify_makes_the_same_comparisons_in_the_same_order(flavour, n):
    # Above 2500 items CPython visits the nodes in a cache-friendly order.
    name = "heapify" if flavour == "min" else "heapify_max"
    rng = random.Random(n)
    initial = toks(rng.randrange(100) for _ in range(n))
    ours, theirs = list(initial), list(initial)
    want = run_logged(REFERENCE[name], theirs)
    got = run_logged(getattr(dh, name), ours)
    assert got[1] == want[1]
    assert same_objects(ours, theirs)


@pytest.mark.parametrize("n", list(range(2490, 2600)) + [4095, 4096, 4097, 65537])
def test_heapify_visits_every_parent_once_after_its_children(n):
    order = list(_heapify_order(n))
    assert sorted(order) == list(range(n // 2))
    when = {node: step for step, node in enumerate(order)}
    for node in order:
        for child in (2 * node + 1, 2 * node + 2):
            if child in when:
                assert when[child] < when[node]


@settings(deadline=None)
@given(data=st.data())
def test_a_comparison_that_raises_leaves_the_list_as_heapq_leaves_it(data):
    """Stop after k comparisons: same exception, same list (by identity)."""
    name = data.draw(st.sampled_from(MIN_SET + MAX_SET))
    size = data.draw(st.sampled_from([0, 1, 2, 7, 30, 2600]))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    initial = toks(rng.randrange(10) for _ in range(size))
    if not name.startswith("heapify"):
        REFERENCE["heapify_max" if "max" in name else "heapify"](initial)
    budget = data.draw(st.integers(0, 40) | st.integers(0, 6000))
    item = Tok(rng.randrange(10))
    ours, theirs = list(initial), list(initial)
    want = run_logged(call, name, True, theirs, item, budget=budget)
    got = run_logged(call, name, False, ours, item, budget=budget)
    assert same_outcome(got[0], want[0])
    assert got[1] == want[1]
    if REFERENCE[name] is _ref_heappush_max and want[0][0] == "raised":
        # The pure-Python stand-in drops the item when a comparison fails;
        # the C versions, and we, keep every item exactly once.
        assert sorted(map(id, ours)) == sorted(map(id, initial + [item]))
    else:
        assert same_objects(ours, theirs)


def test_the_stdlib_reference_is_really_the_c_accelerator():
    # Otherwise the error-message tests below would compare us with the
    # pure-Python fallback rather than with what CPython actually runs.
    assert type(heapq.heappush).__name__ == "builtin_function_or_method"


BAD_HEAPS = [None, 10, (1, 2), "ab", collections.deque([1]), {1: 2}, range(3)]


@pytest.mark.parametrize("bad", BAD_HEAPS, ids=repr)
@pytest.mark.parametrize("name", MIN_SET)
def test_a_heap_that_is_not_a_list_is_refused_like_heapq(name, bad):
    want = outcome(lambda: call(name, True, bad, 1))
    got = outcome(lambda: call(name, False, bad, 1))
    assert want[1] is TypeError
    assert got == want


@pytest.mark.parametrize("bad", BAD_HEAPS, ids=repr)
@pytest.mark.parametrize("name", MAX_SET)
def test_max_functions_refuse_non_lists_too(name, bad):
    with pytest.raises(TypeError, match=rf"^{name}\(\) argument (1 )?must be list, not "):
        call(name, False, bad, 1)


def test_list_subclasses_are_accepted():
    class MyList(list):
        pass

    ours, theirs = MyList([5, 1, 4, 2, 3]), MyList([5, 1, 4, 2, 3])
    dh.heapify(ours)
    heapq.heapify(theirs)
    dh.heappush(ours, 0)
    heapq.heappush(theirs, 0)
    assert ours == theirs and type(ours) is MyList
    assert dh.heappop(ours) == heapq.heappop(theirs)
    assert ours == theirs


@pytest.mark.parametrize("name", ["heappop", "heapreplace", "heappop_max", "heapreplace_max"])
def test_popping_an_empty_heap_raises_index_error_like_heapq(name):
    ref = name.replace("heappop_max", "heappop").replace("heapreplace_max", "heapreplace")
    want = outcome(lambda: call(ref, True, [], 1))
    assert want == ("raised", IndexError, "index out of range")
    assert outcome(lambda: call(name, False, [], 1)) == want


@pytest.mark.parametrize("name", ["heappushpop", "heappushpop_max"])
def test_pushpop_on_an_empty_heap_returns_the_item_without_comparing(name):
    class Untouchable:
        def __lt__(self, other):
            raise AssertionError("compared")
        __gt__ = __le__ = __ge__ = __eq__ = __lt__
        __hash__ = object.__hash__

    item = Untouchable()
    heap = []
    assert getattr(dh, name)(heap, item) is item
    assert heap == []


def test_arguments_are_positional_only_and_counted():
    for fn in (dh.heappush, dh.heapreplace, dh.heappushpop):
        with pytest.raises(TypeError):
            fn([])
        with pytest.raises(TypeError):
            fn([], 1, 2)
        with pytest.raises(TypeError):
            fn(heap=[], item=1)
    for fn in (dh.heappop, dh.heapify):
        with pytest.raises(TypeError):
            fn()


@pytest.mark.parametrize("name", MIN_SET)
def test_incomparable_items_give_heapqs_type_error_and_list(name):
    def scenario(ref):
        heap = [1, 2, 3, 4, 5]
        if name in ("heapify", "heappop"):
            heap = [1, 2, "a", 4, 5]
        try:
            call(name, ref, heap, "a")
        except TypeError as exc:
            return str(exc), heap
        return "no error", heap

    assert scenario(False) == scenario(True)


class CmpErr:
    """Every comparison raises ZeroDivisionError (as in CPython's tests)."""

    def __eq__(self, other):
        raise ZeroDivisionError

    __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __eq__
    __hash__ = object.__hash__


@pytest.mark.parametrize("name", MIN_SET + MAX_SET + ("nsmallest", "nlargest"))
def test_exceptions_from_comparisons_propagate(name):
    with pytest.raises(ZeroDivisionError):
        if name in ("nsmallest", "nlargest"):
            getattr(dh, name)(2, [CmpErr(), CmpErr(), CmpErr()])
        else:
            call(name, False, [CmpErr(), CmpErr(), CmpErr()], 10)


class SideEffectLT:
    """A comparison that empties the heap it lives in."""

    def __init__(self, value, heap):
        self.value = value
        self.heap = heap

    def __lt__(self, other):
        self.heap[:] = []
        return self.value < other.value


class Grows:
    """A comparison that appends to the heap it lives in."""

    def __init__(self, value, heap):
        self.value = value
        self.heap = heap

    def __lt__(self, other):
        self.heap.append(Grows(99, self.heap))
        return self.value < other.value


@pytest.mark.parametrize("kind", [SideEffectLT, Grows])
@pytest.mark.parametrize("name", MIN_SET + MAX_SET)
def test_a_comparison_that_resizes_the_heap_is_an_error_not_a_crash(name, kind):
    def scenario(ref):
        heap = []
        values = range(200) if "max" not in name else range(199, -1, -1)
        heap.extend(kind(v, heap) for v in values)          # already a heap
        try:
            call(name, ref, heap, kind(5, heap))
        except (IndexError, RuntimeError) as exc:
            return type(exc)
        return None

    expected = scenario(True)
    got = scenario(False)
    assert got in (IndexError, RuntimeError)
    # Where the reference is the C module, match its choice of exception.
    if expected is not None and isinstance(REFERENCE[name], types.BuiltinFunctionType):
        assert got is expected


def int_that_clears(victim: list) -> type:
    """An int class whose ``<`` empties ``victim`` and then returns
    NotImplemented, so that int's reflected comparison decides: a heap
    function finds its list changed under it mid-comparison."""
    class ClearingInt(int):
        def __lt__(self, other):
            victim.clear()
            return NotImplemented

    return ClearingInt


def test_comparison_that_clears_the_heap_during_pushpop():
    # Both return NotImplemented after clearing, so int's reflected
    # comparison decides; the C module then finds the heap empty.
    heap: list = []
    Evil = int_that_clears(heap)

    def scenario(module):
        heap[:] = []
        module.heappush(heap, Evil(0))
        return outcome(lambda: module.heappushpop(heap, 1))

    assert scenario(dh) == scenario(heapq) == ("raised", IndexError, "index out of range")


def test_comparisons_that_clear_another_heap():
    list1: list = []
    list2: list = []
    H = int_that_clears(list2)
    G = int_that_clears(list1)
    dh.heappush(list1, H(0))
    dh.heappush(list2, G(0))
    with pytest.raises((IndexError, RuntimeError)):
        dh.heappush(list1, G(1))
    with pytest.raises((IndexError, RuntimeError)):
        dh.heappush(list2, H(1))


# --- nsmallest / nlargest -----------------------------------------------------

KEYS = [None, lambda t: t.v % 3, lambda t: -t.v]


@pytest.mark.parametrize("name", ["nsmallest", "nlargest"])
@given(values=st.lists(SMALL, max_size=30), n=st.integers(min_value=-3, max_value=35),
       key_index=st.sampled_from(range(len(KEYS))),
       shape=st.sampled_from(["list", "iterator", "generator", "tuple"]))
def test_n_best_match_heapq(name, values, n, key_index, shape):
    key = KEYS[key_index]
    items = toks(values)

    def feed():
        if shape == "list":
            return list(items)
        if shape == "tuple":
            return tuple(items)
        if shape == "iterator":
            return iter(items)
        return (x for x in items)

    want, want_log = run_logged(lambda: getattr(heapq, name)(n, feed(), key=key))
    got, got_log = run_logged(lambda: getattr(dh, name)(n, feed(), key=key))
    assert same_outcome(got, want)
    assert got_log == want_log
    # And the documented meaning: a stable sort, cut to n.
    reference = sorted(items, key=key, reverse=(name == "nlargest"))[:max(n, 0)]
    assert same_objects(got[1], reference)


@pytest.mark.parametrize("name", ["nsmallest", "nlargest"])
@pytest.mark.parametrize("n", [1.0, 2.0, 1.5, None, "2", True, False, 10**30, -10**30])
@pytest.mark.parametrize("shape", ["list", "generator", "empty"])
def test_n_best_with_odd_n_match_heapq(name, n, shape):
    data = [5, 3, 1, 4, 1, 5, 9, 2, 6]

    def feed():
        if shape == "list":
            return list(data)
        if shape == "empty":
            return []
        return (x for x in data)

    want = outcome(lambda: getattr(heapq, name)(n, feed()))
    assert outcome(lambda: getattr(dh, name)(n, feed())) == want


class NoIter:
    """Neither __iter__ nor __getitem__."""

    def __len__(self):
        return 3


class NoNext:
    """__iter__ returns something that is not an iterator."""

    def __iter__(self):
        return self


class Raises:
    def __iter__(self):
        return self

    def __next__(self):
        return 3 // 0


@pytest.mark.parametrize("name", ["nsmallest", "nlargest"])
@pytest.mark.parametrize("n", [1, 2, 5])
@pytest.mark.parametrize("bad", [5, None, NoIter(), NoNext(), Raises()], ids=repr)
def test_n_best_of_bad_iterables_fail_like_heapq(name, n, bad):
    want = outcome(lambda: getattr(heapq, name)(n, bad))
    assert want[1] in (TypeError, ZeroDivisionError)
    assert outcome(lambda: getattr(dh, name)(n, bad)) == want


@pytest.mark.parametrize("name", ["nsmallest", "nlargest"])
def test_n_best_propagate_errors_from_generators_and_keys(name):
    def gen():
        yield 3
        yield 1
        yield 4
        raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"):
        getattr(dh, name)(2, gen())
    with pytest.raises(TypeError):
        getattr(dh, name)(2, [1, 2, 3], key=5)
    assert outcome(lambda: getattr(dh, name)(2, [1, "a", 3])) == \
        outcome(lambda: getattr(heapq, name)(2, [1, "a", 3]))


# --- merge --------------------------------------------------------------------

@given(rows=st.lists(st.lists(SMALL, max_size=8), max_size=6),
       key_index=st.sampled_from(range(len(KEYS))), reverse=st.booleans())
def test_merge_matches_heapq(rows, key_index, reverse):
    key = KEYS[key_index]
    inputs = [sorted(toks(row), key=key, reverse=reverse) for row in rows]
    want, want_log = run_logged(lambda: list(heapq.merge(*inputs, key=key, reverse=reverse)))
    got, got_log = run_logged(lambda: list(dh.merge(*inputs, key=key, reverse=reverse)))
    assert same_outcome(got, want)
    assert got_log == want_log
    # The documented meaning: a stable sort of everything.
    reference = sorted(itertools.chain(*inputs), key=key, reverse=reverse)
    assert same_objects(got[1], reference)


def test_merge_is_lazy_in_the_same_way_as_heapq():
    def traced(module):
        pulled = []

        def source(tag, values):
            for v in values:
                pulled.append((tag, v))
                yield v

        stream = module.merge(source("a", [1, 4, 7]), source("b", [2, 3, 9]), source("c", []))
        steps = [list(pulled)]
        for _ in range(4):
            next(stream)
            steps.append(list(pulled))
        return steps

    steps = traced(dh)
    assert steps[0] == []                  # nothing is read before the first request
    assert steps == traced(heapq)


def test_merge_errors_match_heapq():
    def iterable():
        s = list(range(10))
        for i in range(20):
            yield s[i]                     # IndexError once i reaches 10

    cases = [
        lambda m: list(m.merge([1], 5)),
        lambda m: list(m.merge([1, 2], [3], key=5)),
        lambda m: list(m.merge([1, 2], ["a"])),
        lambda m: list(m.merge(iterable(), iterable())),
        lambda m: list(m.merge()),
        lambda m: list(m.merge([3, 2, 1], reverse=True)),
    ]
    for case in cases:
        assert outcome(lambda: case(dh)) == outcome(lambda: case(heapq))
    dh.merge(5)                            # a generator: nothing happens until used


def test_merge_stability_with_many_equal_items():
    rng = random.Random(7)
    inputs = [[], [], [], []]
    for _ in range(2000):
        stream = rng.randrange(4)
        inputs[stream].append((rng.randrange(50), stream))
    for stream in inputs:
        stream.sort(key=lambda pair: pair[0])
    result = list(dh.merge(*inputs, key=lambda pair: pair[0]))
    assert result == sorted(itertools.chain(*inputs), key=lambda pair: pair[0])


###############################################################################
# 2. The textbook
###############################################################################

@given(st.integers(min_value=0, max_value=10**12))
def test_parent_and_children_are_inverse(i):
    assert dh.parent(dh.left(i)) == i
    assert dh.parent(dh.right(i)) == i
    assert dh.right(i) == dh.left(i) + 1
    if i > 0:
        p = dh.parent(i)
        assert i in (dh.left(p), dh.right(p))


def test_index_arithmetic_errors():
    with pytest.raises(ValueError, match="root"):
        dh.parent(0)
    for fn in (dh.parent, dh.left, dh.right):
        with pytest.raises(ValueError):
            fn(-1)
        with pytest.raises(TypeError):
            fn(1.5)


def brute_is_heap(seq, key=None, reverse=False):
    k = (lambda x: x) if key is None else key
    for i in range(1, len(seq)):
        child, par = k(seq[i]), k(seq[(i - 1) // 2])
        if (par < child) if reverse else (child < par):
            return False
    return True


@given(st.lists(SMALL, max_size=30), st.booleans())
def test_is_heap_matches_the_definition(values, reverse):
    assert dh.is_heap(values, reverse=reverse) == brute_is_heap(values, reverse=reverse)
    assert dh.is_heap(values, key=lambda v: -v) == brute_is_heap(values, reverse=True)
    heapq.heapify(values)
    assert dh.is_heap(values)


def test_worked_example_from_the_lesson():
    heap = [3, 5, 7, 9, 12, 8, 14]
    assert dh.is_heap(heap)
    assert heap != sorted(heap)            # a heap need not be sorted
    expected = list(heap)
    heapq.heappush(expected, 2)
    stats = dh.HeapStats()
    seen = []
    heap.append(2)
    final = dh.sift_up(heap, len(heap) - 1, stats=stats,
                       on_swap=lambda i, j: seen.append((i, j, list(heap))))
    assert heap == expected == [2, 3, 7, 5, 12, 8, 14, 9]
    assert final == 0
    assert stats.swaps == 3 == len(seen)
    # each hook call sees the array right after that swap
    assert [s[:2] for s in seen] == [(7, 3), (3, 1), (1, 0)]
    assert seen[0][2] == [3, 5, 7, 2, 12, 8, 14, 9]


MODES = st.sampled_from([(None, False), (None, True), (lambda v: -v, False),
                         (lambda v: v % 4, True)])


@given(values=st.lists(SMALL, max_size=30), new=SMALL, mode=MODES)
def test_sift_up_after_append_restores_the_heap(values, new, mode):
    key, reverse = mode
    heap = list(values)
    dh.heapify_bottom_up(heap, key=key, reverse=reverse)
    before = sorted(heap)
    heap.append(new)
    stats = dh.HeapStats()
    hook = []
    pos = dh.sift_up(heap, len(heap) - 1, key=key, reverse=reverse, stats=stats,
                     on_swap=lambda i, j: hook.append((i, j)))
    assert brute_is_heap(heap, key, reverse)
    assert sorted(heap) == sorted(before + [new])
    assert heap[pos] == new
    assert stats.swaps == len(hook)
    assert all(j == dh.parent(i) for i, j in hook)
    # one comparison per swap, plus the one that stopped it below the root
    assert stats.comparisons == stats.swaps + (pos > 0)


@given(values=st.lists(SMALL, min_size=1, max_size=30), new=SMALL, mode=MODES)
def test_sift_down_after_replacing_the_root_restores_the_heap(values, new, mode):
    key, reverse = mode
    heap = list(values)
    dh.heapify_bottom_up(heap, key=key, reverse=reverse)
    old = list(heap)
    heap[0] = new
    hook = []
    stats = dh.HeapStats()
    pos = dh.sift_down(heap, 0, key=key, reverse=reverse, stats=stats,
                       on_swap=lambda i, j: hook.append((i, j)))
    assert brute_is_heap(heap, key, reverse)
    assert sorted(heap) == sorted(old[1:] + [new])
    assert heap[pos] == new
    assert stats.swaps == len(hook)
    assert all(j in (dh.left(i), dh.right(i)) for i, j in hook)


@given(st.lists(st.integers(), max_size=40))
def test_heapsort_with_sift_down_and_a_shrinking_region(values):
    heap = list(values)
    dh.heapify_bottom_up(heap, reverse=True)           # max-heap
    for end in range(len(heap) - 1, 0, -1):
        heap[0], heap[end] = heap[end], heap[0]
        dh.sift_down(heap, 0, end, reverse=True)
    assert heap == sorted(values)


def test_textbook_sift_down_prefers_the_left_child_on_ties():
    heap = [5, 1, 1]
    assert dh.sift_down(heap, 0) == 1
    heap = [1, 5, 5]
    assert dh.sift_down(heap, 0, reverse=True) == 1


def test_sift_position_and_region_errors():
    with pytest.raises(IndexError):
        dh.sift_up([1, 2], 2)
    with pytest.raises(IndexError):
        dh.sift_up([1, 2], -1)
    with pytest.raises(IndexError):
        dh.sift_down([], 0)
    with pytest.raises(ValueError):
        dh.sift_down([1, 2], 0, 3)
    with pytest.raises(IndexError):
        dh.sift_down([1, 2, 3], 2, 2)


@given(values=st.lists(SMALL, min_size=2, max_size=30), budget=st.integers(0, 12),
       new=SMALL, up=st.booleans())
def test_a_failing_sift_undoes_its_swaps(values, budget, new, up):
    heap = toks(values)
    heapq.heapify(heap)
    if up:
        heap.append(Tok(new))
        pos = len(heap) - 1
    else:
        heap[0] = Tok(new)
        pos = 0
    snapshot = list(heap)
    Tok.budget = budget
    try:
        (dh.sift_up if up else dh.sift_down)(heap, pos)
    except Boom:
        assert same_objects(heap, snapshot)
    finally:
        Tok.budget = None


@given(st.lists(SMALL, max_size=60), MODES)
def test_both_ways_of_building_make_heaps(values, mode):
    key, reverse = mode
    for build in (dh.heapify_bottom_up, dh.heapify_by_pushing):
        heap = list(values)
        build(heap, key=key, reverse=reverse)
        assert brute_is_heap(heap, key, reverse)
        assert sorted(heap) == sorted(values)


def reference_swaps_bottom_up(n):
    """Independent count of bottom-up heapify swaps on n, n-1, ..., 1."""
    a = list(range(n, 0, -1))
    swaps = 0

    def sink(i):
        nonlocal swaps
        kids = [c for c in (2 * i + 1, 2 * i + 2) if c < n]
        if not kids:
            return
        c = min(kids, key=lambda c: (a[c], c))    # smaller child, left on ties
        if a[c] < a[i]:
            a[i], a[c] = a[c], a[i]
            swaps += 1
            sink(c)

    for i in reversed(range(n // 2)):
        sink(i)
    return swaps


def swaps_pushing_descending(n):
    # Each new item is smaller than everything: item i climbs floor(log2(i+1))
    # levels, to the root.  Sum of floor(log2 k) for k = 1..n, in closed form.
    if n == 0:
        return 0
    levels = n.bit_length() - 1                     # floor(log2 n)
    return (n + 1) * levels - 2 ** (levels + 1) + 2


@pytest.mark.parametrize("n", list(range(0, 70)) + [100, 1000, 4095, 4096, 10000])
def test_swap_counts_on_descending_input(n):
    bottom_up, pushing = dh.HeapStats(), dh.HeapStats()
    dh.heapify_bottom_up(list(range(n, 0, -1)), stats=bottom_up)
    dh.heapify_by_pushing(list(range(n, 0, -1)), stats=pushing)
    assert bottom_up.swaps == reference_swaps_bottom_up(n)
    assert pushing.swaps == swaps_pushing_descending(n) == sum(
        k.bit_length() - 1 for k in range(1, n + 1))
    assert bottom_up.swaps <= n - bin(n).count("1")   # sum of node heights bounds it


def test_published_swap_counts_for_a_million():
    # Pushing a million items one by one takes several seconds here, so that
    # count is taken from the closed form checked against the code above.
    n = 1_000_000
    assert swaps_pushing_descending(n) == 17_951_445
    stats = dh.HeapStats()
    dh.heapify_bottom_up(list(range(n, 0, -1)), stats=stats)
    assert stats.swaps == 999_988


def test_heap_stats():
    stats = dh.HeapStats()
    assert (stats.comparisons, stats.swaps) == (0, 0)
    dh.heapify_bottom_up([3, 2, 1], stats=stats)
    assert stats == dh.HeapStats(comparisons=2, swaps=1)
    assert repr(stats) == "HeapStats(comparisons=2, swaps=1)"
    stats.reset()
    assert stats == dh.HeapStats()
    with pytest.raises(AttributeError):
        stats.other = 1                              # __slots__


###############################################################################
# 3. BinaryHeap
###############################################################################

HEAP_OPS = st.lists(st.tuples(st.sampled_from(["push", "pop", "peek", "pushpop", "replace"]),
                              st.integers(-5, 5)), max_size=40)


@given(start=st.lists(st.integers(-5, 5), max_size=20), ops=HEAP_OPS,
       mode=st.sampled_from(["plain", "max", "key", "key+max"]))
def test_binary_heap_against_a_sorted_model(start, ops, mode):
    key = (lambda v: v * v) if "key" in mode else None
    max_heap = "max" in mode
    heap = dh.BinaryHeap(start, key=key, max_heap=max_heap, count=True)
    k = key or (lambda v: v)
    sign = -1 if max_heap else 1
    model = list(start)                              # compared by key only

    def best():
        return min(k(v) * sign for v in model) * sign

    for op, value in ops:
        if op == "push":
            heap.push(value)
            model.append(value)
        elif not model:
            if op == "pushpop":
                assert heap.pushpop(value) == value
            else:
                with pytest.raises(IndexError):
                    getattr(heap, op)(*([value] if op == "replace" else []))
        elif op == "peek":
            assert k(heap.peek()) == best()
        elif op == "pop":
            got = heap.pop()
            assert k(got) == best()
            model.remove(got)
        elif op == "replace":
            got = heap.replace(value)
            assert k(got) == best()
            model.remove(got)
            model.append(value)
        else:                                        # pushpop
            got = heap.pushpop(value)
            model.append(value)
            assert k(got) == best()
            model.remove(got)
        heap.check_invariants()
        assert sorted(heap) == sorted(model)
        assert len(heap) == len(model) and bool(heap) == bool(model)
        assert dh.is_heap(heap.to_list(), key=key, reverse=max_heap)
    assert heap.stats is not None and heap.stats.comparisons >= heap.stats.swaps


@given(st.lists(st.integers(), max_size=40))
def test_binary_heap_drains_like_heapq(values):
    heap = dh.BinaryHeap(values)
    reference = list(values)
    heapq.heapify(reference)
    assert [heap.pop() for _ in range(len(values))] == \
        [heapq.heappop(reference) for _ in range(len(values))]
    assert not heap


def test_binary_heap_basics():
    heap = dh.BinaryHeap([5, 1, 4])
    assert heap.stats is None
    assert repr(heap) == f"BinaryHeap({heap.to_list()!r})"
    assert eval(repr(heap), {"BinaryHeap": dh.BinaryHeap}).to_list() == heap.to_list()
    assert list(heap) == heap.to_list()
    copy = heap.to_list()
    copy.append(99)
    assert 99 not in heap and 4 in heap
    assert "max_heap=True" in repr(dh.BinaryHeap([1], max_heap=True))
    assert "key=" in repr(dh.BinaryHeap([1], key=abs))
    assert "key" not in repr(heap) and "max_heap" not in repr(heap)
    heap.clear()
    assert len(heap) == 0 and not heap and heap.to_list() == []
    for method, args, message in (("pop", (), "pop from an empty heap"),
                                  ("peek", (), "empty heap"),
                                  ("replace", (1,), "empty heap")):
        with pytest.raises(IndexError, match=message):
            getattr(heap, method)(*args)
    assert heap.pushpop(7) == 7 and not heap


def test_binary_heap_pushpop_and_replace_differ_as_documented():
    heap = dh.BinaryHeap([5, 7])
    assert heap.pushpop(1) == 1 and heap.to_list() == [5, 7]    # 1 would pop first
    assert heap.replace(1) == 5 and heap.peek() == 1            # the old top leaves
    heap = dh.BinaryHeap([5, 7], max_heap=True)
    assert heap.pushpop(9) == 9 and heap.pushpop(6) == 7


def test_binary_heap_errors_leave_it_unchanged():
    heap = dh.BinaryHeap([1, 2, 3, 4, 5, 6, 7], count=True)
    before = heap.to_list()
    for method in ("push", "pushpop", "replace"):
        with pytest.raises(TypeError):
            getattr(heap, method)("a")
        assert heap.to_list() == before
        heap.check_invariants()
    with pytest.raises(TypeError):
        dh.BinaryHeap([1, "a"])


@given(values=st.lists(SMALL, min_size=1, max_size=25), new=SMALL,
       budget=st.integers(0, 10),
       method=st.sampled_from(["push", "pop", "pushpop", "replace"]))
def test_binary_heap_comparison_failure_deep_in_a_sift_changes_nothing(values, new, budget, method):
    heap = dh.BinaryHeap(toks(values))
    before = heap.to_list()
    args = () if method == "pop" else (Tok(new),)
    Tok.budget = budget
    try:
        getattr(heap, method)(*args)
    except Boom:
        Tok.budget = None
        assert same_objects(heap.to_list(), before)
    finally:
        Tok.budget = None
    heap.check_invariants()


def test_binary_heap_iteration_detects_mutation():
    for mutate in (lambda h: h.push(0), lambda h: h.pop(), lambda h: h.pushpop(10),
                   lambda h: h.replace(3), lambda h: h.clear()):
        heap = dh.BinaryHeap([1, 2, 3])
        with pytest.raises(RuntimeError):
            for steps, _ in enumerate(heap):
                assert steps < 5, "mutation went unnoticed"
                mutate(heap)
    heap = dh.BinaryHeap([1, 2, 3])
    for _ in heap:
        heap.pushpop(0)                    # returns 0 untouched: no change, no error


def test_binary_heap_check_invariants_reports_the_break():
    heap = dh.BinaryHeap([1, 2, 3])
    heap._items[:] = [3, 1, 2]            # break it behind its back
    with pytest.raises(AssertionError, match="position 1"):
        heap.check_invariants()


###############################################################################
# 4. PriorityQueue
###############################################################################

class Opaque:
    """An item that must never be compared."""

    def __init__(self, tag):
        self.tag = tag

    def _refuse(self, other):
        raise AssertionError("items must never be compared")

    __lt__ = __le__ = __gt__ = __ge__ = _refuse
    # __eq__ is identity (default): comparing tuples may ask it, never __lt__.


PRIORITIES = {
    "ints": st.integers(0, 3),
    "strings": st.sampled_from(["a", "b", "bb", "c"]),
    "tuples": st.tuples(st.integers(0, 1), st.sampled_from(["x", "y"])),
}


@pytest.mark.parametrize("max_heap", [False, True])
@pytest.mark.parametrize("kind", sorted(PRIORITIES))
@given(data=st.data())
def test_priority_queue_is_stable_and_never_compares_items(kind, max_heap, data):
    queue = dh.PriorityQueue(max_heap=max_heap)
    model = []                                       # (priority, serial, item)
    serial = itertools.count()
    for step in data.draw(st.lists(st.sampled_from(["push", "push", "pop", "peek"]), max_size=40)):
        if step == "push":
            priority = data.draw(PRIORITIES[kind])
            number = next(serial)
            item = {"n": number} if kind == "ints" else Opaque(number)
            queue.push(item, priority)
            model.append((priority, number, item))
            continue
        if not model:
            with pytest.raises(IndexError):
                getattr(queue, step)()
            continue
        # the largest (or smallest) priority; among equals, the earliest push
        if max_heap:
            want = max(model, key=lambda e: (e[0], -e[1]))
        else:
            want = min(model, key=lambda e: (e[0], e[1]))
        if step == "peek":
            assert queue.peek() is want[2]
            assert queue.peekitem() == (want[2], want[0])
        else:
            assert queue.popitem() == (want[2], want[0])
            model.remove(want)
        queue.check_invariants()
        assert len(queue) == len(model)


def test_priority_queue_basics_and_errors():
    queue = dh.PriorityQueue()
    assert not queue and len(queue) == 0
    for method in ("pop", "popitem", "peek", "peekitem"):
        with pytest.raises(IndexError):
            getattr(queue, method)()
    queue.push("write", 2)
    queue.push("read", 1)
    queue.push("test", 2)
    assert repr(queue) == ("<PriorityQueue (smallest first) "
                           "[('read', 1), ('write', 2), ('test', 2)]>")
    with pytest.raises(TypeError):
        queue.push("oops", "high")                   # str vs int priorities
    assert len(queue) == 3
    queue.check_invariants()
    assert [queue.pop() for _ in range(3)] == ["read", "write", "test"]
    queue.push("x", 1)
    queue.clear()
    assert not queue
    big = dh.PriorityQueue(max_heap=True)
    big.push("low", 1)
    big.push("high", 5)
    assert big.max_heap and big.pop() == "high"
    assert "largest first" in repr(big)


###############################################################################
# 5. IndexedPriorityQueue
###############################################################################

class IndexedQueueMachine(RuleBasedStateMachine):
    """IndexedPriorityQueue against a dict of item -> (priority, serial)."""

    max_heap = False

    def __init__(self):
        super().__init__()
        self.queue = dh.IndexedPriorityQueue(max_heap=self.max_heap)
        self.model = {}
        self.serial = itertools.count()

    def _front(self, look):
        """(item, priority) of the entry the queue must give next: the best
        priority, the oldest of equals.  With the model empty there is
        none: then check that ``look()`` raises IndexError, and say None."""
        if not self.model:
            with pytest.raises(IndexError):
                look()
            return None
        entries = [(p, s, item) for item, (p, s) in self.model.items()]
        if self.max_heap:
            priority, _, item = max(entries, key=lambda e: (e[0], -e[1]))
        else:
            priority, _, item = min(entries, key=lambda e: (e[0], e[1]))
        return item, priority

    items = st.integers(0, 12)
    priorities = st.integers(0, 4)

    @rule(item=items, priority=priorities)
    def push(self, item, priority):
        if item in self.model:
            with pytest.raises(ValueError, match="already in the queue"):
                self.queue.push(item, priority)
        else:
            self.queue.push(item, priority)
            self.model[item] = (priority, next(self.serial))

    @rule(item=items, priority=priorities)
    def set_item(self, item, priority):
        self.queue[item] = priority
        self.model[item] = (priority, next(self.serial))

    @rule(item=items, priority=priorities)
    def change_priority(self, item, priority):
        if item in self.model:
            self.queue.change_priority(item, priority)
            self.model[item] = (priority, next(self.serial))
        else:
            with pytest.raises(KeyError):
                self.queue.change_priority(item, priority)

    @rule(item=items, use_del=st.booleans())
    def remove(self, item, use_del):
        if item in self.model:
            if use_del:
                del self.queue[item]
            else:
                self.queue.remove(item)
            del self.model[item]
        else:
            with pytest.raises(KeyError):
                self.queue.remove(item)

    @rule(item=items)
    def look_up(self, item):
        assert (item in self.queue) == (item in self.model)
        if item in self.model:
            assert self.queue.priority(item) == self.queue[item] == self.model[item][0]
        else:
            with pytest.raises(KeyError):
                self.queue.priority(item)

    @rule()
    def pop(self):
        front = self._front(self.queue.popitem)
        if front is not None:
            assert self.queue.popitem() == front
            del self.model[front[0]]

    @rule()
    def peek(self):
        front = self._front(self.queue.peek)
        if front is not None:
            assert self.queue.peekitem() == front
            assert self.queue.peek() == front[0]

    # With two or more items every position has a parent or a child, so the
    # new priority is bound to be compared with an int.
    @precondition(lambda self: len(self.model) >= 2)
    @rule(item=items)
    def incomparable_priority_changes_nothing(self, item):
        before = list(self.queue)
        with pytest.raises(TypeError):
            if item in self.model:
                self.queue.change_priority(item, "x")
            else:
                self.queue.push(item, "x")
        assert list(self.queue) == before

    @rule()
    def maybe_clear(self):
        if len(self.model) > 10:
            self.queue.clear()
            self.model.clear()

    @invariant()
    def matches_model(self):
        self.queue.check_invariants()
        assert len(self.queue) == len(self.model)
        assert bool(self.queue) == bool(self.model)
        assert sorted(self.queue) == sorted(self.model)


TestIndexedQueue = IndexedQueueMachine.TestCase


class MaxIndexedQueueMachine(IndexedQueueMachine):
    max_heap = True


TestMaxIndexedQueue = MaxIndexedQueueMachine.TestCase


def test_indexed_queue_ties_and_changes_are_first_in_first_out():
    queue = dh.IndexedPriorityQueue()
    for name in "abcd":
        queue.push(name, 1)
    queue.change_priority("a", 1)                   # same priority: now last
    queue.push("e", 0)
    queue["e"] = 1                                  # joins behind the others
    assert [queue.pop() for _ in range(5)] == ["b", "c", "d", "a", "e"]


def test_indexed_queue_items_are_never_compared():
    queue = dh.IndexedPriorityQueue()
    items = [Opaque(i) for i in range(6)]             # hashable, never orderable
    for item in items:
        queue.push(item, 0)
    assert [queue.pop() for _ in range(6)] == items


def test_indexed_queue_basics_and_errors():
    queue = dh.IndexedPriorityQueue(max_heap=True)
    for method in ("pop", "popitem", "peek", "peekitem"):
        with pytest.raises(IndexError):
            getattr(queue, method)()
    queue["x"] = 3
    queue["y"] = 7
    queue["z"] = 5
    assert repr(queue) == "<IndexedPriorityQueue (largest first) {'y': 7, 'z': 5, 'x': 3}>"
    with pytest.raises(ValueError, match="'x' is already in the queue"):
        queue.push("x", 1)
    for fn in (lambda: queue["nope"], lambda: queue.remove("nope"),
               lambda: queue.change_priority("nope", 1), lambda: queue.__delitem__("nope")):
        with pytest.raises(KeyError):
            fn()
    with pytest.raises(TypeError):
        queue.push(["unhashable"], 1)
    queue.check_invariants()
    with pytest.raises(RuntimeError):
        for steps, item in enumerate(queue):
            assert steps < 5, "mutation went unnoticed"
            queue[f"w{steps}"] = 1
    queue.clear()
    assert not queue and list(queue) == []


def test_indexed_queue_check_invariants_catches_a_bad_index():
    queue = dh.IndexedPriorityQueue()
    for i in range(5):
        queue.push(i, i)
    queue._where[3], queue._where[4] = queue._where[4], queue._where[3]
    with pytest.raises(AssertionError, match="index says"):
        queue.check_invariants()
    queue = dh.IndexedPriorityQueue()
    queue.push("a", 1)
    queue._where["ghost"] = 0
    with pytest.raises(AssertionError, match="index has"):
        queue.check_invariants()


def test_python311_private_max_functions_are_importable_and_match_heapq():
    # heapq exports _heappop_max, _heapreplace_max and _heapify_max (CPython's
    # own test_heapq calls them); code written against it must keep working.
    for name in ("_heapify_max", "_heappop_max", "_heapreplace_max"):
        assert name not in dh.__all__
    rng = random.Random(5)
    data = [rng.randrange(50) for _ in range(300)]
    ours, ref = list(data), list(data)
    dh._heapify_max(ours)
    heapq._heapify_max(ref)
    assert ours == ref
    for step in range(200):
        if step % 3:
            assert dh._heappop_max(ours) == heapq._heappop_max(ref)
        else:
            assert dh._heapreplace_max(ours, step) == heapq._heapreplace_max(ref, step)
        assert ours == ref
    assert dh._heappop_max([3]) == 3
    assert outcome(dh._heappop_max, []) == outcome(heapq._heappop_max, [])
    assert outcome(dh._heapreplace_max, [], 1) == outcome(heapq._heapreplace_max, [], 1)
    # A non-list is refused under the name it was called by, as heapq does.
    assert outcome(dh._heappop_max, 5) == outcome(heapq._heappop_max, 5)
    assert outcome(dh._heapify_max, (1,)) == outcome(heapq._heapify_max, (1,))
    assert outcome(dh._heapreplace_max, 5, 1) == outcome(heapq._heapreplace_max, 5, 1)
