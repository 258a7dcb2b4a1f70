"""Tests of the C deque twin (dsa.native.deque, native/deque.c).

Skipped as a whole when the C twins were not built.  Also run by the CI
against an AddressSanitizer + UBSan build (DSA_NATIVE_DIR), so they push on
boundaries: blocks of one item, maxlen 0 and 1, emptying and refilling,
int64 limits, absurd kernel sizes, and several threads on one deque.
"""

from __future__ import annotations

import collections
import copy
import math
import operator
import pickle
import random
from decimal import Decimal

import pytest

from helpers import (INT64_MAX, INT64_MIN, check_hammered, hammer,
                     native_or_skip, numbered_step)

native = native_or_skip()

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from helpers import Reflects, in_place_times, outcome  # noqa: E402

from dsa.native import BlockedDeque  # noqa: E402
from dsa.native import deque as nd  # noqa: E402
from dsa.native._loader import load  # noqa: E402

INT64 = st.integers(min_value=INT64_MIN, max_value=INT64_MAX)
# Mostly small values, so that count/index/remove find things; sometimes
# the extremes.
VALUES = st.one_of(st.integers(min_value=-4, max_value=4), INT64)
BLOCK_SIZES = [1, 2, 8, 64]
MAXLENS = [None, None, 0, 1, 2, 5, 17]
SSIZE = st.integers(min_value=-(2**63), max_value=2**63 - 1)


# ---------------------------------------------------------------------------
# The C twin against collections.deque (the state machine that drives it with
# the Python twin and deque is in test_deque_machine.py)
# ---------------------------------------------------------------------------

OPERATORS = {
    "d + 5": lambda d: d + 5,
    "d + [1]": lambda d: d + [1],
    "[1] + d": lambda d: [1] + d,
    "d + Reflects()": lambda d: d + Reflects(),
    "d * 'x'": lambda d: d * "x",
    "'x' * d": lambda d: "x" * d,
    "d * 1.5": lambda d: d * 1.5,
    "d *= 1.5": lambda d: in_place_times(d, 1.5),
    "d * Reflects()": lambda d: d * Reflects(),
    "2 * d": lambda d: 2 * d,
    "d * 2**62": lambda d: d * 2**62,
}


@pytest.mark.parametrize("expression", OPERATORS)
def test_operators_fail_as_deque_and_the_python_twin_do(expression):
    # deque's words name "deque" where both twins say "BlockedDeque".
    from dsa.deque import BlockedDeque as PythonTwin

    def words(error):
        return str(error).replace("collections.deque", "BlockedDeque").replace(
            "deque", "BlockedDeque")

    def shape(result):
        return list(result) if not isinstance(result, str) else result

    run = OPERATORS[expression]
    expected = outcome(run, collections.deque([1, 2, 3]), shape=shape, words=words)
    assert outcome(run, PythonTwin([1, 2, 3]), shape=shape) == expected
    assert outcome(run, BlockedDeque([1, 2, 3]), shape=shape) == expected


def test_generic_alias_as_deque():
    assert BlockedDeque[int].__origin__ is BlockedDeque
    assert BlockedDeque[int].__args__ == collections.deque[int].__args__


@pytest.mark.parametrize("block_size", BLOCK_SIZES)
@pytest.mark.parametrize("maxlen", [None, 0, 1, 3])
@settings(max_examples=25, deadline=None, database=None)
@given(ops=st.lists(st.tuples(
    st.sampled_from(["append", "appendleft", "pop", "popleft", "rotate",
                     "extend", "extendleft", "clear"]),
    st.integers(-70, 70)), max_size=120))
def test_every_block_size_and_maxlen(block_size, maxlen, ops):
    # The grid the machine samples, each cell run directly: maxlen 0 and 1
    # with blocks of one item are where the end cases meet.
    dq = BlockedDeque(maxlen=maxlen, block_size=block_size)
    ref = collections.deque(maxlen=maxlen)
    for op, arg in ops:
        if op in ("append", "appendleft", "rotate"):
            args = (arg,)
        elif op in ("extend", "extendleft"):
            args = (range(arg, arg + abs(arg) % 9),)
        else:
            args = ()
        assert outcome(getattr(dq, op), *args) == \
            outcome(getattr(ref, op), *args), (op, arg)
        dq.check_invariants()
        assert dq.to_list() == list(ref)


# ---------------------------------------------------------------------------
# Errors and boundaries
# ---------------------------------------------------------------------------

def test_empty_pops_and_indexing_errors():
    dq = BlockedDeque(block_size=2)
    for method in (dq.pop, dq.popleft):
        with pytest.raises(IndexError, match="^pop from an empty deque$"):
            method()
    for i in (0, -1, 5):
        with pytest.raises(IndexError, match="^deque index out of range$"):
            dq[i]
        with pytest.raises(IndexError, match="^deque index out of range$"):
            dq[i] = 1
    with pytest.raises(TypeError, match="sequence index must be integer, "
                                        "not 'slice'"):
        dq[0:1]
    with pytest.raises(TypeError, match="not 'str'"):
        dq["0"]
    with pytest.raises(ValueError, match="^3 is not in deque$"):
        dq.index(3)
    dq.check_invariants()
    assert dq.to_list() == [] and dq.block_count == 0


