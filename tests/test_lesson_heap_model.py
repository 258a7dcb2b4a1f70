"""The heap lesson's cost-model step: its unit prices read from a run's
figures, and its three claims driven both ways with injected figures."""

from __future__ import annotations

import re

import pytest

from dsa.lessons import cost_model as cm
from dsa.lessons import heap, heap_model, runner
from dsa.lessons.figures import Ratio

from helpers import lesson_context as ctx

N = 100_000
BUILD_N = 1_000_000
SWAPS = 17_951_445


def model(now: cm.UnitCosts | None, *, drain_now: float | None = None,
          build_now: float | None = None, build_ratio: Ratio | None = None,
          pub: cm.UnitCosts | None = None, build_pub: float = 322.7 / 21.0) -> dict:
    """What the experiment leaves in ctx.shared, from injected prices."""
    pub = pub or cm.published_costs()
    predictions = cm.heap_predictions(pub, now, drain_n=N, drain_now=drain_now,
                                      build_n=BUILD_N, build_swaps=SWAPS,
                                      build_pub=build_pub, build_now=build_now)
    return {"pub": pub, "now": now, "predictions": predictions, "shift_big": None,
            "build_ratio": build_ratio}


def modelled(now: cm.UnitCosts) -> tuple[float, float]:
    """The model's own drain and build ratios for prices ``now``."""
    drain = cm.insort_drain(N, now) / cm.heap_drain(N, now)
    build = cm.push_build(BUILD_N, SWAPS, now) / cm.heapify_build(BUILD_N, now)
    return drain, build


# Prices like this machine's: memory about 3x cheaper, the interpreter a bit.
HERE = cm.UnitCosts(call=30e-9, compare=9e-9, level=12e-9, shift=0.17e-9)


def texts() -> dict:
    return runner.parse(runner.load_text("heap")).claims


def chosen(name: str, verdict) -> str:
    text = runner.claim_text(texts()[name], verdict)
    assert not re.search(r"\{[a-z_]+\}", text), text      # every field filled
    return text


def test_the_published_side_fits_the_article():
    verdict = heap_model.model_fits_article(ctx(cost_model=model(None)))
    assert verdict.holds is True
    # the drain: 33.8x modelled against the article's 25.4x
    assert verdict.values["drain_model"] == "33.8x"
    assert verdict.values["drain_pub"] == "25.4x"
    assert "25.4x" in chosen("model_fits_article", verdict)


def test_the_published_side_misses_when_a_ratio_is_far_off():
    verdict = heap_model.model_fits_article(ctx(cost_model=model(None, build_pub=50.0)))
    assert verdict.holds is False
    assert float(verdict.values["worst"].rstrip("x")) > 3
    assert "seams" in chosen("model_fits_article", verdict)


def test_this_machine_fits_when_the_measurements_follow_the_prices():
    drain, build = modelled(HERE)
    found = model(HERE, drain_now=drain * 1.1, build_now=build * 0.9,
                  build_ratio=Ratio.exact(build * 0.9))
    verdict = heap_model.model_fits_here(ctx(cost_model=found))
    assert verdict.holds is True
    assert "account for both" in chosen("model_fits_here", verdict)


def test_this_machine_misses_when_a_measurement_is_far_from_the_model():
    drain, build = modelled(HERE)
    found = model(HERE, drain_now=drain, build_now=build / 2.5,
                  build_ratio=Ratio(build / 2.5, build / 2.6, build / 2.4))
    found["drain_shift"] = 0.34e-9
    verdict = heap_model.model_fits_here(ctx(cost_model=found))
    assert verdict.holds is False
    text = chosen("model_fits_here", verdict)
    assert "no single price" in text and "0.17 ns when this step" in text
    assert "0.34 ns inside the drain race" in text


def test_this_machine_cannot_tell_between_fit_and_miss_or_when_noisy():
    drain, build = modelled(HERE)
    between = model(HERE, drain_now=drain * 1.7, build_now=build,
                    build_ratio=Ratio.exact(build))
    assert heap_model.model_fits_here(ctx(cost_model=between)).holds is None
    noisy = model(HERE, drain_now=drain, build_now=build / 2.5,
                  build_ratio=Ratio(build / 2.5, build / 6, build))
    verdict = heap_model.model_fits_here(ctx(cost_model=noisy))
    assert verdict.holds is None
    assert "spread too far" in chosen("model_fits_here", verdict)


def test_the_drain_ratio_moves_the_way_the_prices_say():
    drain, _ = modelled(HERE)
    pub_drain = 1.39 / 54.8e-3
    # cheaper shifting here: the model says the ratio falls; measured, it fell
    verdict = heap_model.drain_ratio_moved_by_shift(
        ctx(cost_model=model(HERE, drain_now=pub_drain / 2.2, build_now=10.0)))
    assert verdict.holds is True and verdict.values["direction"] == "fell"
    assert verdict.values["shift_x"] == "0.33x"
    text = chosen("drain_ratio_moved_by_shift", verdict)
    assert "0.17 ns here" in text and "0.51 ns" in text


