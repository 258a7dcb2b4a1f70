"""One state machine for the heap family.

Every twin is driven with the same operations as a plain list managed by the
standard library's ``heapq``, and every result is compared:

* ``dsa.heap``'s heapq-compatible functions on a list of their own, whose
  arrangement must equal heapq's exactly (they are a drop-in);
* the pure-Python ``BinaryHeap``, ``PriorityQueue`` and
  ``IndexedPriorityQueue`` (items are numbered; the value is the priority);
* the C twins, binary and 4-ary, when they are built.

After every step each twin's own invariant check runs, and ``is_heap`` is
applied to every array a twin exposes.
"""

from __future__ import annotations

import heapq
import itertools

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant,
                                 precondition, rule)

import dsa.heap as dh
import dsa.native

INT64 = st.integers(min_value=-(2**63), max_value=2**63 - 1)
# Mostly small values so that ties are common; sometimes the int64 extremes.
VALUES = st.one_of(st.integers(min_value=-20, max_value=20), INT64)


class HeapFamily(RuleBasedStateMachine):
    """Compare every heap twin with heapq, one operation at a time."""

    def __init__(self) -> None:
        super().__init__()
        self.reference: list[int] = []          # managed by stdlib heapq
        self.functions: list[int] = []          # managed by dsa.heap functions
        self.binary = dh.BinaryHeap(count=True)
        self.pq = dh.PriorityQueue()
        self.ipq = dh.IndexedPriorityQueue()
        self.ids = itertools.count()
        self.natives = []
        if dsa.native.available:
            from dsa.native import heap as nh
            self.natives = [nh.BinaryHeap(count=True), nh.DaryHeap(arity=4),
                            nh.DaryHeap(arity=3)]

    # -- helpers -----------------------------------------------------------

    def _push_everywhere(self, value: int) -> None:
        self.binary.push(value)
        self.pq.push(("job", value), value)
        self.ipq.push(next(self.ids), value)
        for twin in self.natives:
            twin.push(value)

    def _pop_everywhere(self) -> list[int]:
        """Pop from every twin but the reference; return what each gave."""
        got = [self.binary.pop(), self.pq.pop()[1], self.ipq.popitem()[1]]
        got += [twin.pop() for twin in self.natives]
        return got

    def _all_raise_index_error(self, operation) -> None:
        for twin in [self.binary, self.pq, self.ipq, *self.natives]:
            with pytest.raises(IndexError):
                operation(twin)

    # -- rules -------------------------------------------------------------

    @initialize(values=st.lists(VALUES, max_size=30))
    def start_from_heapify(self, values: list[int]) -> None:
        self.reference = list(values)
        heapq.heapify(self.reference)
        self.functions = list(values)
        dh.heapify(self.functions)
        self.binary = dh.BinaryHeap(values, count=True)
        for value in values:
            self.pq.push(("job", value), value)
            self.ipq.push(next(self.ids), value)
        for twin in self.natives:
            twin.heapify(values)

    @rule(value=VALUES)
    def push(self, value: int) -> None:
        heapq.heappush(self.reference, value)
        dh.heappush(self.functions, value)
        self._push_everywhere(value)

    @rule()
    def pop(self) -> None:
        if not self.reference:
            with pytest.raises(IndexError):
                dh.heappop(self.functions)
            self._all_raise_index_error(lambda twin: twin.pop())
            return
        expected = heapq.heappop(self.reference)
        assert dh.heappop(self.functions) == expected
        assert self._pop_everywhere() == [expected] * (3 + len(self.natives))

    @rule(value=VALUES)
    def pushpop(self, value: int) -> None:
        expected = heapq.heappushpop(self.reference, value)
        assert dh.heappushpop(self.functions, value) == expected
        assert self.binary.pushpop(value) == expected
        for twin in self.natives:
            assert twin.pushpop(value) == expected
        # The queues have no pushpop; push then pop must agree with it.
        self.pq.push(("job", value), value)
        self.ipq.push(next(self.ids), value)
        assert self.pq.pop()[1] == expected
        assert self.ipq.popitem()[1] == expected

    @rule(value=VALUES)
    def replace(self, value: int) -> None:
        if not self.reference:
            with pytest.raises(IndexError):
                dh.heapreplace(self.functions, value)
            for twin in [self.binary, *self.natives]:
                with pytest.raises(IndexError):
                    twin.replace(value)
            return
        expected = heapq.heapreplace(self.reference, value)
        assert dh.heapreplace(self.functions, value) == expected
        assert self.binary.replace(value) == expected
        for twin in self.natives:
            assert twin.replace(value) == expected
        assert self.pq.pop()[1] == expected
        self.pq.push(("job", value), value)
        assert self.ipq.popitem()[1] == expected
        self.ipq.push(next(self.ids), value)

    @rule()
    def peek(self) -> None:
        if not self.reference:
            self._all_raise_index_error(lambda twin: twin.peek())
            return
        smallest = self.reference[0]
        assert self.binary.peek() == smallest
        assert self.pq.peekitem()[1] == smallest
        assert self.ipq.peekitem()[1] == smallest
        for twin in self.natives:
            assert twin.peek() == smallest

    @precondition(lambda self: len(self.reference) > 0)
    @rule(data=st.data())
    def pop_many(self, data) -> None:
        """Drain part of the heap: pops must come out in sorted order."""
        k = data.draw(st.integers(min_value=1, max_value=len(self.reference)))
        expected = [heapq.heappop(self.reference) for _ in range(k)]
        assert expected == sorted(expected)
        got = [self._pop_everywhere() for _ in range(k)]
        assert [dh.heappop(self.functions) for _ in range(k)] == expected
        for column in zip(*got):
            assert list(column) == expected

    # -- invariants --------------------------------------------------------

    @invariant()
    def functions_match_heapq_exactly(self) -> None:
        # A drop-in must leave the list arranged exactly as heapq does.
        assert self.functions == self.reference

    @invariant()
    def every_twin_holds_the_same_multiset(self) -> None:
        want = sorted(self.reference)
        assert sorted(self.binary) == want
        assert len(self.pq) == len(self.ipq) == len(want)
        for twin in self.natives:
            assert len(twin) == len(want)
            assert sorted(twin) == want

    @invariant()
    def every_twin_keeps_its_invariants(self) -> None:
        assert dh.is_heap(self.reference)
        assert dh.is_heap(list(self.binary))
        self.binary.check_invariants()
        self.pq.check_invariants()
        self.ipq.check_invariants()   # heap rule and the side index
        for twin in self.natives:
            if twin.arity == 2:
                assert dh.is_heap(twin.to_list())
            twin.check_invariants()


