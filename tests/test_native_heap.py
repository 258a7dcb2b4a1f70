"""Tests of the C heap twins (dsa.native.heap, native/heap.c).

Skipped as a whole when the C twins were not built.  Also run by the CI
against an AddressSanitizer + UBSan build (DSA_NATIVE_DIR), so they push on
boundaries: growth from an empty array, clear and regrow, int64 limits,
absurd capacity requests, and several threads on one heap.
"""

from __future__ import annotations

import collections
import copy
import heapq
import pickle
import random

import pytest

from helpers import (INT64_MAX, INT64_MIN, check_hammered, native_or_skip,
                     numbered_step)

native = native_or_skip()

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from dsa.native import BinaryHeap, DaryHeap  # noqa: E402
from dsa.native import heap as nh  # noqa: E402
import dsa.heap as python_twin  # noqa: E402
from dsa.native._loader import load  # noqa: E402

INT64 = st.integers(min_value=INT64_MIN, max_value=INT64_MAX)
# Mostly small values, so that ties are common; sometimes the extremes.
VALUES = st.one_of(st.integers(min_value=-8, max_value=8), INT64)
ARITIES = [2, 3, 4, 8]

OPS = st.lists(
    st.one_of(
        st.tuples(st.just("push"), VALUES),
        st.tuples(st.just("pop"), st.none()),
        st.tuples(st.just("peek"), st.none()),
        st.tuples(st.just("pushpop"), VALUES),
        st.tuples(st.just("replace"), VALUES),
        st.tuples(st.just("heapify"), st.lists(VALUES, max_size=20)),
        st.tuples(st.just("clear"), st.none()),
    ),
    max_size=60,
)


def make(arity: int, **options) -> DaryHeap:
    if arity == 2:
        return BinaryHeap(**options)
    return DaryHeap(arity=arity, **options)


def apply(heap, op: str, arg):
    """Run one operation; return its result or the exception type."""
    try:
        if op in ("push", "heapify"):
            getattr(heap, op)(arg)
            return None
        if op == "clear":
            heap.clear()
            return None
        if op in ("pushpop", "replace"):
            return getattr(heap, op)(arg)
        return getattr(heap, op)()
    except IndexError:
        return IndexError


class HeapqModel:
    """heapq on keys: x for a min-heap, -x for a max-heap."""

    def __init__(self, max_heap: bool) -> None:
        self.sign = -1 if max_heap else 1
        self.items: list[int] = []

    def push(self, x):
        heapq.heappush(self.items, self.sign * x)

    def pop(self):
        if not self.items:
            raise IndexError
        return self.sign * heapq.heappop(self.items)

    def peek(self):
        if not self.items:
            raise IndexError
        return self.sign * self.items[0]

    def pushpop(self, x):
        return self.sign * heapq.heappushpop(self.items, self.sign * x)

    def replace(self, x):
        if not self.items:
            raise IndexError
        return self.sign * heapq.heapreplace(self.items, self.sign * x)

    def heapify(self, values):
        self.items = [self.sign * v for v in values]
        heapq.heapify(self.items)

    def clear(self):
        self.items = []

    def values(self):
        return sorted(self.sign * v for v in self.items)


# ---------------------------------------------------------------------------
# Behaviour against heapq and against each other
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("arity", ARITIES)
@pytest.mark.parametrize("max_heap", [False, True])
@settings(database=None)
@given(ops=OPS)
def test_random_operations_match_heapq(arity, max_heap, ops):
    heap = make(arity, max_heap=max_heap)
    model = HeapqModel(max_heap)
    for op, arg in ops:
        assert apply(heap, op, arg) == apply(model, op, arg), (op, arg)
        assert len(heap) == len(model.items)
        assert bool(heap) == bool(model.items)
    heap.check_invariants()
    assert sorted(heap) == model.values()
    # Draining gives heapq's order.
    assert [heap.pop() for _ in range(len(heap))] == [
        model.pop() for _ in range(len(model.items))]


