"""The linked-list lesson's front-insert experiment: which list sizes it
times in each mode (the timings themselves are replaced)."""

from __future__ import annotations

import pytest

from dsa.lessons import linkedlist_ops as lo

from helpers import lesson_context as ctx


@pytest.mark.parametrize("quick, sizes", [(True, [100_000]),
                                          (False, [1_000_000, 100_000])])
def test_front_insert_times_each_list_size_once(monkeypatch, quick, sizes):
    timed = []

    def fake_front_insert(n, ops):
        timed.append(n)
        return 1e-4
    monkeypatch.setattr(lo, "list_front_insert", fake_front_insert)
    monkeypatch.setattr(lo, "appendleft_cost", lambda d, n, ops: 5e-8)
    monkeypatch.setattr(lo, "_dsa_list", lambda context, n: object())
    monkeypatch.setattr(lo, "in_c", lambda *args: None)
    context = ctx(quick=quick)
    lo.front_insert(context)
    assert timed == sizes
    assert context.shared["front_insert"] == (1e-4, 5e-8)
