"""Claims bound to measurements: the texts a verdict chooses, and each
lesson's checks driven both ways with injected figures (no timing here)."""

from __future__ import annotations

import functools
import io
from types import SimpleNamespace

import pytest
from rich.console import Console

import dsa.lessons as lessons
from dsa.lessons import runner
from dsa.lessons.figures import Ratio
from dsa.machine import CacheLevel, Machine

from helpers import lesson_context

CLAIM_TEXT = """# T

## One

<!-- claim: fast -->
It was fast ({ratio}).
<!-- else -->
It was slow ({ratio}) because {why}.
<!-- unsure -->
Too noisy ({ratio}).
<!-- end claim -->

after
"""


ctx = functools.partial(lesson_context, width=80)


# ---------------------------------------------------------------------------
# The mechanism


def test_a_claim_block_becomes_one_part_with_three_texts():
    lesson = runner.parse(CLAIM_TEXT)
    assert [kind for kind, _ in lesson.steps[0].parts] == ["markdown", "claim", "markdown"]
    texts = lesson.claims["fast"]
    assert texts.agrees == "It was fast ({ratio})."
    assert texts.differs.startswith("It was slow")
    assert texts.unsure == "Too noisy ({ratio})."
    assert ("claim", "fast") in lesson.markers()


@pytest.mark.parametrize("holds, expected", [
    (True, "It was fast (3x)."),
    (False, "It was slow (3x) because {why}."),      # an unknown field stays as is
    (None, "Too noisy (3x)."),
])
def test_the_verdict_chooses_the_text(holds, expected):
    texts = runner.parse(CLAIM_TEXT).claims["fast"]
    assert runner.claim_text(texts, runner.Verdict(holds, "e", {"ratio": "3x"})) == expected


def test_without_an_unsure_text_the_claim_stands_under_a_warning():
    texts = runner.ClaimText("holds", "differs")
    verdict = runner.Verdict(None, "too noisy")
    assert runner.claim_text(texts, verdict) == "holds"
    console = Console(file=io.StringIO(), width=80, record=True)
    for part in runner.claim_renderables(texts, verdict):
        console.print(part)
    assert "this run cannot tell: too noisy" in console.export_text()


@pytest.mark.parametrize("text", [
    "## A\n<!-- claim: x -->\nno else\n<!-- end claim -->\n",
    "## A\n<!-- claim: x -->\nyes\n<!-- else -->\nno\n",
    "## A\n<!-- claim: x -->\nyes\n<!-- else -->\nno\n<!-- else -->\nagain\n"
    "<!-- end claim -->\n",
    "## A\n<!-- claim: x -->\na\n<!-- else -->\nb\n<!-- end claim -->\n"
    "<!-- claim: x -->\na\n<!-- else -->\nb\n<!-- end claim -->\n",
])
def test_malformed_claims_are_refused(text):
    with pytest.raises(ValueError):
        runner.parse(text)


def test_a_run_prints_the_chosen_text_and_lists_the_verdicts(monkeypatch):
    hooks = runner.Hooks()
    hooks.claim("fast")(lambda c: runner.differs("3x slower", ratio="3x", why="a reason"))
    monkeypatch.setattr(runner, "load_text", lambda name, **k: CLAIM_TEXT)
    monkeypatch.setattr(runner, "lesson_module", lambda info: hooks)
    monkeypatch.setattr(runner, "practice_panel", lambda name: None)
    buffer = io.StringIO()
    console = Console(file=buffer, width=80)
    info = lessons.LessonInfo("t", "t", "t")
    assert runner.run(info, pause=False, console=console) == 0
    out = buffer.getvalue()
    assert "It was slow (3x) because a reason." in out and "It was fast" not in out
    assert "this machine differs: 3x slower" in out
    recap = out[out.index("What this run checked"):]
    assert "fast" in recap and "differs" in recap


def test_a_check_that_breaks_is_a_verdict_not_a_crash():
    context = ctx()
    verdict = context.check("x", lambda c: c.shared["missing"])
    assert verdict.holds is None and "could not run" in verdict.evidence


@pytest.mark.parametrize("lesson", lessons.LESSONS, ids=lambda l: l.name)
def test_every_claim_says_not_measured_when_its_figures_are_missing(lesson):
    parsed = runner.parse(runner.load_text(lesson.name))
    hooks = runner.lesson_module(lesson)
    assert parsed.claims, "a lesson with no checked claim"
    for name in parsed.claims:
        verdict = hooks.get("claim", name)(ctx())
        assert verdict.holds is None, name
        assert "not measured" in verdict.evidence, name