@pytest.mark.parametrize("block_size", [1, 3, 64])
def test_int64_boundaries_exactly(block_size):
    dq = BlockedDeque([INT64_MAX, INT64_MIN], block_size=block_size)
    dq.appendleft(INT64_MIN)
    dq.append(INT64_MAX)
    dq[1] = INT64_MIN
    before = dq.to_list()
    assert before == [INT64_MIN, INT64_MIN, INT64_MIN, INT64_MAX]
    for bad in (2**63, -(2**63) - 1, 2**64, -(2**100)):
        for call in (dq.append, dq.appendleft, lambda v: dq.__setitem__(0, v),
                     lambda v: dq.insert(1, v)):
            with pytest.raises(OverflowError):
                call(bad)
        for call in (dq.extend, dq.extendleft, BlockedDeque):
            with pytest.raises(OverflowError):
                call([1, 2, bad])
        assert bad not in dq and dq.count(bad) == 0
        with pytest.raises(ValueError):
            dq.index(bad)
    for bad in ("1", 1.5, None, [1], b"1"):
        for call in (dq.append, dq.appendleft, lambda v: dq.__setitem__(0, v)):
            with pytest.raises(TypeError):
                call(bad)
        with pytest.raises(TypeError):
            dq.extend([3, 4, bad])
        with pytest.raises(TypeError):
            BlockedDeque([1, bad])
    assert dq.to_list() == before
    dq.check_invariants()
    assert [dq.pop() for _ in range(4)] == before[::-1]
    assert dq.sum() == 0 and not dq


def test_extend_checks_everything_first():
    # collections.deque keeps what it appended before the iterable failed;
    # the C twin checks the whole iterable first and changes nothing.
    def failing():
        yield 1
        yield 2
        raise KeyError("boom")

    dq = BlockedDeque([0], block_size=2)
    with pytest.raises(KeyError):
        dq.extend(failing())
    with pytest.raises(KeyError):
        dq.extendleft(failing())
    with pytest.raises(TypeError):
        dq.extend([5, 6, 7, "8"])
    assert dq.to_list() == [0]
    dq.extend(iter(range(5)))
    dq.extendleft(x for x in (7, 8))
    assert dq.to_list() == [8, 7, 0, 0, 1, 2, 3, 4]


def test_bools_and_index_types_are_ints():
    class Index:
        def __index__(self):
            return 42

    dq = BlockedDeque([True, False, Index()], block_size=2)
    assert dq.to_list() == [1, 0, 42]
    assert dq[Index() and 1] == 0 and type(dq.pop()) is int
    assert True in dq and 1.0 in dq and "1" not in dq and 2**70 not in dq
    assert dq.count(1.0) == 1 and dq.index(0.0) == 1


def test_constructor_arguments():
    for bad in (0, -1, nd.MAX_BLOCK_SIZE + 1, 2**70):
        with pytest.raises(ValueError, match="block_size"):
            BlockedDeque(block_size=bad)
    for bad in (1.5, "8", None):
        with pytest.raises(TypeError, match="block_size"):
            BlockedDeque(block_size=bad)
    with pytest.raises(ValueError, match="^maxlen must be non-negative$"):
        BlockedDeque(maxlen=-1)
    with pytest.raises(TypeError, match="an integer is required"):
        BlockedDeque(maxlen=1.5)
    with pytest.raises(OverflowError):
        BlockedDeque(maxlen=2**63)
    with pytest.raises(TypeError):
        BlockedDeque([], None, 8)          # block_size is keyword-only
    dq = BlockedDeque(range(10), 3, block_size=nd.MAX_BLOCK_SIZE)
    assert dq.to_list() == [7, 8, 9] and dq.maxlen == 3
    assert BlockedDeque().block_size == 64 and BlockedDeque().maxlen is None
    assert BlockedDeque(maxlen=2**63 - 1).maxlen == 2**63 - 1


def test_maxlen_drops_from_the_other_end():
    for b in (1, 2, 4):
        dq = BlockedDeque(range(6), maxlen=3, block_size=b)
        assert dq.to_list() == [3, 4, 5]
        dq.appendleft(9)
        assert dq.to_list() == [9, 3, 4]
        dq.extendleft([1, 2])
        assert dq.to_list() == [2, 1, 9]
        dq.extend(range(100))
        assert dq.to_list() == [97, 98, 99]
        with pytest.raises(IndexError, match="already at its maximum size"):
            dq.insert(1, 0)
        dq.check_invariants()
        zero = BlockedDeque(range(5), maxlen=0, block_size=b)
        zero.append(1)
        zero.appendleft(2)
        zero.extend(range(9))
        assert zero.to_list() == [] and zero.block_count == 0
        zero.check_invariants()


