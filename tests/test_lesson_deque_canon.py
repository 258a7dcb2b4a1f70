"""The deque lesson's canon steps: the ring-buffer deque they race, and every
claim of the steps driven both ways with injected figures (no timing here)."""

from __future__ import annotations

import functools
import random
from collections import deque

import pytest

from dsa.lessons import deque as lesson
from dsa.lessons import deque_canon, questions, runner
from dsa.lessons.deque_canon import (BoundedRow, RingDeque, RingRow, RotateRow,
                                     SparesRow, growth_copies, per_item_runs)

from helpers import claim_texts, lesson_context


ctx = functools.partial(lesson_context, width=80)


def texts(claim: str) -> runner.ClaimText:
    return claim_texts("deque", claim)


def chosen(claim: str, verdict: runner.Verdict) -> str:
    """The text the verdict chooses, on one line."""
    return " ".join(runner.claim_text(texts(claim), verdict).split())


# ---------------------------------------------------------------------------
# RingDeque, the ring buffer the lesson races against the blocks


def test_ring_deque_behaves_as_a_deque_through_growth():
    rng = random.Random(7)
    ring, ref = RingDeque(capacity=1), deque()
    adds, takes = ("append", "appendleft"), ("pop", "popleft")
    for step in range(5_000):
        name = rng.choice(adds + takes + ("read",))
        if name in adds:
            getattr(ring, name)(step)
            getattr(ref, name)(step)
        elif ref and name in takes:
            assert getattr(ring, name)() == getattr(ref, name)()
        elif ref:
            i = rng.randrange(-len(ref), len(ref))
            assert ring[i] == ref[i]
        assert len(ring) == len(ref)
    assert list(ring) == list(ref)
    assert len(ring.slots) == ring.mask + 1 >= len(ref)


def test_ring_deque_refuses_what_deque_refuses():
    ring = RingDeque()
    for pop in (ring.pop, ring.popleft):
        with pytest.raises(IndexError):
            pop()
    ring.append(1)
    for index in (1, -2):
        with pytest.raises(IndexError):
            ring[index]
    with pytest.raises(ValueError):
        RingDeque(capacity=6)


def test_growth_copies_are_the_doubling_sum():
    # 100,000 appends from 8 slots: growths at 8, 16, ..., 65,536 items
    assert growth_copies(100_000) == sum(8 * 2 ** k for k in range(14)) == 131_064
    assert growth_copies(8) == 0 and growth_copies(9) == 8
    assert RingDeque(range(100_000)).copied == 131_064


def test_calibrated_runs_repeat_short_work():
    calls = []
    runs = per_item_runs(lambda: calls.append(1), 1, repeat=2, least=0.002)
    assert len(runs) == 2 and all(r > 0 for r in runs)
    assert len(calls) > 10            # sizing calls and two runs of many passes


def test_per_item_runs_use_the_lessons_clock(monkeypatch):
    # The same clock as every other figure (time.perf_counter): a fake one
    # that advances 0.5 s a reading makes each one-pass run 0.5 s.
    ticks = iter(range(100))
    monkeypatch.setattr(deque_canon.time, "perf_counter", lambda: next(ticks) * 0.5)
    monkeypatch.setattr(deque_canon.time, "process_time", lambda: 0.0)
    assert per_item_runs(lambda: None, 5, repeat=3) == (0.1, 0.1, 0.1)


# ---------------------------------------------------------------------------
# The claims, both ways


def ring_shared(*, reads=((1e-7,) * 3, (1e-5,) * 3), queue=((3e-7,) * 3, (3e-7,) * 3),
                copied=131_064, n=100_000) -> dict:
    return {"ring_deque": {
        "n": n, "copied": copied,
        "d[i] in the middle half": RingRow("d[i] in the middle half", *reads),
        "queue (append + popleft)": RingRow("queue (append + popleft)", *queue)}}


def test_ring_claims_both_ways():
    assert lesson.ring_indexes_in_constant_time(ctx(**ring_shared())).holds is True
    close = ring_shared(reads=((1e-7,) * 3, (1.5e-7,) * 3))
    assert lesson.ring_indexes_in_constant_time(ctx(**close)).holds is False
    noisy = ring_shared(reads=((1e-7, 1e-6), (2e-6, 3e-6)))
    assert lesson.ring_indexes_in_constant_time(ctx(**noisy)).holds is None

    assert lesson.ring_queue_like_blocks(ctx(**ring_shared())).holds is True
    slow_ring = lesson.ring_queue_like_blocks(ctx(**ring_shared(
        queue=((9e-7,) * 3, (3e-7,) * 3))))
    assert slow_ring.holds is False
    text = chosen("ring_queue_like_blocks", slow_ring)
    assert "BlockedDeque was clearly ahead" in text and "3.00x" in text
    fast_ring = lesson.ring_queue_like_blocks(ctx(**ring_shared(
        queue=((1e-7,) * 3, (3e-7,) * 3))))
    assert fast_ring.holds is False and "the ring was clearly ahead" in chosen(
        "ring_queue_like_blocks", fast_ring)
    straddles = ring_shared(queue=((3e-7, 6e-7), (3e-7, 3e-7)))
    assert lesson.ring_queue_like_blocks(ctx(**straddles)).holds is None

    assert lesson.ring_copies_under_two(ctx(**ring_shared())).holds is True
    wrong = lesson.ring_copies_under_two(ctx(**ring_shared(copied=250_000)))
    assert wrong.holds is False and "bug" in chosen("ring_copies_under_two", wrong)