def test_ratio_ranges_decide_claims():
    r = Ratio.of([3.0, 3.3, 2.8], [1.0, 1.1, 0.95])
    assert r.median == pytest.approx(3.0)
    assert r.low == pytest.approx(2.8 / 1.1) and r.high == pytest.approx(3.3 / 0.95)
    assert r.at_least(2.0) is True and r.at_least(4.0) is False and r.at_least(3.0) is None
    assert r.at_most(4.0) is True and r.at_most(2.0) is False
    assert runner.threshold(5, 3, 1) is True and runner.threshold(2, 3, 1) is None
    assert runner.threshold(0.5, 3, 1) is False


# ---------------------------------------------------------------------------
# The lessons' checks, driven both ways


def walk(ns_per_el: float, n: int = 1000, spread: float = 0.0):
    passes = tuple(round(ns_per_el * n * f) for f in (1 - spread, 1.0, 1 + spread))
    return SimpleNamespace(n=n, pass_ns=passes, ns_per_element=ns_per_el)


def test_linked_list_walk_claims_both_ways():
    from dsa.lessons import linkedlist as ll

    slow = {"array": walk(0.4), "nodes_pool": walk(2.0), "nodes_shuffled": walk(300.0)}
    near = {"array": walk(1.0), "nodes_pool": walk(1.2), "nodes_shuffled": walk(1.5)}
    assert ll.inorder_nodes_vs_array(ctx(c_walks=(1000, slow))).holds is True
    assert ll.inorder_nodes_vs_array(ctx(c_walks=(1000, near))).holds is False
    assert ll.shuffled_nodes_wait(ctx(c_walks=(1000, slow))).holds is True
    assert ll.shuffled_nodes_wait(ctx(c_walks=(1000, near))).holds is False
    noisy = {"array": walk(1.0, spread=0.6), "nodes_pool": walk(2.2, spread=0.6)}
    assert ll.inorder_nodes_vs_array(ctx(c_walks=(1000, noisy))).holds is None


def ladder(ns, l1=(1.3, 1.4, 1.3), dram=(90, 95, 88), seq=(0.4, 0.5, 0.45)):
    from dsa.lessons import linkedlist as ll

    sizes = tuple(16 * 1024 << k for k in range(len(ns)))
    return ll.LadderFigures(sizes, tuple(ns), l1, dram, seq)


DESKTOP = Machine("test CPU", 4, (CacheLevel(1, "Data", 32 << 10, 64),
                                  CacheLevel(2, "Unified", 256 << 10, 64),
                                  CacheLevel(3, "Unified", 8 << 20, 64)))


def test_ladder_claims_both_ways():
    from dsa.lessons import linkedlist as ll

    #        16K  32K  64K  128K 256K 512K 1M  2M  4M  16M... (k = 0..11)
    steps = [1.3, 1.3, 4, 4, 4, 12, 12, 12, 12, 90, 90, 90]
    flat_vm = [1.3, 1.3, 4, 4, 4, 300, 380, 420, 450, 500, 600, 700]
    good = ctx(ladder=ladder(steps))
    good.machine = DESKTOP
    assert ll.ladder_steps_at_caches(good).holds is True
    bad = ctx(ladder=ladder(flat_vm))
    bad.machine = DESKTOP
    verdict = ll.ladder_steps_at_caches(bad)
    assert verdict.holds is False and "L3" in verdict.evidence
    assert "no hits inside it" in verdict.evidence
    texts = runner.parse(runner.load_text("linkedlist")).claims["ladder_steps_at_caches"]
    assert "nested paging" in runner.claim_text(texts, verdict)
    assert "nested paging" not in runner.claim_text(texts, ll.ladder_steps_at_caches(good))

    assert ll.memory_vs_l1(ctx(ladder=ladder(steps))).holds is True
    assert ll.memory_vs_l1(ctx(ladder=ladder(steps, dram=(5, 6, 5)))).holds is False
    assert ll.memory_vs_l1(ctx(ladder=ladder(steps, l1=(1.3, 30, 1.3),
                                             dram=(90, 95, 88)))).holds is None
    assert ll.sequential_under_a_nanosecond(ctx(ladder=ladder(steps))).holds is True
    assert ll.sequential_under_a_nanosecond(
        ctx(ladder=ladder(steps, seq=(2.0, 2.2, 2.1)))).holds is False


def test_ladder_model_reads_latency_between_points():
    from dsa.lessons import linkedlist as ll

    assert ll.latency_at([1024, 4096], [2.0, 6.0], 2048) == pytest.approx(4.0)
    assert ll.latency_at([1024, 4096], [2.0, 6.0], 10) == 2.0
    assert ll.latency_at([1024, 4096], [2.0, 6.0], 1 << 30) == 6.0


