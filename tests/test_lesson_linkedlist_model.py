"""The linked-list lesson's cost-model step: its prices read from a run's
figures, and its two claims driven both ways with injected figures."""

from __future__ import annotations

import re

import pytest

from dsa.lessons import cost_model as cm
from dsa.lessons import linkedlist as ll
from dsa.lessons import linkedlist_model as lm
from dsa.lessons import linkedlist_tlb as tlb
from dsa.lessons import runner
from dsa.lessons.figures import Ratio

from helpers import claim_texts, lesson_context as ctx

MIB = 1 << 20

# Prices like a virtual machine's: far loads dear, the bus a little slower.
HERE = cm.WalkCosts(far=400e-9, loop=0.3e-9, bandwidth=8e9, visit=20e-9,
                    visit_far=200e-9, page_walk=150e-9)


def found(now: cm.WalkCosts | None, *, chase: Ratio | None = None,
          shuffled: Ratio | None = None) -> dict:
    """What the experiment leaves in ctx.shared, from injected prices."""
    pub = cm.published_walk_costs()
    predictions = cm.walk_predictions(
        pub, now, chase_now=chase.median if chase else None,
        shuffled_now=shuffled.median if shuffled else None)
    return {"pub": pub, "now": now, "predictions": predictions, "chase": chase,
            "shuffled": shuffled}


def chosen(name: str, verdict) -> str:
    text = runner.claim_text(claim_texts("linkedlist", name), verdict)
    assert not re.search(r"\{[a-z_]+\}", text), text      # every field filled
    return " ".join(text.split())


def test_the_published_side_fits_the_article():
    verdict = ll.ratio_model_fits_article(ctx(ratio_model=found(None)))
    assert verdict.holds is True
    assert verdict.values["chase_model"] == "131x"
    assert verdict.values["shuffled_model"] == "6.51x"
    assert verdict.values["shuffled_pub"] == "5.99x"
    assert "within a factor of 1.09x" in chosen("ratio_model_fits_article", verdict)


def test_the_published_side_misses_when_its_prices_are_far_off():
    data = found(None)
    data["pub"] = cm.WalkCosts(far=81.5e-9, loop=None, bandwidth=8 / 0.62e-9,
                               visit=10e-9, visit_far=81.5e-9)
    data["predictions"] = cm.walk_predictions(data["pub"], None, chase_now=None,
                                              shuffled_now=None)
    verdict = ll.ratio_model_fits_article(ctx(ratio_model=data))
    assert verdict.holds is False          # (10 + 244.5) / 10 = 25x against 6x
    assert "a miss of up to 4.25x" in chosen("ratio_model_fits_article", verdict)


def test_this_machine_fits_when_the_measurements_follow_the_prices():
    chase = cm.chase_vs_stream(HERE)                      # 400 / 1.0
    shuffled = cm.shuffled_vs_in_order(HERE)              # (20 + 600) / 20
    assert (chase, shuffled) == pytest.approx((400.0, 31.0))
    data = found(HERE, chase=Ratio.exact(chase * 1.2), shuffled=Ratio.exact(shuffled / 1.3))
    verdict = ll.ratio_model_fits_here(ctx(ratio_model=data))
    assert verdict.holds is True
    text = chosen("ratio_model_fits_here", verdict)
    assert "explain both ratios" in text and "400.00 ns" in text and "1.00 ns" in text


def test_this_machine_misses_and_says_what_the_model_leaves_out():
    # measured 11x: 200 ns of memory a visit where the model has 600 ns
    data = found(HERE, chase=Ratio.exact(400.0), shuffled=Ratio(11.0, 10.5, 11.5))
    verdict = ll.ratio_model_fits_here(ctx(ratio_model=data))
    assert verdict.holds is False
    assert verdict.values["chains"] == "3.0"
    text = chosen("ratio_model_fits_here", verdict)
    assert "about 3.0 chains going at once, where the article's figures give 1.1" in text
    assert "loop (0.30 ns) and the bus (1.00 ns)" in text
    data["seq"] = 1.4e-9
    text = chosen("ratio_model_fits_here", ll.ratio_model_fits_here(ctx(ratio_model=data)))
    assert "giving 1.00 ns, where the ladder's walk took 1.40 ns" in text


def test_this_machine_cannot_tell_between_fit_and_miss_or_when_noisy():
    between = found(HERE, chase=Ratio.exact(400.0), shuffled=Ratio.exact(31.0 / 1.7))
    verdict = ll.ratio_model_fits_here(ctx(ratio_model=between))
    assert verdict.holds is None
    assert "between a fit and a clear miss" in chosen("ratio_model_fits_here", verdict)
    noisy = found(HERE, chase=Ratio(150.0, 60.0, 400.0), shuffled=Ratio.exact(31.0))
    verdict = ll.ratio_model_fits_here(ctx(ratio_model=noisy))
    assert verdict.holds is None
    text = chosen("ratio_model_fits_here", verdict)
    assert "spread too far to tell (random chase / sequential walk measured 150x" in text
    # as wide, but all of the range far below the model: a miss all the same
    beyond = found(HERE, chase=Ratio(40.0, 20.0, 100.0), shuffled=Ratio.exact(31.0))
    assert ll.ratio_model_fits_here(ctx(ratio_model=beyond)).holds is False