@settings(database=None)
@given(ops=OPS.map(lambda ops: [(o, a) for o, a in ops if o != "heapify"]),
       seed=st.integers(0, 2**32))
def test_binary_array_equals_heapq_for_distinct_items(ops, seed):
    # With no ties the textbook sifts and heapq's leave the same array.
    fresh = iter(random.Random(seed).sample(range(-10**6, 10**6), 200))
    heap, reference = BinaryHeap(), []
    for op, _ in ops:
        value = next(fresh)
        if op in ("pop", "peek", "replace") and not reference:
            continue
        if op == "push":
            heap.push(value)
            heapq.heappush(reference, value)
        elif op == "pop":
            assert heap.pop() == heapq.heappop(reference)
        elif op == "pushpop":
            assert heap.pushpop(value) == heapq.heappushpop(reference, value)
        elif op == "replace":
            assert heap.replace(value) == heapq.heapreplace(reference, value)
        elif op == "clear":
            heap.clear()
            reference.clear()
        assert heap.to_list() == reference


@settings(database=None)
@given(ops=OPS)
def test_every_arity_pops_the_same_values(ops):
    heaps = [make(d) for d in range(2, 17)]
    for op, arg in ops:
        results = {repr(apply(h, op, arg)) for h in heaps}
        assert len(results) == 1, (op, arg, results)
    for h in heaps:
        h.check_invariants()
    drained = {tuple(h.pop() for _ in range(len(h))) for h in heaps}
    assert len(drained) == 1


def _pure_twin():
    heap_module = pytest.importorskip("dsa.heap")
    if not hasattr(heap_module, "BinaryHeap"):
        pytest.skip("dsa.heap.BinaryHeap is not there")
    return heap_module


@pytest.mark.parametrize("max_heap", [False, True])
@settings(database=None)
@given(start=st.lists(VALUES, max_size=40),
       ops=OPS.map(lambda ops: [(o, a) for o, a in ops if o != "heapify"]))
def test_same_arrays_and_swaps_as_the_pure_python_twin(max_heap, start, ops):
    # Both follow the textbook (left child unless the right is strictly
    # better; ties stop a sift), so arrays and swap counts agree exactly,
    # and comparisons too for heapify (pops compare less in C: bottom-up).
    twin = _pure_twin().BinaryHeap(start, max_heap=max_heap, count=True)
    heap = BinaryHeap(start, max_heap=max_heap, count=True)
    assert heap.to_list() == twin.to_list()
    assert counts(heap) == [twin.stats.comparisons, twin.stats.swaps]
    for op, arg in ops:
        assert apply(heap, op, arg) == apply(twin, op, arg)
        assert heap.to_list() == twin.to_list()
        assert heap.stats.swaps == twin.stats.swaps


# ---------------------------------------------------------------------------
# Errors and boundaries
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("arity", ARITIES)
def test_empty_heap_errors(arity):
    heap = make(arity)
    with pytest.raises(IndexError, match="pop from an empty heap"):
        heap.pop()
    with pytest.raises(IndexError, match="peek at an empty heap"):
        heap.peek()
    with pytest.raises(IndexError, match="replace on an empty heap"):
        heap.replace(1)
    assert heap.pushpop(7) == 7          # heapq.heappushpop: nothing to pop
    assert len(heap) == 0 and not heap and heap.to_list() == []


@pytest.mark.parametrize("max_heap", [False, True])
def test_int64_boundaries_exactly(max_heap):
    heap = DaryHeap(arity=3, max_heap=max_heap)
    for value in (INT64_MAX, INT64_MIN, 0, -1, INT64_MAX, INT64_MIN):
        heap.push(value)
    for bad in (2**63, -(2**63) - 1, 2**64, -(2**100)):
        with pytest.raises(OverflowError):
            heap.push(bad)
        with pytest.raises(OverflowError):
            heap.pushpop(bad)
        with pytest.raises(OverflowError):
            heap.replace(bad)
        with pytest.raises(OverflowError):
            heap.heapify([1, 2, bad])
    expected = sorted([INT64_MAX, INT64_MIN, 0, -1, INT64_MAX, INT64_MIN],
                      reverse=max_heap)
    assert [heap.pop() for _ in range(6)] == expected