def test_shift_and_insert_claims_both_ways():
    from dsa.lessons import linkedlist as ll

    assert ll.shift_1000_cost(ctx(shift_1000=([300e-9] * 3, [60e-9] * 3))).holds is True
    assert ll.shift_1000_cost(ctx(shift_1000=([3e-9] * 3, [60e-9] * 3))).holds is False
    assert ll.front_insert_linked_wins(ctx(front_insert=(500e-6, 300e-9))).holds is True
    assert ll.front_insert_linked_wins(ctx(front_insert=(250e-9, 300e-9))).holds is None
    assert ll.front_insert_linked_wins(ctx(front_insert=(100e-9, 300e-9))).holds is False
    assert ll.middle_insert_array_wins(ctx(middle_insert=(200e-6, 50e-3))).holds is True
    assert ll.middle_insert_array_wins(ctx(middle_insert=(50e-3, 200e-6))).holds is False
    assert ll.remove_held_linked_wins(ctx(remove_held=(1e-6, float("nan")))).holds is None


def test_deque_claims_both_ways():
    from dsa.lessons import deque as dq

    quiet = {"growth": 20_000_000, "copied": 524_288, "median_blocked": 150,
             "slowest_blocked": 40_000, "p999_blocked": 900}
    stalled = dict(quiet, slowest_blocked=24_000_000)
    assert dq.blocked_has_no_growth_pause(ctx(ring_growth=quiet)).holds is True
    verdict = dq.blocked_has_no_growth_pause(ctx(ring_growth=stalled))
    assert verdict.holds is False
    texts = runner.parse(runner.load_text("deque")).claims["blocked_has_no_growth_pause"]
    chosen = runner.claim_text(texts, verdict)
    assert "24.0 ms" in chosen and "not the deque's" in chosen

    def sweep(r4096: float):
        rows = [{"layout": 64, "fifo_ns": 10.0, "lines": 0.14},
                {"layout": 4096, "fifo_ns": r4096, "lines": 0.13},
                {"layout": 1, "fifo_ns": 40.0, "lines": 0.5}]
        return ctx(sweep=(1000, rows))
    assert dq.block_4096_like_64(sweep(11.0)).holds is True
    assert dq.block_4096_like_64(sweep(30.0)).holds is False
    assert dq.block_4096_like_64(sweep(17.0)).holds is None
    assert dq.block_1_lines(sweep(11.0)).holds is True
    assert dq.blocked_behind_deque(ctx(fifo={"blocked": 300e-9, "deque": 60e-9})).holds is True
    assert dq.blocked_behind_deque(ctx(fifo={"blocked": 61e-9, "deque": 60e-9})).holds is False


def test_heap_claims_both_ways():
    from dsa.lessons import heap

    assert heap.c_heapify_vs_push(ctx(c_build=([10, 11, 10], [40, 42, 41]))).holds is True
    assert heap.c_heapify_vs_push(ctx(c_build=([10, 11, 10], [8, 7, 8]))).holds is False
    noisy = heap.c_heapify_vs_push(ctx(c_build=([10, 30, 10], [12, 32, 14])))
    assert noisy.holds is None and "too noisy" in noisy.evidence
    assert heap.heapify_faster_in_time(
        ctx(heapq_build=([0.02] * 3, [0.2] * 3, 0.03))).holds is True
    assert heap.heapify_faster_in_time(
        ctx(heapq_build=([0.02] * 3, [0.025] * 3, 0.003))).holds is False
    race = {"growth": 4.0, "insort": 1.0, "heapq": 0.05, "n": 100_000}
    assert heap.plain_list_quadratic(ctx(drain_race=race)).holds is True
    assert heap.plain_list_quadratic(ctx(drain_race=dict(race, growth=1.5))).holds is False
    assert heap.heap_beats_insort(ctx(drain_race=race)).holds is True
    assert heap.heap_beats_insort(ctx(drain_race=dict(race, insort=0.04))).holds is False
    # the top-10 figure: the variant closest to 216 ns a value, scaled
    race_same = dict(race, heapq=heap.PUB_DRAIN_HEAP)        # this machine = published
    n = 1_000_000
    fits_randint = {"n": n, "heap": 30e-9 * n, "floats": 80e-9 * n, "ints": 220e-9 * n}
    verdict = heap.top_k_published_is_stream(ctx(top_k=fits_randint, drain_race=race_same))
    assert verdict.holds is True and "randint" in verdict.values["closest"]
    fits_heap = dict(fits_randint, heap=210e-9 * n, ints=400e-9 * n)
    assert heap.top_k_published_is_stream(
        ctx(top_k=fits_heap, drain_race=race_same)).holds is False