def test_blocks_are_freed_as_they_empty():
    header, block = nd.HEADER_BYTES, 16 + 8 * 8
    dq = BlockedDeque(range(64), block_size=8)
    assert dq.block_count == 8 and dq.nbytes == header + 8 * block
    for _ in range(8):
        dq.popleft()
    assert dq.block_count == 7
    # One emptied block is kept (the spare), however many have emptied.
    assert dq.nbytes == header + 8 * block
    while dq:
        dq.pop()
    assert dq.block_count == 0 and dq.nbytes == header + block
    dq.check_invariants()
    # A steady-state queue of 10 reuses the spare: never more than 3 blocks.
    for i in range(1000):
        dq.append(i)
        if len(dq) > 10:
            dq.popleft()
        assert dq.nbytes <= header + 4 * block
    dq.clear()
    assert dq.block_count == 0


def test_absurd_sizes_are_refused_not_crashes():
    ffi, lib = load(False)
    out = ffi.new("dsa_dq **")
    assert lib.dsa_dq_new(0, 0, 0, out) == lib.DSA_EVALUE
    assert lib.dsa_dq_new(lib.DSA_DQ_MAX_BLOCK + 1, 0, 0, out) == lib.DSA_EVALUE
    assert lib.dsa_dq_new(2**64 - 1, 0, 0, out) == lib.DSA_EVALUE
    assert lib.dsa_dq_new(4, 0, 0, ffi.NULL) == lib.DSA_EVALUE
    assert lib.dsa_dq_new(4, 0, 0, out) == lib.DSA_OK
    d = ffi.gc(out[0], lib.dsa_dq_free)
    buf = ffi.new("int64_t[]", [3, 1, 2])
    assert lib.dsa_dq_extend_back(d, ffi.NULL, 5) == lib.DSA_EVALUE
    assert lib.dsa_dq_extend_back(d, buf, 3) == lib.DSA_OK
    assert lib.dsa_dq_get(d, 3, ffi.new("int64_t *")) == lib.DSA_EINDEX
    assert lib.dsa_dq_get(d, 2**64 - 1, ffi.new("int64_t *")) == lib.DSA_EINDEX
    assert lib.dsa_dq_items(d, ffi.new("int64_t[4]"), 4) == lib.DSA_EINDEX
    assert lib.dsa_dq_items(d, ffi.NULL, 2) == lib.DSA_EVALUE
    assert lib.dsa_dq_rotate(d, 2**64 - 1) == lib.DSA_OK   # taken mod len
    assert lib.dsa_dq_set_tracing(d, 1) == lib.DSA_EVALUE   # ordinary build
    assert lib.dsa_dq_len(d) == 3 and lib.dsa_dq_check(d) == ffi.NULL
    # A cursor from another deque, or after a change, is refused.
    other = ffi.new("dsa_dq **")
    assert lib.dsa_dq_new(4, 0, 0, other) == lib.DSA_OK
    o = ffi.gc(other[0], lib.dsa_dq_free)
    cur = ffi.new("struct dsa_dq_cursor *")
    lib.dsa_dq_cursor_start(o, cur, 0)
    got = ffi.new("size_t *")
    assert lib.dsa_dq_cursor_next(d, cur, buf, 1, got) == lib.DSA_EVALUE
    lib.dsa_dq_cursor_start(d, cur, 0)
    assert lib.dsa_dq_push_back(d, 7) == lib.DSA_OK
    assert lib.dsa_dq_cursor_next(d, cur, buf, 1, got) == lib.DSA_ESTATE
    for kernel in (nd.ends, nd.lines):
        for n in (2**60, 2**61):
            with pytest.raises(MemoryError):
                kernel(n)
    pytest.raises(MemoryError, nd.access, 2**60, ops=1)
    pytest.raises(MemoryError, nd.access, 10, ops=2**61)
    pytest.raises(OverflowError, nd.ends, 2**63)


# ---------------------------------------------------------------------------
# Iteration, copying, comparing, repr
# ---------------------------------------------------------------------------