def test_rejected_items_leave_the_heap_unchanged():
    heap = BinaryHeap([5, 1, 4, 1, 3], count=True)
    before, stats = heap.to_list(), heap.stats
    for bad in ("1", 1.5, None, [1], 2**63):
        for method in (heap.push, heap.pushpop, heap.replace):
            with pytest.raises((TypeError, OverflowError)):
                method(bad)
        with pytest.raises((TypeError, OverflowError)):
            heap.heapify([9, 8, 7, bad])
        with pytest.raises((TypeError, OverflowError)):
            BinaryHeap([1, bad])
    with pytest.raises(TypeError):
        heap.push("1")
    assert heap.to_list() == before and heap.stats == stats
    heap.check_invariants()


def test_bools_are_ints_and_index_types_work():
    class Index:
        def __index__(self):
            return 42

    heap = BinaryHeap()
    heap.push(True)
    heap.push(False)
    heap.push(Index())
    assert heap.to_list() == [0, 1, 42]
    assert type(heap.pop()) is int


@pytest.mark.parametrize("arity", [0, 1, 17, -2, 2**70])
def test_bad_arity_is_a_value_error(arity):
    with pytest.raises(ValueError):
        DaryHeap(arity=arity)


@pytest.mark.parametrize("arity", [2.0, "2", None])
def test_non_integer_arity_is_a_type_error(arity):
    with pytest.raises(TypeError):
        DaryHeap(arity=arity)


def test_binary_heap_has_no_arity_argument():
    with pytest.raises(TypeError):
        BinaryHeap(arity=4)
    assert BinaryHeap().arity == 2 and DaryHeap().arity == 4


def test_growth_from_empty_and_clear():
    heap = DaryHeap(arity=4)
    assert heap.capacity == 0 and heap.array_offset is None
    capacities = []
    for i in range(2000):
        heap.push(2000 - i)
        assert len(heap) == i + 1 <= heap.capacity
        capacities.append(heap.capacity)
    assert heap.array_offset == 56        # items[1] starts a 64-byte line
    assert len(set(capacities)) < 20      # grows by doubling, not by one
    heap.check_invariants()
    heap.clear()
    assert len(heap) == 0 and heap.capacity == 0 and heap.array_offset is None
    heap.push(3)
    heap.heapify(range(100, 0, -1))
    assert heap.pop() == 1 and heap.peek() == 2
    heap.heapify([])
    assert len(heap) == 0


def test_absurd_capacity_requests_are_refused_not_crashes():
    ffi, lib = load(False)
    out = ffi.new("dsa_heap **")
    assert lib.dsa_heap_new(1, 0, 0, out) == lib.DSA_EVALUE
    assert lib.dsa_heap_new(17, 0, 0, out) == lib.DSA_EVALUE
    assert lib.dsa_heap_new(4, 0, 0, out) == lib.DSA_OK
    h = ffi.gc(out[0], lib.dsa_heap_free)
    for n in (2**64 - 1, 2**63, 2**61, 2**58):
        assert lib.dsa_heap_reserve(h, n) == lib.DSA_ENOMEM
    buf = ffi.new("int64_t[]", [3, 1, 2])
    assert lib.dsa_heap_heapify(h, buf, 3) == lib.DSA_OK
    # A huge claimed length is refused before the buffer is read.
    assert lib.dsa_heap_heapify(h, buf, 2**62) == lib.DSA_ENOMEM
    assert lib.dsa_heap_heapify(h, ffi.NULL, 5) == lib.DSA_EVALUE
    assert lib.dsa_heap_len(h) == 3 and lib.dsa_heap_check(h) == 1
    assert lib.dsa_heap_get(h, 3, ffi.new("int64_t *")) == lib.DSA_EINDEX
    assert lib.dsa_heap_items(h, ffi.new("int64_t[4]"), 4) == lib.DSA_EINDEX
    assert lib.dsa_heap_set_tracing(h, 1) == lib.DSA_EVALUE   # ordinary build
    for kernel_args in ((2**62,), (2**61,)):
        result = ffi.new("struct dsa_heap_drain_result *")
        assert lib.dsa_heap_kernel_drain(*kernel_args, 2, 1, result) \
            == lib.DSA_ENOMEM