def test_hashtable_claims_both_ways():
    from dsa.lessons import hashtable as ht

    found = {"hit_ratio": Ratio.of([30, 31, 29], [10, 11, 10]),
             "open_lines": 2.0, "chained_lines": 2.6}
    assert ht.lines_tell_the_story(ctx(c_lookups=found)).holds is True
    assert ht.lines_tell_the_story(
        ctx(c_lookups=dict(found, hit_ratio=Ratio.of([8, 8, 8], [10, 10, 10])))).holds is False
    assert ht.lines_tell_the_story(
        ctx(c_lookups=dict(found, hit_ratio=Ratio.of([8, 14, 9], [10, 10, 10])))).holds is None
    assert ht.dict_several_times_list(ctx(dict_memory=(8056, 36960))).holds is True
    assert ht.dict_several_times_list(ctx(dict_memory=(8056, 9000))).holds is False
    scan = (200_000, [4e-3] * 3, [50e-9] * 3, [200e-9] * 3)
    assert ht.dict_thousands_faster(ctx(scan_vs_dict=scan)).holds is True
    assert ht.cold_lookup_costs_more(ctx(scan_vs_dict=scan)).holds is True
    same = (200_000, [4e-6] * 3, [50e-9] * 3, [51e-9] * 3)
    assert ht.dict_thousands_faster(ctx(scan_vs_dict=same)).holds is False
    assert ht.cold_lookup_costs_more(ctx(scan_vs_dict=same)).holds is False


# ---------------------------------------------------------------------------
# The cache simulation's output, read


CALLGRIND_DUMP = """# callgrind format
version: 1
positions: line
events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw

fl=(1) walk.c
fn=(10) walkable_new
5 100 50 50 0 7 7 0 7 7
fn=(11) walkable_sum
20 400 200 0 0 30 0 0 25
+1 100 100 0 0 5 0 0 4
cfn=(10)
calls=1 5
21 999 999 999 0 999 999 0 999 999
fn=(10)
6 1 1 1 0 1 1 0 1 1
fn=(11)
-1 10 10 0 0 1
"""


def test_the_simulated_misses_are_the_walking_functions_own():
    from dsa.lessons import cachegrind as cg

    walk = cg.read_counts(CALLGRIND_DUMP, "walkable_sum")
    # the walk's three cost lines; the call's inclusive cost and the build are not it
    assert (walk.reads, walk.writes, walk.d1_misses, walk.ll_misses) == (310, 0, 36, 29)
    build = cg.read_counts(CALLGRIND_DUMP, "walkable_new")
    assert (build.d1_misses, build.ll_misses) == (16, 16)
    assert walk.per(10) == (3.6, 2.9)


def test_quick_mode_leaves_the_simulation_out_and_says_so(monkeypatch):
    from dsa.lessons import cachegrind as cg
    from dsa.lessons import linkedlist as ll

    monkeypatch.setattr(cg, "simulate_calls", lambda *a, **k: pytest.fail("simulated"))
    context = ctx()
    context.quick = True
    ll.simulated_misses(context, {})
    assert "left to full mode" in " ".join(context.console.file.getvalue().split())


def test_the_ladder_chart_is_written_only_where_asked(tmp_path, monkeypatch):
    import pathlib

    import dsa.native
    from dsa.lessons import linkedlist as ll

    if not dsa.native.available:
        pytest.skip("C twins not built")
    written: list = []
    real = pathlib.Path.write_text
    monkeypatch.setattr(pathlib.Path, "write_text",
                        lambda self, *a, **k: (written.append(self), real(self, *a, **k))[1])
    context = ctx()
    context.quick = True
    ll.ladder(context)
    assert written == []                                  # not asked: nothing on disk
    context = ctx()
    context.quick, context.charts = True, tmp_path / "charts"
    ll.ladder(context)
    assert written == [tmp_path / "charts" / ll.SVG_NAME]
    assert written[0].read_text(encoding="utf-8").lstrip().startswith("<svg")


def test_two_dumps_subtract_to_the_work_between_them():
    from dsa.lessons import cachegrind as cg

    head = "events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\n"
    small = cg.read_total(head + "summary: 100 50 20 0 10 2 0 4 1\n")
    large = cg.read_total(head + "summary: 180 90 40 0 25 4 0 9 2\n")
    more = large - small
    assert (more.reads, more.writes, more.d1_misses, more.ll_misses) == (40, 20, 17, 6)
    with pytest.raises(ValueError):
        cg.read_total(head)


@pytest.mark.parametrize("module, function, args", [
    ("heap", "simulated_heap_misses", ({},)),
    ("hashtable", "simulated_lookup_misses", ()),
])
def test_the_c_twins_simulations_wait_for_full_mode(module, function, args, monkeypatch):
    import importlib

    from dsa.lessons import cachegrind as cg

    monkeypatch.setattr(cg, "simulate_differences", lambda *a, **k: pytest.fail("ran"))
    lesson = importlib.import_module(f"dsa.lessons.{module}")
    context = ctx()
    context.quick = True
    getattr(lesson, function)(context, *args)
    assert "left to full mode" in " ".join(context.console.file.getvalue().split())
    assert context.closing == []