TestHeapFamily = HeapFamily.TestCase


class MaxHeapFamily(RuleBasedStateMachine):
    """The max-heap options against heapq on negated values."""

    def __init__(self) -> None:
        super().__init__()
        self.reference: list[int] = []
        self.twins = [dh.BinaryHeap(max_heap=True)]
        if dsa.native.available:
            from dsa.native import heap as nh
            self.twins += [nh.BinaryHeap(max_heap=True),
                           nh.DaryHeap(arity=4, max_heap=True)]
        self.pq = dh.PriorityQueue(max_heap=True)

    @rule(value=st.integers(min_value=-(2**63) + 1, max_value=2**63 - 1))
    def push(self, value: int) -> None:
        heapq.heappush(self.reference, -value)
        for twin in self.twins:
            twin.push(value)
        self.pq.push(value, value)

    @rule()
    def pop(self) -> None:
        if not self.reference:
            for twin in [*self.twins, self.pq]:
                with pytest.raises(IndexError):
                    twin.pop()
            return
        expected = -heapq.heappop(self.reference)
        for twin in self.twins:
            assert twin.pop() == expected
        assert self.pq.pop() == expected

    @invariant()
    def valid(self) -> None:
        for twin in self.twins:
            twin.check_invariants()
            assert len(twin) == len(self.reference)
        self.pq.check_invariants()
        assert dh.is_heap(list(self.twins[0]), reverse=True)


TestMaxHeapFamily = MaxHeapFamily.TestCase


class TiesAreFirstInFirstOut(RuleBasedStateMachine):
    """PriorityQueue pops equal priorities in insertion order, never comparing items."""

    def __init__(self) -> None:
        super().__init__()
        self.pq = dh.PriorityQueue()
        self.reference: list[tuple[int, int]] = []   # (priority, serial)
        self.serial = itertools.count()

    @rule(priority=st.integers(min_value=0, max_value=3))
    def push(self, priority: int) -> None:
        serial = next(self.serial)
        # A dict is not orderable: any comparison of items would raise.
        self.pq.push({"serial": serial}, priority)
        heapq.heappush(self.reference, (priority, serial))

    @precondition(lambda self: self.reference)
    @rule()
    def pop(self) -> None:
        priority, serial = heapq.heappop(self.reference)
        item, got_priority = self.pq.popitem()
        assert (got_priority, item["serial"]) == (priority, serial)


TestTiesAreFirstInFirstOut = TiesAreFirstInFirstOut.TestCase