def spares_shared(kept_fresh=0, dropped_fresh=4_000, kept=(4e-7,) * 3,
                  dropped=(4.1e-7,) * 3) -> dict:
    return {"spares": {"block": 64,
                       "kept": SparesRow("CountingBlocks", 1_000, 256_000, kept_fresh, kept),
                       "dropped": SparesRow("NoSpares", 1_000, 256_000, dropped_fresh,
                                            dropped)}}


def test_spares_claims_both_ways():
    exact = lesson.spares_allocate_nothing(ctx(**spares_shared()))
    assert exact.holds is True
    assert "allocated 0 blocks while 256,000 items" in chosen("spares_allocate_nothing", exact)
    assert "4,000, one for every 64" in chosen("spares_allocate_nothing", exact)
    assert lesson.spares_allocate_nothing(ctx(**spares_shared(kept_fresh=3))).holds is False
    assert lesson.spares_allocate_nothing(
        ctx(**spares_shared(dropped_fresh=2_000))).holds is False

    assert lesson.spares_save_little_time(ctx(**spares_shared())).holds is True
    slow = lesson.spares_save_little_time(ctx(**spares_shared(dropped=(8e-7,) * 3)))
    assert slow.holds is False and "2.00x slower" in chosen("spares_save_little_time", slow)
    noisy = spares_shared(kept=(3e-7, 5e-7), dropped=(4e-7, 4.5e-7))
    assert lesson.spares_save_little_time(ctx(**noisy)).holds is None


def bounded_shared(small=(1.5e-8,) * 3, big=(1.5e-8,) * 3, lst=(2e-6,) * 3) -> dict:
    return {"bounded": [BoundedRow(16, small, (4e-8,) * 3, (4e-7,) * 3),
                        BoundedRow(1_024, small, (9e-8,) * 3, (4e-7,) * 3),
                        BoundedRow(16_384, big, lst, (4e-7,) * 3)]}


def test_maxlen_claims_both_ways():
    flat = lesson.maxlen_cost_flat(ctx(**bounded_shared()))
    assert flat.holds is True and "k = 16 to k = 16,384" in chosen("maxlen_cost_flat", flat)
    grew = lesson.maxlen_cost_flat(ctx(**bounded_shared(big=(6e-8,) * 3)))
    assert grew.holds is False and "4.00x" in chosen("maxlen_cost_flat", grew)
    noisy = bounded_shared(big=(1.5e-8, 9e-8))
    assert lesson.maxlen_cost_flat(ctx(**noisy)).holds is None

    grows = lesson.maxlen_list_grows(ctx(**bounded_shared()))
    assert grows.holds is True and "133x" in chosen("maxlen_list_grows", grows)
    kept_up = lesson.maxlen_list_grows(ctx(**bounded_shared(lst=(3e-8,) * 3)))
    assert kept_up.holds is False and "only 2.00x" in chosen("maxlen_list_grows", kept_up)


def rotate_shared(*, one=(1e-6,) * 3, last=(1.1e-6,) * 3, thousand=(2e-5,) * 3,
                  half=(1e-2,) * 3, n=1_000_000) -> dict:
    same = (1e-7,) * 3
    return {"rotate": [RotateRow(n, 1, same, one), RotateRow(n, 1_000, same, thousand),
                       RotateRow(n, n // 2, same, half), RotateRow(n, n - 1, same, last)]}


def test_rotate_claims_both_ways():
    short = lesson.rotate_the_short_way(ctx(**rotate_shared()))
    assert short.holds is True
    assert "by 999,999 cost about what" in chosen("rotate_the_short_way", short)
    assert lesson.rotate_the_short_way(ctx(**rotate_shared(last=(1e-5,) * 3))).holds is False
    assert lesson.rotate_the_short_way(ctx(**rotate_shared(last=(1e-7,) * 3))).holds is False
    assert lesson.rotate_the_short_way(
        ctx(**rotate_shared(last=(1e-6, 5e-6)))).holds is None

    far = lesson.rotate_grows_with_distance(ctx(**rotate_shared()))
    assert far.holds is True
    assert "500 times as many" in chosen("rotate_grows_with_distance", far)
    flat = lesson.rotate_grows_with_distance(ctx(**rotate_shared(half=(4e-5,) * 3)))
    assert flat.holds is False and "only 2.00x" in chosen("rotate_grows_with_distance", flat)


@pytest.mark.parametrize("claim", [
    "ring_indexes_in_constant_time", "ring_queue_like_blocks", "ring_copies_under_two",
    "spares_allocate_nothing", "spares_save_little_time", "maxlen_cost_flat",
    "maxlen_list_grows", "rotate_the_short_way", "rotate_grows_with_distance"])
def test_a_claim_without_its_experiment_is_not_measured(claim):
    verdict = lesson.hooks.get("claim", claim)(ctx())
    assert verdict.holds is None and "not measured" in verdict.evidence


# ---------------------------------------------------------------------------
# The questions asked before the new experiments read the same figures


def test_questions_read_the_injected_figures():
    asked = questions.questions_for("deque")
    shared = {**ring_shared(), **spares_shared(), **bounded_shared(), **rotate_shared()}
    expected = {"ring_deque": 0,          # the ring reads faster
                "spare_blocks": 1,        # about one block per 64 items
                "bounded_buffer": 2,      # 133x: between 30x and 300x
                "rotate_cost": 2}         # rotate(1) and rotate(n - 1) about the same
    for experiment, choice in expected.items():
        (question,) = asked[experiment]
        measured, figures = question.measure(shared)
        assert measured == choice, (experiment, figures)
        assert figures