def test_kernels_refuse_absurd_sizes_with_memory_error():
    pytest.raises(MemoryError, nh.drain, 2**62)
    pytest.raises(MemoryError, nh.build, 2**61, method="push")
    pytest.raises(MemoryError, nh.op_cost, 2**62, ops=10)
    pytest.raises(MemoryError, nh.op_cost, 10, ops=2**62)
    pytest.raises(MemoryError, nh.lines_per_op, 2**62, ops=10)
    pytest.raises(OverflowError, nh.drain, 2**63)


# ---------------------------------------------------------------------------
# Iteration, copying, repr
# ---------------------------------------------------------------------------

def test_iteration_is_array_order_and_notices_changes():
    heap = DaryHeap([5, 3, 8, 1, 9, 2], arity=3)
    assert list(heap) == heap.to_list()
    for change in (lambda h: h.push(0), lambda h: h.pop(),
                   lambda h: h.replace(4), lambda h: h.pushpop(100),
                   lambda h: h.heapify([1, 2]), lambda h: h.clear()):
        it = iter(heap)
        next(it)
        change(heap)
        with pytest.raises(RuntimeError, match="changed during iteration"):
            next(it)
        heap.heapify([5, 3, 8, 1, 9, 2])
    it = iter(heap)                       # a change before the first next()
    heap.push(7)
    with pytest.raises(RuntimeError):
        next(it)


def test_copy_pickle_repr_and_stats():
    heap = BinaryHeap([1, 5, 3])
    assert repr(heap) == "dsa.native.BinaryHeap([1, 5, 3])"
    assert repr(DaryHeap([3, 1], arity=3, max_heap=True)) == \
        "dsa.native.DaryHeap([3, 1], arity=3, max_heap=True)"
    assert heap.stats is None
    counted = DaryHeap(range(20, 0, -1), arity=4, max_heap=True, count=True)
    twin = copy.copy(counted)
    assert twin is not counted and twin.to_list() == counted.to_list()
    assert twin.stats == counted.stats and twin.max_heap and twin.arity == 4
    twin.push(100)
    assert 100 not in counted and 100 in twin
    clone = pickle.loads(pickle.dumps(counted))
    assert type(clone) is DaryHeap and clone.to_list() == counted.to_list()
    assert clone.max_heap and clone.arity == 4 and clone.stats.swaps == 0
    binary = pickle.loads(pickle.dumps(BinaryHeap([4, 2], max_heap=True)))
    assert type(binary) is BinaryHeap and binary.pop() == 4
    assert copy.deepcopy(heap).to_list() == [1, 5, 3]
    counted.reset_stats()
    assert (counted.stats.comparisons, counted.stats.swaps) == (0, 0)
    with pytest.raises(ValueError, match="traced=True"):
        heap.last_lines


# ---------------------------------------------------------------------------
# Counters against a brute-force textbook
# ---------------------------------------------------------------------------

def textbook_swap_if_smaller(a, child, parent, count):
    """The step both textbook sifts end with: one comparison, and if
    a[child] is the smaller, one swap with a[parent].  Whether it swapped
    (count is [comparisons, swaps])."""
    count[0] += 1
    if not a[child] < a[parent]:
        return False
    a[child], a[parent] = a[parent], a[child]
    count[1] += 1
    return True