MUTATIONS = {
    "append": lambda d: d.append(1),
    "appendleft": lambda d: d.appendleft(1),
    "pop": lambda d: d.pop(),
    "popleft": lambda d: d.popleft(),
    "extend": lambda d: d.extend([5, 6]),
    "extend nothing": lambda d: d.extend([]),
    "extendleft": lambda d: d.extendleft([5]),
    "rotate": lambda d: d.rotate(1),
    "rotate 0": lambda d: d.rotate(0),
    "clear": lambda d: d.clear(),
    "append then pop": lambda d: (d.append(9), d.pop()),
    "insert": lambda d: d.insert(1, 7),
    "remove": lambda d: d.remove(2),
    "del": lambda d: d.__delitem__(1),
    "setitem": lambda d: d.__setitem__(0, 5),
    "reverse": lambda d: d.reverse(),
    "count": lambda d: d.count(1),
    "copy": lambda d: d.copy(),
    "getitem": lambda d: d[1],
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
@pytest.mark.parametrize("reverse", [False, True])
def test_iteration_notices_what_deque_notices(name, reverse):
    change = MUTATIONS[name]
    for start in ([1, 2, 3, 4], [2], []):
        for steps in sorted({0, min(1, len(start)), len(start)}):
            results = []
            for make in (lambda s: BlockedDeque(s, block_size=1),
                         collections.deque):
                d = make(start)
                it = reversed(d) if reverse else iter(d)
                seen = [next(it) for _ in range(steps)]
                try:
                    change(d)
                except (IndexError, ValueError):
                    pass                  # e.g. pop or remove on []
                results.append((seen, outcome(list, it)))
            assert results[0] == results[1], (name, start, steps)


def test_iteration_error_message_and_length_hint():
    dq = BlockedDeque(range(20), block_size=3)
    it = iter(dq)
    assert next(it) == 0 and it.__length_hint__() == 19
    dq.append(20)
    with pytest.raises(RuntimeError, match="^deque mutated during iteration$"):
        next(it)
    with pytest.raises(RuntimeError):
        next(it)
    assert list(dq) == list(range(21))
    assert list(reversed(dq)) == list(range(20, -1, -1))


def test_copy_pickle_repr_and_comparisons():
    dq = BlockedDeque([1, 2], maxlen=2)
    assert repr(dq) == "dsa.native.BlockedDeque([1, 2], maxlen=2)"
    assert repr(BlockedDeque()) == "dsa.native.BlockedDeque([])"
    assert repr(BlockedDeque([3], block_size=8)) == \
        "dsa.native.BlockedDeque([3], block_size=8)"
    twins = (copy.copy(dq), copy.deepcopy(dq), pickle.loads(pickle.dumps(dq)))
    for twin in twins:
        assert type(twin) is BlockedDeque and twin == dq and twin is not dq
        assert twin.maxlen == 2 and twin.block_size == 64
        twin.append(3)
        assert dq.to_list() == [1, 2] and twin.to_list() == [2, 3]
    eight = BlockedDeque(range(5), block_size=8)
    clone = pickle.loads(pickle.dumps(eight))
    assert clone.block_size == 8 and clone.to_list() == [0, 1, 2, 3, 4]
    assert BlockedDeque([1, 2]) == BlockedDeque([1, 2], block_size=1)
    assert BlockedDeque([1, 2]) != BlockedDeque([1, 3])
    assert BlockedDeque([1, 2]) < BlockedDeque([1, 3]) <= BlockedDeque([2])
    assert BlockedDeque([1]) != [1]
    assert BlockedDeque([1]) != collections.deque([1])
    with pytest.raises(TypeError):
        BlockedDeque() < [1]
    with pytest.raises(TypeError):
        hash(BlockedDeque())
    dq2 = BlockedDeque([1, 2], block_size=2)
    dq2 += [3]
    assert (dq2 + BlockedDeque([4])).to_list() == [1, 2, 3, 4]
    assert (dq2 * 2).to_list() == [1, 2, 3] * 2 and (2 * dq2) == dq2 * 2
    bounded = BlockedDeque([1, 2], maxlen=3)
    bounded *= 3
    assert bounded.to_list() == [2, 1, 2]
    bounded *= 0
    assert bounded.to_list() == []
    with pytest.raises(ValueError, match="traced=True"):
        dq.last_lines


class Mine(BlockedDeque):
    """A subclass, at module level so that pickle can find it."""


def test_subclasses_keep_their_type():
    mine = Mine([1, 2, 3], block_size=2)
    assert repr(mine).endswith(".Mine([1, 2, 3], block_size=2)")
    assert type(mine.copy()) is Mine
    assert type(pickle.loads(pickle.dumps(mine))) is Mine
    mine.extra = "a subclass has a __dict__"


# ---------------------------------------------------------------------------
# Kernels: results checked by the kernels themselves, never timed here
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("layout", nd.LAYOUTS)
def test_ends_kernel(layout):
    for n in (0, 1, 2, 63, 64, 65, 5_000):
        result = nd.ends(n, layout=layout, seed=n + 3)
        assert result.ok and result.n == n and result.layout == layout
        assert min(result.push_back_ns, result.pop_front_ns,
                   result.push_front_ns, result.pop_back_ns) >= 0
        assert result.fifo_ns == result.push_back_ns + result.pop_front_ns
        if layout == "ring":
            cap = 0 if n == 0 else max(8, 1 << (n - 1).bit_length())
            assert result.bytes == 64 + 8 * cap
        elif n:
            blocks = math.ceil(n / layout)
            assert result.bytes == nd.HEADER_BYTES + blocks * (16 + 8 * layout)


@pytest.mark.parametrize("layout", nd.LAYOUTS)
def test_access_kernel(layout):
    for n in (1, 2, 3, 100, 4_097):
        result = nd.access(n, layout=layout, passes=2, ops=300, seed=n)
        assert result.ok and result.n == n
        assert (result.passes, result.ops) == (2, 300)
        assert result.iterate_ns >= 0 and result.index_ns >= 0
        if layout != "ring":
            assert result.blocks == math.ceil(n / layout)
            assert result.bytes_per_element == \
                (nd.HEADER_BYTES + result.blocks * (16 + 8 * layout)) / n


def test_sweep_runs_every_layout():
    rows = nd.sweep(3_000, repeat=1, ops=50)
    assert [row.layout for row in rows] == list(nd.LAYOUTS)
    assert all(row.ok for row in rows)
    by_layout = {row.layout: row for row in rows}
    assert by_layout[1].bytes_per_element > by_layout[64].bytes_per_element
    assert by_layout[1].lines_per_element > by_layout[4096].lines_per_element


def test_kernel_argument_checks():
    for bad in (-1, 1.5, "3"):
        pytest.raises((ValueError, TypeError), nd.ends, bad)
    for bad_layout in (0, -3, nd.MAX_BLOCK_SIZE + 1, "array"):
        pytest.raises(ValueError, nd.ends, 10, layout=bad_layout)
    pytest.raises(TypeError, nd.ends, 10, layout=2.5)
    pytest.raises(ValueError, nd.access, 0)
    pytest.raises(ValueError, nd.access, 10, ops=0)
    pytest.raises(ValueError, nd.access, 10, passes=0)
    pytest.raises(ValueError, nd.ends, 10, seed=-1)
    pytest.raises(ValueError, nd.ends, 10, seed=2**64)
    assert nd.ends(10, seed=2**64 - 1).ok
    ffi, lib = load(False)
    out = ffi.new("struct dsa_dq_lines_result *")
    assert lib.dsa_dq_kernel_lines(10, lib.DSA_DQ_RING, 0, 1, out) \
        == lib.DSA_EVALUE                 # the ordinary build cannot trace
    ends_out = ffi.new("struct dsa_dq_ends_result *")
    assert lib.dsa_dq_kernel_ends(10, 7, 64, 1, ends_out) == lib.DSA_EVALUE
    assert lib.dsa_dq_kernel_ends(10, 0, 64, 1, ffi.NULL) == lib.DSA_EVALUE


# ---------------------------------------------------------------------------
# Lines touched: last_lines against the documented model, from addresses
# ---------------------------------------------------------------------------

def line(address):
    return address // 64


def links(block):
    return {line(block)}                 # 16 bytes, malloc aligns to 16


def slots(block, first, end):
    if first >= end:
        return set()
    return set(range(line(block + 16 + 8 * first),
                     line(block + 16 + 8 * (end - 1)) + 1))


def walk_lines(b, n, layout, stop_at=None):
    """Header + links and used slots of every block, front to back, up to
    and including the block holding position stop_at."""
    header, head, blocks = layout
    touched = {line(header)}
    for k, block in enumerate(blocks):
        first = head if k == 0 else 0
        end = (head + n - 1) % b + 1 if k == len(blocks) - 1 else b
        touched |= links(block) | slots(block, first, end)
        if stop_at is not None and (head + stop_at) // b == k:
            break
    return touched


def expected_lines(b, items, op, arg, before, after):
    """The lines the model says `op` touches on a deque of block size b
    holding `items`, from the layouts before and after it (a new block's
    address is only known after)."""
    header, head, blocks = before
    n = len(items)
    hdr = {line(header)}
    if op == "append":
        if n == 0:
            new = after[2][0]
            return hdr | links(new) | slots(new, 0, 1)
        s = head + n                  # the new item's slot, from head's start
        if s % b:                     # room in the tail block
            return hdr | slots(blocks[-1], s % b, s % b + 1)
        new = after[2][-1]
        return hdr | links(new) | slots(new, 0, 1) | links(blocks[-1])
    if op == "appendleft":
        if n == 0:
            new = after[2][0]
            return hdr | links(new) | slots(new, b - 1, b)
        if head:
            return hdr | slots(blocks[0], head - 1, head)
        new = after[2][0]
        return hdr | links(new) | slots(new, b - 1, b) | links(blocks[0])
    if op in ("pop", "popleft"):
        if n == 0:
            return hdr
        s = head + n - 1 if op == "pop" else head
        k = s // b
        out = hdr | slots(blocks[k], s % b, s % b + 1)
        empties = n == 1 or (s % b == 0 if op == "pop" else s % b == b - 1)
        if empties:
            out |= links(blocks[k])
            if n > 1:
                out |= links(blocks[k - 1] if op == "pop" else blocks[k + 1])
        return out
    if op in ("get", "set"):
        s = head + arg
        k = s // b
        back = len(blocks) - 1 - k
        hopped = blocks[:k] if k <= back else blocks[k + 1:]
        out = hdr | slots(blocks[k], s % b, s % b + 1)
        for block in hopped:
            out |= links(block)
        return out
    if op in ("to_list", "sum", "count"):
        return walk_lines(b, n, before) if n else hdr
    if op == "contains":
        if not n:
            return hdr
        where = items.index(arg) if arg in items else None
        return walk_lines(b, n, before, stop_at=where)
    raise AssertionError(op)


def run(dq, op, arg):
    if op == "get":
        return dq[arg]
    if op == "set":
        dq[arg] = 7
        return None
    if op == "contains":
        return arg in dq
    if op in ("append", "appendleft", "count"):
        return getattr(dq, op)(arg)
    return getattr(dq, op)()


TRACED_OPS = st.lists(st.tuples(
    st.sampled_from(["append", "append", "appendleft", "appendleft", "pop",
                     "popleft", "get", "set", "to_list", "sum", "count",
                     "contains"]),
    st.integers(-3, 3)), max_size=60)


@pytest.mark.parametrize("block_size", [1, 2, 5, 8, 13, 64])
@settings(max_examples=40, deadline=None, database=None)
@given(start=st.lists(st.integers(-3, 3), max_size=150), ops=TRACED_OPS)
def test_last_lines_follows_the_model(block_size, start, ops):
    dq = BlockedDeque(start, block_size=block_size, traced=True)
    for op, arg in ops:
        items = dq.to_list()
        if op in ("get", "set"):
            if not items:
                continue
            arg %= len(items)
        before = dq._layout()
        try:
            run(dq, op, arg)
        except IndexError:
            assert op in ("pop", "popleft") and not items
        want = expected_lines(block_size, items, op, arg, before, dq._layout())
        assert dq.last_lines == len(want), (op, arg)
        dq.check_invariants()
        assert dq.last_lines == len(want)       # looking is not traced


def test_pop_lines_from_every_slot():
    for b in (1, 2, 3, 8):
        for n in range(1, 3 * b + 3):
            for op in ("pop", "popleft"):
                for shift in range(b):
                    dq = BlockedDeque(range(n + shift), block_size=b,
                                      traced=True)
                    for _ in range(shift):
                        dq.popleft()
                    items, before = dq.to_list(), dq._layout()
                    want = expected_lines(b, items, op, None, before, None)
                    getattr(dq, op)()
                    assert dq.last_lines == len(want), (b, n, op, shift)
                    dq.check_invariants()


def test_walk_lines_of_full_blocks():
    # A walk touches, per block, the lines of bytes [a, a + 16 + 8b): for
    # 64-item blocks at most ceil((16 + 512 + 48) / 64) = 9 lines a block.
    dq = BlockedDeque(range(64 * 20), block_size=64, traced=True)
    assert dq.sum() == sum(range(64 * 20))
    want = len(walk_lines(64, len(dq), dq._layout()))
    assert dq.last_lines == want and 1 + 20 * 8 < want <= 1 + 20 * 9
    dq.to_list()
    assert dq.last_lines == want
    len(dq), list(dq), dq.check_invariants(), dq.block_count
    assert dq.last_lines == want              # looking is not traced


@pytest.mark.parametrize("layout", [1, 8, 64, 512, 4096])
def test_lines_kernel_within_the_model(layout):
    for n in (1, 100, 5_000):
        result = nd.lines(n, layout=layout)
        assert result.ok and result.n == n
        blocks = math.ceil(n / layout)
        # Each block: its bytes [a, a + 16 + 8*fill), malloc-aligned to 16,
        # and blocks may share boundary lines, so between these two:
        full, last = divmod(n, layout)
        fills = [layout] * full + ([last] if last else [])
        most = 1 + sum(math.ceil((16 + 8 * f + 48) / 64) for f in fills)
        least = 1 + math.ceil((16 * blocks + 8 * n) / 64)
        assert least <= result.iterate_lines <= most
        # Reading the middle: header, the links of each block hopped from,
        # the slot; small blocks can share lines, up to per_line a line.
        k = (n // 2) // layout
        hops = min(k, blocks - 1 - k)
        per_line = math.ceil(64 / (16 + 8 * layout))
        assert 1 + math.ceil((hops + 1) / per_line) <= result.index_lines
        assert result.index_lines <= 2 + hops
        if per_line == 1:
            assert result.index_lines == 2 + hops
        # Compare with a traced object holding the same number of items.
        dq = BlockedDeque(range(n), block_size=layout, traced=True)
        dq.sum()
        assert least <= dq.last_lines <= most
    assert nd.lines(0, layout=layout).iterate_lines == 1


def test_lines_kernel_ring_is_exact():
    for n in (0, 1, 7, 8, 9, 100, 4_096, 5_000):
        result = nd.lines(n, layout="ring")
        assert result.ok
        assert result.iterate_lines == 1 + math.ceil(n / 8)   # header + array
        assert result.index_lines == (2 if n else 0)
    assert nd.lines(4_096, layout="ring").lines_per_element == \
        pytest.approx(0.125, abs=0.001)


# ---------------------------------------------------------------------------
# Threads
# ---------------------------------------------------------------------------

def test_four_threads_hammer_one_deque():
    start = list(range(0, 3000, 7))
    dq = BlockedDeque(start, block_size=8)

    def step(rng: random.Random, op: int, value: int, pushed: list, popped: list) -> None:
        if op == 0:
            dq.append(value)
            pushed.append(value)
        elif op == 1:
            dq.appendleft(value)
            pushed.append(value)
        elif op in (2, 3):
            try:
                popped.append(dq.pop() if op == 2 else dq.popleft())
            except IndexError:
                pass
        elif op == 4:
            values = [value, value + 1, value + 2]
            dq.extend(values)
            pushed.extend(values)
        elif op == 5:
            dq.rotate(rng.randrange(-50, 50))
        elif op == 6:
            try:
                assert all(type(v) is int for v in dq)
            except RuntimeError:
                pass              # another thread changed it: fine
        elif op == 7:
            try:
                assert type(dq[rng.randrange(-5, 5)]) is int
            except IndexError:
                pass
        elif op == 8:
            dq.reverse()
        else:
            snapshot = dq.to_list()
            assert len(snapshot) >= 0 and value not in (None,)

    check_hammered(dq, start, numbered_step(10, step))


def test_threads_on_a_bounded_deque_keep_it_bounded():
    dq = BlockedDeque(maxlen=5, block_size=2)

    def step(seed: int, rng: random.Random, added: list, removed: list) -> None:
        rng.choice([dq.append, dq.appendleft])(rng.randrange(100))
        if rng.random() < 0.3:
            dq.rotate(rng.randrange(-7, 7))
        if rng.random() < 0.2:
            try:
                dq.popleft()
            except IndexError:
                pass

    errors, _ = hammer(step, seconds=0.3)
    assert not errors, errors
    dq.check_invariants()
    assert len(dq) <= 5


# ---- iterators pickle as deque's do; a bare __new__ is an empty deque ------

@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("taken", [0, 1, 3, 5, 6])
def test_iterator_pickles_where_it_stands(reverse, taken):
    items = [10, 20, 30, 40, 50]
    ours, ref = BlockedDeque(items, block_size=2), collections.deque(items)
    ours_it = reversed(ours) if reverse else iter(ours)
    ref_it = reversed(ref) if reverse else iter(ref)
    for _ in range(taken):
        assert next(ours_it, None) == next(ref_it, None)
    assert operator.length_hint(ours_it) == operator.length_hint(ref_it)
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        ours_back = pickle.loads(pickle.dumps(ours_it, proto))
        ref_back = pickle.loads(pickle.dumps(ref_it, proto))
        assert operator.length_hint(ours_back) == operator.length_hint(ref_back)
        assert list(ours_back) == list(ref_back)
    assert list(ours_it) == list(ref_it)        # the original is untouched


def test_iterator_pickle_carries_its_own_deque():
    d = BlockedDeque([1, 2, 3])
    it = iter(d)
    next(it)
    back = pickle.loads(pickle.dumps(it))
    d.append(4)                     # the original deque changed, not the copy
    assert list(back) == [2, 3]
    with pytest.raises(RuntimeError):
        next(it)


def test_length_hint_of_an_iterator_stopped_by_a_change():
    hints = []
    for r in (BlockedDeque([1, 2, 3]), collections.deque([1, 2, 3])):
        it = reversed(r)
        next(it)
        r.append(9)
        with pytest.raises(RuntimeError):
            next(it)
        hints.append(operator.length_hint(it))
        assert list(it) == []
    assert hints[0] == hints[1]


class SubDeque(BlockedDeque):
    """A subclass that pickles by name."""


@pytest.mark.parametrize("cls", [BlockedDeque, SubDeque])
def test_bare_new_is_an_empty_deque(cls):
    d = cls.__new__(cls)
    assert len(d) == 0 and list(d) == [] and d.maxlen is None
    d.append(1)
    d.appendleft(0)
    assert list(d) == [0, 1]
    d.check_invariants()
    assert list(pickle.loads(pickle.dumps(d))) == [0, 1]


# ---- subclasses copy and pickle as deque's do (CPython's test_deque) --------

def _subclasses(base):
    """The subclasses CPython's TestSubclass uses, built on ``base``; kept
    at module level under one name per base so that pickle finds them."""
    made = {}
    for name, body in (("Plain", {}),
                       ("Slotted", {"__slots__": ("x", "y", "__dict__")}),
                       ("BadIter", {"__iter__": lambda self: iter(1)})):
        cls = type(f"{name}{base.__name__}", (base,), dict(body))
        cls.__qualname__ = cls.__name__
        globals()[cls.__name__] = cls
        made[name] = cls
    return made


OURS, REF = _subclasses(BlockedDeque), _subclasses(collections.deque)


def _pickled_attributes(cls, items, maxlen, proto):
    d = cls(items, maxlen)
    d.x, d.z = ["x"], ["z"]
    back = pickle.loads(pickle.dumps(d, proto))
    deep = copy.deepcopy(d)
    return [(type(e).__name__[:4], list(e), e.maxlen, e.x, e.z, hasattr(e, "y"),
             e.x is d.x) for e in (back, deep)]


@pytest.mark.parametrize("kind", ["Plain", "Slotted"])
@pytest.mark.parametrize("maxlen", [None, 4])
def test_subclass_pickle_and_deepcopy_keep_attributes_like_deque(kind, maxlen):
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        ours = _pickled_attributes(OURS[kind], [1, 2, 3, 4, 5], maxlen, proto)
        ref = _pickled_attributes(REF[kind], [1, 2, 3, 4, 5], maxlen, proto)
        assert ours == ref


def test_subclass_pickle_uses_its_own_iter_and_keeps_self_references():
    for maxlen in (None, 2):
        for cls in (OURS["BadIter"], REF["BadIter"]):
            with pytest.raises(TypeError):
                pickle.dumps(cls([1, 2, 3], maxlen), 2)
    for cls in (OURS["Plain"], REF["Plain"]):
        d = cls([1])
        d.x = d
        back = pickle.loads(pickle.dumps(d, 2))
        assert back.x is back


def test_subclass_copy_calls_the_class_like_deque():
    calls = {BlockedDeque: [], collections.deque: []}

    def counted(base):
        class Counted(base):
            def __init__(self, *args):
                calls[base].append(len(args))
                super().__init__(*args)
        return Counted

    for base in calls:
        d = counted(base)([1, 2], 3)
        d.copy(), d + base([4]), d * 2, copy.copy(d)
    assert calls[BlockedDeque] == calls[collections.deque] == [2] * 5

    def broken(base):
        class X(base):
            pass
        d = X()
        X.__new__ = lambda cls, *args, **kwargs: [42]
        return d

    for op in (lambda d, base: d * 42, lambda d, base: d + base([1, 2, 3]),
               lambda d, base: d.copy()):
        ours = outcome(op, broken(BlockedDeque), BlockedDeque)
        ref = outcome(op, broken(collections.deque), collections.deque)
        assert ours == ("raised", TypeError, "X() must return a BlockedDeque, not list")
        assert ref == ("raised", TypeError, "X() must return a deque, not list")


def test_copy_of_a_subclass_keeps_block_size_and_tracing_for_its_own_init():
    mine = Mine([1, 2, 3], maxlen=5, block_size=2)
    for twin in (mine.copy(), copy.deepcopy(mine), pickle.loads(pickle.dumps(mine))):
        assert type(twin) is Mine and twin.to_list() == [1, 2, 3]
        assert twin.maxlen == 5 and twin.block_size == 2


# ---- CPython's rules that test_deque checks with stored objects, turned
# round so that the items are ints and the foreign object is the value ------

class _ChangesTheDeque:
    """A value whose == changes the deque it is compared against."""

    def __init__(self, deque, change, result):
        self.deque, self.change, self.result = deque, change, result

    def __eq__(self, other):
        self.change(self.deque)
        return self.result

    __hash__ = None


_CHANGES = {"clear": lambda d: d.clear(), "pop": lambda d: d.pop(),
            "append": lambda d: d.append(7), "rotate": lambda d: d.rotate(1)}


@pytest.mark.parametrize("change", sorted(_CHANGES))
@pytest.mark.parametrize("result", [False, True])
@pytest.mark.parametrize("method", ["in", "count", "index", "remove"])
def test_a_comparison_that_changes_the_deque_is_caught_like_deque(change, result,
                                                                   method):
    def run(base):
        d = base(range(10))
        value = _ChangesTheDeque(d, _CHANGES[change], result)
        call = ((lambda: value in d) if method == "in"
                else (lambda: getattr(d, method)(value)))
        return outcome(call), list(d)

    assert run(BlockedDeque) == run(collections.deque)


def test_foreign_values_are_compared_like_deque():
    class Equal:
        def __init__(self, answer):
            self.answer = answer

        def __eq__(self, other):
            if self.answer is None:
                raise ArithmeticError
            return self.answer

    for value in (Equal(True), Equal(False), Equal(None), 2.0, Decimal(2),
                  2**70, "2"):
        for call in (lambda d: value in d, lambda d: d.count(value),
                     lambda d: d.index(value), lambda d: d.index(value, 2),
                     lambda d: (d.remove(value), list(d))):
            assert (outcome(call, BlockedDeque([1, 2, 3, 2]))
                    == outcome(call, collections.deque([1, 2, 3, 2])))


@pytest.mark.parametrize("walk", [iter, reversed])
def test_iterator_types_can_be_built_directly_like_deques(walk):
    # test_deque's test_reversed_new: type(reversed(d))(d) walks d backwards,
    # and an index skips that many items first, as a pickled iterator does.
    ours, ref = type(walk(BlockedDeque())), type(walk(collections.deque()))
    for items in ([], [1, 2, 3], range(200)):
        for skip in ((), (0,), (1,), (5,), (-1,), (2**70,)):
            assert (outcome(lambda: list(ours(BlockedDeque(items, block_size=3), *skip)))
                    == outcome(lambda: list(ref(collections.deque(items), *skip))))
    assert outcome(ours, [1, 2]) == ("raised", TypeError,
                                     "argument 1 must be BlockedDeque, not list")
    assert outcome(ref, [1, 2]) == ("raised", TypeError,
                                    "argument 1 must be collections.deque, not list")
    assert outcome(ours, BlockedDeque([1]), "x") == outcome(ref, collections.deque([1]), "x")