@pytest.mark.parametrize("claim", ["ratio_model_fits_article", "ratio_model_fits_here"])
def test_claims_need_the_step(claim):
    verdict = ll.hooks.get("claim", claim)(ctx())
    assert verdict.holds is None and "not measured" in verdict.evidence


def test_the_here_claim_needs_this_machines_prices():
    verdict = ll.ratio_model_fits_here(ctx(ratio_model=found(None)))
    assert verdict.holds is None and "not measured" in verdict.evidence


def ladder() -> ll.LadderFigures:
    return ll.LadderFigures((16 << 10, 32 * MIB, 64 * MIB), (1.0, 100.0, 300.0),
                            (1.0, 1.1, 0.9), (300.0, 310.0, 290.0), (0.5, 0.6, 0.4))


def test_this_machines_prices_come_from_the_ladder_and_the_visits():
    visits = ([20e-9, 21e-9, 19e-9], [100e-9, 90e-9, 110e-9])
    now = lm.this_machine_walk_costs(ladder(), visits, 500_000, loop=0.3e-9,
                                     bandwidth=10e9)
    assert now.far == pytest.approx(300e-9) and now.visit == pytest.approx(20e-9)
    # 500,000 visits over 80 bytes each: 40 MB, between the 32 and 64 MiB rungs
    ws = 500_000 * cm.VISIT_BYTES
    assert now.visit_far == pytest.approx(ll.latency_at(
        (16 << 10, 32 * MIB, 64 * MIB), (1.0, 100.0, 300.0), ws) * 1e-9)
    assert 100e-9 < now.visit_far < 300e-9 and now.page_walk is None
    # a noisy ladder whose middle rung beats its top: the far load caps it
    bumpy = ll.LadderFigures((16 << 10, 32 * MIB, 64 * MIB), (1.0, 500.0, 300.0),
                             (1.0,), (300.0,), (0.5,))
    capped = lm.this_machine_walk_costs(bumpy, visits, 500_000, loop=0.3e-9,
                                        bandwidth=10e9)
    assert capped.visit_far == pytest.approx(300e-9)


def tlb_figures(small: tuple, huge: tuple, share: float = 1.0) -> tlb.TlbFigures:
    return tlb.TlbFigures((4 * MIB, 64 * MIB), (60.0, small[0]), (55.0, huge[0]),
                          share, small, huge, "madvise")


@pytest.mark.parametrize("figures, walk", [
    (tlb_figures((400.0,) * 3, (250.0,) * 3), 150e-9),
    (tlb_figures((400.0,) * 3, (250.0,) * 3, share=0.2), None),   # huge pages refused
    (tlb_figures((300.0,) * 3, (420.0,) * 3), None),              # noise, not a walk
])
def test_the_page_walk_is_the_part_huge_pages_took_off(figures, walk):
    visits = ([20e-9] * 3, [100e-9] * 3)
    now = lm.this_machine_walk_costs(ladder(), visits, 500_000, loop=0.3e-9,
                                     bandwidth=10e9, tlb=figures)
    assert now.page_walk == (None if walk is None else pytest.approx(walk))
    chase, shuffled = lm.measured_ratios({"ladder": ladder(), "python_shuffled": visits})
    assert chase.median == pytest.approx(600.0)
    assert shuffled.median == pytest.approx(5.0)
    assert lm.measured_ratios({}) == (None, None)


def test_the_step_without_the_earlier_steps_prints_the_published_side_only():
    context = ctx()
    context.quick = True
    lm.ratio_model(context)
    out = " ".join(context.console.file.getvalue().split())
    assert context.shared["ratio_model"]["now"] is None
    assert "Only the published side" in out and "131x" in out and "6.51x" in out


def test_the_step_prints_both_machines_from_injected_ladder_and_visits():
    import dsa.native

    if not dsa.native.available:
        pytest.skip("C twins not built")
    visits = ([20e-9] * 3, [100e-9] * 3)
    # the visits' own size, as the shuffled-array step recorded it
    context = ctx(ladder=ladder(), python_shuffled=visits, python_shuffled_n=123_456)
    context.quick = True
    lm.ratio_model(context)
    out = " ".join(context.console.file.getvalue().split())
    data = context.shared["ratio_model"]
    assert data["now"] is not None and data["now"].loop > 0 and data["now"].bandwidth > 0
    chase, shuffled = data["predictions"]
    assert chase.measured_now == pytest.approx(600.0)
    assert shuffled.measured_now == pytest.approx(5.0)
    assert "Why the ratios moved" in out and "values[i]" in out
    assert data["now"].sources["visit"] == "values[i] for 123,456 indices in order"
    # the measured moves, against the published 132x and 265.8 / 44.4
    assert f"measured {600 / 132:.2f}x" in out
    assert f"measured {5 / (265.8 / 44.4):.2f}x" in out
    assert ll.ratio_model_fits_here(context).holds in (True, False, None)