def textbook_sift_down(a, i, n, d, count):
    while True:
        first = d * i + 1
        if first >= n:
            return
        best = first
        for k in range(first + 1, min(first + d, n)):
            count[0] += 1
            if a[k] < a[best]:
                best = k
        if not textbook_swap_if_smaller(a, best, i, count):
            return
        i = best


def textbook_sift_up(a, i, d, count):
    while i > 0:
        p = (i - 1) // d
        if not textbook_swap_if_smaller(a, i, p, count):
            return
        i = p


def textbook_heapify(values, d):
    a, count = list(values), [0, 0]
    for i in range((len(a) - 2) // d, -1, -1):
        textbook_sift_down(a, i, len(a), d, count)
    return a, count


def textbook_push_all(values, d):
    a, count = [], [0, 0]
    for v in values:
        a.append(v)
        textbook_sift_up(a, len(a) - 1, d, count)
    return a, count


def textbook_pop(a, d):
    """Pop a's top the swap-based way; return the swaps it made."""
    count = [0, 0]
    last = a.pop()
    if a:
        a[0] = last
        textbook_sift_down(a, 0, len(a), d, count)
    return count[1]


def counts(heap):
    return [heap.stats.comparisons, heap.stats.swaps]


@pytest.mark.parametrize("arity", ARITIES + [16])
def test_swap_counts_of_small_descending_inputs(arity):
    for n in range(0, 90):
        values = list(range(n, 0, -1))
        heap = make(arity, count=True)
        heap.heapify(values)
        array, expected = textbook_heapify(values, arity)
        assert (heap.to_list(), counts(heap)) == (array, expected), n

        heap = make(arity, count=True)
        for v in values:
            heap.push(v)
        array, expected = textbook_push_all(values, arity)
        assert (heap.to_list(), counts(heap)) == (array, expected), n

        # Pops: the same arrays and swaps as the swap-based textbook pop.
        while array:
            before = heap.stats.swaps
            heap.pop()
            assert heap.stats.swaps - before == textbook_pop(array, arity)
            assert heap.to_list() == array


@pytest.mark.parametrize("arity", ARITIES)
@settings(database=None)
@given(values=st.lists(st.integers(-5, 5) | INT64, max_size=80))
def test_counts_match_the_textbook_on_any_input(arity, values):
    heap = make(arity, count=True)
    heap.heapify(values)
    array, expected = textbook_heapify(values, arity)
    assert (heap.to_list(), counts(heap)) == (array, expected)
    heap = make(arity, count=True)
    for v in values:
        heap.push(v)
    array, expected = textbook_push_all(values, arity)
    assert (heap.to_list(), counts(heap)) == (array, expected)
    for item in values[:10]:
        before = heap.stats.swaps
        array[0], replaced = item, array[0]
        swaps = [0, 0]
        textbook_sift_down(array, 0, len(array), arity, swaps)
        assert heap.replace(item) == replaced
        assert heap.stats.swaps - before == swaps[1]
        assert heap.to_list() == array


def depth_sum(n, d):
    """Sum of the depths of positions 0 .. n-1 of a d-ary heap: the swaps
    of pushing a strictly descending sequence (each item climbs to the top)."""
    total, depth, start, width = 0, 0, 0, 1
    while start < n:
        total += depth * min(width, n - start)
        start, width, depth = start + width, width * d, depth + 1
    return total


def test_swap_counts_at_one_million():
    n = 1_000_000
    level = n.bit_length() - 1
    closed_form = (n + 1) * level - 2 ** (level + 1) + 2
    assert closed_form == depth_sum(n, 2) == 17_951_445
    pushed = nh.build(n, method="push", order="descending")
    assert pushed.ok and pushed.swaps == 17_951_445
    assert pushed.comparisons == 17_951_445        # one per level climbed
    heapified = nh.build(n, method="heapify", order="descending")
    assert heapified.ok and heapified.swaps == 999_988
    ascending = nh.build(n, method="heapify", order="ascending")
    # Already a heap: each parent compares its children and itself once.
    assert (ascending.swaps, ascending.comparisons) == (0, n - 1)


@pytest.mark.parametrize("arity", [3, 4, 8])
def test_swap_counts_at_larger_n_follow_the_recurrence(arity):
    n = 30_000
    pushed = nh.build(n, method="push", order="descending", arity=arity)
    assert pushed.swaps == depth_sum(n, arity)
    heapified = nh.build(n, method="heapify", order="descending", arity=arity)
    _, expected = textbook_heapify(range(n - 1, -1, -1), arity)
    assert [heapified.comparisons, heapified.swaps] == expected


# ---------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("arity", [2, 3, 4, 16])
def test_drain_kernel(arity):
    for n in (0, 1, 2, 3, 1000, 50_000):
        result = nh.drain(n, arity=arity, seed=n + 7)
        assert result.ok and result.n == n and result.arity == arity
        assert result.total_ns == result.push_ns + result.pop_ns
        assert result.push_ns >= 0 and result.pop_ns >= 0


def test_build_kernel_all_combinations():
    for method in ("heapify", "push"):
        for order in ("descending", "ascending", "random"):
            for n in (0, 1, 5, 4097):
                result = nh.build(n, method=method, order=order, arity=3)
                assert result.ok and result.ns >= 0
                assert (result.method, result.order, result.n) == (method, order, n)
    random_push = nh.build(10_000, method="push", order="random")
    random_heapify = nh.build(10_000, method="heapify", order="random")
    assert random_heapify.swaps < random_push.swaps   # O(n) against O(n log n)
    pytest.raises(ValueError, nh.build, 10, method="sort")
    pytest.raises(ValueError, nh.build, 10, order="shuffled")
    pytest.raises(TypeError, nh.build, 10, method=1)


@pytest.mark.parametrize("arity", [2, 4, 5])
def test_op_cost_kernel(arity):
    for size in (1, 2, 3, 128, 20_000):
        result = nh.op_cost(size, arity=arity, ops=3_000, seed=size)
        assert result.ok and result.bytes == 8 * size
        assert result.pop_ns > 0 and result.push_ns > 0 and result.pair_ns > 0


def test_lines_per_op_kernel():
    small = nh.lines_per_op(100, arity=4, ops=200)
    assert small.ok and 2 <= small.push_lines and 2 <= small.pop_lines
    # Header + a 4-ary heap of 2**16 items: each level of a pop is one line.
    binary = nh.lines_per_op(1 << 16, arity=2, ops=300)
    quad = nh.lines_per_op(1 << 16, arity=4, ops=300)
    assert binary.ok and quad.ok
    assert quad.pop_lines < binary.pop_lines <= 1 + 17
    assert quad.pop_lines <= 1 + 1 + 9            # header, slot 0, 9 levels


def test_kernel_argument_checks():
    for bad in (-1, 1.5, "3"):
        pytest.raises((ValueError, TypeError), nh.drain, bad)
    pytest.raises(ValueError, nh.op_cost, 0)
    pytest.raises(ValueError, nh.op_cost, 10, ops=0)
    pytest.raises(ValueError, nh.lines_per_op, 0)
    pytest.raises(ValueError, nh.drain, 10, arity=1)
    pytest.raises(ValueError, nh.drain, 10, seed=-1)
    pytest.raises(ValueError, nh.drain, 10, seed=2**64)
    assert nh.drain(10, seed=2**64 - 1).ok


# ---------------------------------------------------------------------------
# Lines touched: last_lines against a model of the slots each sift visits
# ---------------------------------------------------------------------------

def lines_of(slots, offset=56):
    return {(offset + 8 * i) // 64 for i in slots}


def descent_slots(keys, n, d):
    """Slots read by the bottom-up sift-down from the root of keys[:n]: all
    children of the hole at each level (the climb back revisits these)."""
    slots, i = set(), 0
    while d * i + 1 < n:
        children = range(d * i + 1, min(d * i + d + 1, n))
        slots.update(children)
        i = min(children, key=lambda k: (keys[k], k))   # first smallest
    return slots


def expected_lines(heap, op, arg):
    """Header line + lines of the slots `op` touches, from the heap's state
    before the operation."""
    d, n = heap.arity, len(heap)
    sign = -1 if heap.max_heap else 1
    keys = [sign * v for v in heap.to_list()]
    if op == "push":
        x, i, slots = sign * arg, n, {n}
        while i > 0:
            parent = (i - 1) // d
            slots.add(parent)
            if not x < keys[parent]:
                break
            i = parent
        if n == heap.capacity:            # grows: copies old slots to new ones
            return 1 + len(lines_of(range(n))) + len(lines_of(range(n + 1)))
        return 1 + len(lines_of(slots))
    if op == "pop":
        if n == 0:
            return 1
        return 1 + len(lines_of({0, n - 1} | descent_slots(keys, n - 1, d)))
    if op == "peek":
        return 1 if n == 0 else 2
    if op == "replace":
        if n == 0:
            return 1
        return 1 + len(lines_of({0} | descent_slots(keys, n, d)))
    if op == "pushpop":
        if n == 0:
            return 1
        if not keys[0] < sign * arg:
            return 2
        return 1 + len(lines_of({0} | descent_slots(keys, n, d)))
    if op == "heapify":
        return 1 + len(lines_of(range(len(arg))))
    if op == "clear":
        return 1
    raise AssertionError(op)


@pytest.mark.parametrize("arity", [2, 3, 4, 8, 16])
@pytest.mark.parametrize("max_heap", [False, True])
@settings(database=None)
@given(ops=OPS, start=st.lists(VALUES, max_size=300))
def test_last_lines_follows_the_model(arity, max_heap, ops, start):
    heap = make(arity, max_heap=max_heap, traced=True)
    heap.heapify(start)
    assert heap.last_lines == expected_lines(make(arity), "heapify", start)
    if start:
        assert heap.array_offset == 56
    for op, arg in ops:
        want = expected_lines(heap, op, arg)
        apply(heap, op, arg)
        assert heap.last_lines == want, (op, arg)
        len(heap), list(heap), heap.to_list(), heap.check_invariants()
        assert heap.last_lines == want    # looking is not traced


def test_last_lines_of_a_4ary_pop_by_hand():
    # 0 .. 340 in order is a 4-ary heap whose pop walks down 0, 1, 5, 21, 85.
    # Slot i is in line (56 + 8*i) // 64, so the pop touches: the header;
    # line 0 (the root); line 1, shared by the families 1-4 and 5-8; line 3
    # (family 21-24); line 11 (family 85-88); line 43 (slot 340, the last
    # item, which moves).  Six lines.
    n = 341
    heap = DaryHeap(range(n), arity=4, traced=True)
    assert expected_lines(heap, "pop", None) == 6
    heap.pop()
    assert heap.last_lines == 6
    # The binary heap of the same items needs a line per level below the
    # first three (4 pairs share a line).
    binary = BinaryHeap(range(n), traced=True)
    want = expected_lines(binary, "pop", None)
    binary.pop()
    assert binary.last_lines == want > 6


# ---------------------------------------------------------------------------
# Threads
# ---------------------------------------------------------------------------

def test_four_threads_hammer_one_heap():
    heap = DaryHeap(range(0, 2000, 3), arity=3, count=True)
    initial = collections.Counter(range(0, 2000, 3))

    def step(rng: random.Random, op: int, value: int, pushed: list, popped: list) -> None:
        if op == 0:
            heap.push(value)
            pushed.append(value)
        elif op == 1:
            try:
                popped.append(heap.pop())
            except IndexError:
                pass
        elif op == 2:
            pushed.append(value)
            popped.append(heap.pushpop(value))
        elif op == 3:
            try:
                popped.append(heap.replace(value))
                pushed.append(value)
            except IndexError:
                pass
        elif op == 4:
            assert len(heap) >= 0
        elif op == 5:
            try:
                assert all(type(v) is int for v in heap)
            except RuntimeError:
                pass              # another thread changed it: fine
        else:
            snapshot = heap.to_list()
            assert all(snapshot[(i - 1) // 3] <= snapshot[i]
                       for i in range(1, len(snapshot)))

    check_hammered(heap, initial, numbered_step(7, step))


def test_an_int_as_first_argument_names_the_keyword_arity():
    with pytest.raises(TypeError, match=r"keyword-only: DaryHeap\(arity=4\)"):
        DaryHeap(4)
    # An iterable of ints still heapifies, and the keyword still works.
    assert DaryHeap([4, 1, 3], arity=3).pop() == 1
    assert len(DaryHeap(arity=8, max_heap=True)) == 0


# ---- a bare __new__ is an empty heap ----------------------------------------

@pytest.mark.parametrize("cls, arity", [(native.BinaryHeap, 2),
                                        (native.DaryHeap, 4)])
def test_bare_new_is_an_empty_heap(cls, arity):
    for make in (cls, type("Sub", (cls,), {})):
        h = make.__new__(make)
        assert len(h) == 0 and list(h) == [] and h.arity == arity
        with pytest.raises(IndexError):
            h.pop()
        for x in (5, 1, 3):
            h.push(x)
        assert [h.pop() for _ in range(3)] == [1, 3, 5]
        h.check_invariants()


# ---- a subclass's attributes survive copying and pickling, as in the
# Python twin (which copies and pickles as any Python object does) ---------


class NativeTagged(BinaryHeap):
    """A subclass with attributes, at module level so that pickle finds it."""


class NativeSlotted(DaryHeap):
    __slots__ = ("tag", "__dict__")


class PythonTagged(python_twin.BinaryHeap):
    pass


def _copies_of(cls):
    heap = cls([5, 3, 1, 4])
    heap.notes, heap.me = ["a note"], heap
    if cls is NativeSlotted:
        heap.tag = "slot"
    made = {"pickle": pickle.loads(pickle.dumps(heap)), "deepcopy": copy.deepcopy(heap),
            "copy": copy.copy(heap)}
    return {how: (type(new) is cls, sorted(new), new.notes, new.notes is heap.notes,
                  new.me is new, new.me is heap, getattr(new, "tag", "slot"))
            for how, new in made.items()}


@pytest.mark.parametrize("cls", [NativeTagged, NativeSlotted])
def test_subclass_attributes_survive_copy_and_pickle_as_in_the_python_twin(cls):
    assert _copies_of(cls) == _copies_of(PythonTagged)
    heap = cls([2, 1])
    heap.notes = ["x"]
    assert heap.copy().notes is heap.notes          # copy() is copy.copy
    assert type(pickle.loads(pickle.dumps(cls([1])))) is cls


@pytest.mark.parametrize("cls", [DaryHeap, BinaryHeap])
def test_a_number_first_is_refused_with_the_keyword_to_use(cls):
    # heapq's functions and the pure twin refuse an int as the items with
    # TypeError too; the C twins say what was probably meant.
    with pytest.raises(TypeError) as info:
        cls(4)
    message = str(info.value)
    assert message.startswith(f"{cls.__name__}'s first argument is the items")
    assert "DaryHeap(arity=4)" in message
    with pytest.raises(TypeError):
        python_twin.BinaryHeap(4)       # the pure twin refuses it as well
    assert list(cls([4])) == [4]        # a list holding the number is fine
