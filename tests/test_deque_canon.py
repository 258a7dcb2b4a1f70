"""The deque lesson's canon: bounded buffers, rotate and spare blocks."""

from collections import deque

import pytest

from dsa.deque import BlockedDeque
from dsa.lessons import deque_canon as dc


@pytest.mark.parametrize("k", [1, 3, 10, 50])
def test_both_buffers_keep_the_last_k(k):
    stream = list(range(37))
    assert dc.last_k_deque(stream, k) == dc.last_k_list(stream, k) == stream[-k:]
    assert dc.last_k_blocked(stream, k) == stream[-k:]


def test_bounded_buffer_rows():
    rows = dc.bounded_buffer((5, 50), 500, repeat=1)
    assert [r.k for r in rows] == [5, 50]
    assert all(r.deque_s > 0 and r.list_s > 0 for r in rows)
    assert all(len(r.blocked_runs) == 1 and r.blocked_s > 0 for r in rows)
    longer = dc.bounded_buffer((5,), 500, repeat=3, least=0.001)
    assert len(longer[0].deque_runs) == 3


def test_rotate_cost_leaves_both_deques_as_they_were():
    rows = dc.rotate_cost(1000, (1, 10, 500), turns=2, repeat=1)
    assert [(r.n, r.steps) for r in rows] == [(1000, 1), (1000, 10), (1000, 500)]
    assert all(r.deque_s > 0 and r.blocked_s > 0 for r in rows)


@pytest.mark.parametrize("cls", [dc.CountingBlocks, dc.NoSpares])
def test_counting_deques_behave_as_deques(cls):
    q, ref = cls(block_size=4), deque()
    for i in range(50):
        q.append(i)
        ref.append(i)
        if i % 3 == 0:
            assert q.popleft() == ref.popleft()
    q.rotate(7)
    ref.rotate(7)
    assert list(q) == list(ref)
    q.check_invariants()


def test_spares_save_one_allocation_per_block_of_traffic():
    kept, dropped = dc.spares(100, 6_400, block_size=64, repeat=1)
    assert kept.fresh_blocks == 0                   # the spare is reused
    assert dropped.fresh_blocks == 6_400 // 64      # one block per 64 passes
    assert kept.kind == "CountingBlocks" and dropped.kind == "NoSpares"


def test_counting_blocks_counts_growth():
    q = dc.CountingBlocks(block_size=8)
    q.extend(range(8 * 10))
    assert q.fresh >= 10
    assert isinstance(q, BlockedDeque)


def test_ring_vs_blocks_times_three_operations_on_equal_deques():
    rows, copied = dc.ring_vs_blocks(2_000, 500, 50, repeat=2)
    assert [r.what for r in rows] == ["queue (append + popleft)",
                                      "d[i] in the middle half", "walk (for x in d)"]
    assert all(len(r.ring_runs) == len(r.blocked_runs) == 2 for r in rows)
    assert all(r.ring_s > 0 and r.blocked_s > 0 for r in rows)
    assert copied == dc.growth_copies(2_000) == 8 + 16 + 32 + 64 + 128 + 256 + 512 + 1024