def test_the_drain_ratio_moving_against_the_prices_differs():
    pub_drain = 1.39 / 54.8e-3
    verdict = heap_model.drain_ratio_moved_by_shift(
        ctx(cost_model=model(HERE, drain_now=pub_drain * 2, build_now=10.0)))
    assert verdict.holds is False and verdict.values["direction"] == "rose"
    assert "the other way" in chosen("drain_ratio_moved_by_shift", verdict)


def test_a_drain_ratio_that_barely_moved_cannot_tell():
    pub_drain = 1.39 / 54.8e-3
    verdict = heap_model.drain_ratio_moved_by_shift(
        ctx(cost_model=model(HERE, drain_now=pub_drain * 1.1, build_now=10.0)))
    assert verdict.holds is None and "barely moved" in verdict.evidence
    assert "do not settle it" in chosen("drain_ratio_moved_by_shift", verdict)


def test_a_drain_ratio_the_model_explains_only_in_part_cannot_tell():
    pub_drain = 1.39 / 54.8e-3
    # the prices say about 0.47x; the ratio fell to a fifth
    verdict = heap_model.drain_ratio_moved_by_shift(
        ctx(cost_model=model(HERE, drain_now=pub_drain / 5, build_now=10.0)))
    assert verdict.holds is None and "only part" in verdict.evidence
    assert "do not settle it" in chosen("drain_ratio_moved_by_shift", verdict)


@pytest.mark.parametrize("claim", ["model_fits_here", "drain_ratio_moved_by_shift"])
def test_claims_about_this_machine_need_its_prices(claim):
    verdict = heap.hooks.get("claim", claim)(ctx(cost_model=model(None)))
    assert verdict.holds is None and "not measured" in verdict.evidence


def test_this_machines_prices_come_from_the_race_and_the_build():
    shared = {"drain_race": {"plain": 0.6, "plain_n": 10_000, "insort": 0.4,
                             "heapq": 0.04, "n": N, "growth": 4.0},
              "heapq_build": ([0.03] * 3, [0.40, 0.39, 0.41], 0.03)}
    now = heap_model.this_machine_costs(shared, call=30e-9, shift=0.2e-9)
    assert now is not None
    assert now.compare == pytest.approx(0.6 / cm.plain_drain_compares(10_000))
    assert now.level == pytest.approx((0.40 - BUILD_N * 30e-9) / SWAPS)
    assert now.call == 30e-9 and now.shift == 0.2e-9
    assert heap_model.this_machine_costs({}, call=1e-9, shift=1e-9) is None


def test_the_shift_the_drain_implies_leaves_out_its_calls_and_searches():
    u = cm.UnitCosts(call=30e-9, compare=9e-9, level=12e-9, shift=0.5e-9)
    assert heap_model.drain_shift(cm.insort_drain(N, u), u) == pytest.approx(0.5e-9)
    assert heap_model.drain_shift(0.0, u) == 0.0


def test_the_step_prints_both_machines_from_injected_race_and_build(monkeypatch):
    # The shift price is timed live; fixed here so that load cannot make it
    # come out at zero (measure_shift clamps a negative difference to 0).
    monkeypatch.setattr(cm, "measure_shift", lambda *args, **kwargs: 0.5e-9)
    shared = {"drain_race": {"plain": 0.6, "plain_n": 10_000, "insort": 0.4,
                             "heapq": 0.04, "n": N, "growth": 4.0},
              "heapq_build": ([0.03] * 3, [0.40, 0.39, 0.41], 0.03)}
    context = ctx(**shared)
    context.quick = True
    heap_model.cost_model(context)
    out = context.console.file.getvalue()
    found = context.shared["cost_model"]
    assert found["now"] is not None and found["now"].shift == 0.5e-9
    drain, build = found["predictions"]
    assert drain.measured_now == pytest.approx(10.0)
    assert build.measured_now == pytest.approx(0.40 / 0.03)
    assert "33.8x" in out and "25.4x" in out and "15.4x" in out
    assert "Where the time goes" in out
    assert found["drain_shift"] == pytest.approx(
        heap_model.drain_shift(0.4, found["now"]))


def test_the_step_without_the_race_prints_the_published_side_only():
    context = ctx()
    context.quick = True
    heap_model.cost_model(context)
    out = context.console.file.getvalue()
    assert context.shared["cost_model"]["now"] is None
    assert "Only the published side" in out and "33.8x" in out


def test_where_the_time_goes_says_what_the_two_shift_prices_show():
    pub = cm.published_costs()
    dearer = heap_model.where_time_goes(pub, HERE, shift_big=0.34e-9).plain
    assert "2.00x as much a pointer" in dearer and "further from the core" in dearer
    same = heap_model.where_time_goes(pub, HERE, shift_big=0.18e-9).plain
    assert "about the same a pointer" in same
    share = cm.insort_drain_shifts(N) * HERE.shift / cm.insort_drain(N, HERE)
    assert f"shifting is {share:.0%} of insort's drain here" in same
