"""The heap lesson's canon steps (heapsort, heapq's pop, the d-ary sweep,
Dijkstra): their claims driven both ways with injected figures, their
question, the heapsort animation, and each experiment run small."""

from __future__ import annotations

import random
import re

import pytest

from dsa.heap import HeapStats
from dsa.lessons import heap, heap_arity, heap_canon as hc, heap_dijkstra, heap_sorting
from dsa.lessons import questions, runner

from helpers import lesson_context as ctx


def chosen(name: str, verdict) -> str:
    text = runner.claim_text(runner.parse(runner.load_text("heap")).claims[name], verdict)
    assert not re.search(r"\{[a-z_0-9]+\}", text), text      # every field filled
    return text


def race_three_ways(claim, key: str, figures, slower: dict, noisy: dict) -> None:
    """A race's claim holds on ``figures()``, fails where the winner's
    times are ``slower`` ("kept up"), and is not judged where they are
    ``noisy`` ("spread"): the figures stored under ``key`` each time."""
    name = claim.__name__
    assert claim(ctx(**{key: figures()})).holds is True
    lost = claim(ctx(**{key: figures(**slower)}))
    assert lost.holds is False and "kept up" in chosen(name, lost)
    unsure = claim(ctx(**{key: figures(**noisy)}))
    assert unsure.holds is None and "spread" in chosen(name, unsure)


# ---------------------------------------------------------------------------
# Heapsort


def sorts(textbook=20_000, sorted_=10_000, heapq=11_000, t_heapq=(5.0,) * 3,
          t_sorted=(1.0,) * 3) -> dict:
    return {"n": 1000, "textbook": textbook, "sorted": sorted_, "heapq": heapq,
            "t_heapq": list(t_heapq), "t_sorted": list(t_sorted), "t_textbook": [9.0]}


def test_heapsort_comparisons_claim_both_ways():
    agrees = heap_sorting.heapsort_compares_twice(ctx(heapsort=sorts()))
    assert agrees.holds is True and agrees.values["ratio"] == "2.00x"
    assert "20,000 against 10,000" in chosen("heapsort_compares_twice", agrees)
    differs = heap_sorting.heapsort_compares_twice(ctx(heapsort=sorts(textbook=40_000)))
    assert differs.holds is False
    assert "was not" in chosen("heapsort_compares_twice", differs)


def test_sorted_beats_heapsort_claim_three_ways():
    race_three_ways(heap_sorting.sorted_beats_heapsort, "heapsort", sorts,
                    slower={"t_heapq": (0.9, 0.8, 0.9)},
                    noisy={"t_heapq": (1.2, 1.6, 2.0)})


def test_leaf_first_claim_both_ways():
    saves = hc.PopCounts(100_000, 2_000, textbook=31.0, leaf_first=17.5)
    verdict = heap_sorting.leaf_first_saves(ctx(leaf_first_pop=[saves]))
    assert verdict.holds is True and verdict.values["saved"] == "44%"
    assert "16 levels" in chosen("leaf_first_saves", verdict)
    barely = hc.PopCounts(100_000, 2_000, textbook=31.0, leaf_first=29.0)
    verdict = heap_sorting.leaf_first_saves(ctx(leaf_first_pop=[saves, barely]))
    assert verdict.holds is False and "outside" in chosen("leaf_first_saves", verdict)


def test_the_heapsort_animation_prints_every_swap_and_sorts():
    context = ctx()
    heap_sorting.heapsort_animation(context)
    out = context.console.file.getvalue()
    stats = HeapStats()
    a = list(heap.EXAMPLE)
    hc.heapsort(a, stats=stats)
    assert f"sorted in place after {stats.swaps} swaps: {sorted(heap.EXAMPLE)}" in out
    assert out.count("goes to index") == len(a) - 1     # one root-to-end swap a round
    assert f"swap {stats.swaps}:" in out and f"swap {stats.swaps + 1}:" not in out


def test_pop_comparisons_refuses_to_run_the_heap_dry():
    with pytest.raises(ValueError):
        hc.pop_comparisons(1_000, 1_000)
    assert hc.pop_comparisons(1_000, 999).pops == 999


def test_the_pop_experiment_in_full_mode_keeps_half_of_each_heap(monkeypatch):
    seen = []
    monkeypatch.setattr(hc, "pop_comparisons", lambda size, pops, seed: seen.append(
        (size, pops)) or hc.PopCounts(size, pops, 20.0, 11.0))
    heap_sorting.leaf_first_pop(ctx())
    assert seen == [(1_000, 500), (10_000, 2_000), (100_000, 2_000)]


def test_heapsort_tells_each_place_before_its_swap():
    places, swaps = [], []
    a = [5, 1, 4, 2, 3, 9, 0]
    hc.heapsort(a, on_place=places.append, on_swap=lambda i, j: swaps.append((i, j)))
    assert a == sorted(a) and places == list(range(len(a) - 1, 0, -1))
    assert all((0, end) in swaps for end in places)


def test_heapsort_and_pop_experiments_run_small():
    context = ctx(quick=True)
    heap_sorting.heapsort_race(context)
    heap_sorting.leaf_first_pop(context)
    found = context.shared["heapsort"]
    rng = random.Random(5)                     # the experiment's input, rebuilt
    values = [rng.random() for _ in range(5_000)]
    assert found["n"] == 5_000
    assert found["sorted"] == hc.sorted_comparisons(values)
    assert found["textbook"] == hc.heapsort_comparisons(values).comparisons
    assert found["heapq"] == heap_sorting.heapq_sort_comparisons(values)
    assert heap_sorting.heapsort_compares_twice(context).holds is True
    assert [c.size for c in context.shared["leaf_first_pop"]] == [1_000, 10_000]
    assert heap_sorting.leaf_first_saves(context).holds is True


# ---------------------------------------------------------------------------
# The d-ary sweep


def row(arity, pop_cmp, push_cmp, pop_lines, pop_ns, push_ns=5.0, size=1 << 19):
    return hc.AritySweepRow(arity, size, hc.levels(size, arity), pop_cmp, push_cmp,
                            pop_lines, 3.0, pop_ns, push_ns, (pop_ns,))


def sweep(ns=(95.0, 73.0, 58.0, 64.0), pop=(19.3, 24.6, 29.5, 46.4),
          lines=(19.8, 16.7, 11.9, 9.5)) -> list:
    push = (2.85, 1.77, 1.47, 1.18)
    return [row(d, c, p, l, t) for d, c, p, l, t in zip((2, 3, 4, 8), pop, push, lines, ns)]


def test_arity_counts_claim_both_ways():
    verdict = heap_arity.arity_counts_trade(ctx(arity_sweep=sweep()))
    assert verdict.holds is True and verdict.values["levels8"] == "7"
    assert "from 19.3 to 46.4" in chosen("arity_counts_trade", verdict)
    broken = heap_arity.arity_counts_trade(
        ctx(arity_sweep=sweep(lines=(19.8, 16.7, 11.9, 12.5))))
    assert broken.holds is False and "kernel" in chosen("arity_counts_trade", broken)


def test_arity_pop_time_claim_three_ways():
    wins = heap_arity.arity_sweep_pop_time(ctx(arity_sweep=sweep()))
    assert wins.holds is True and wins.values["best"] == "4"
    assert "d = 4" in chosen("arity_sweep_pop_time", wins)
    binary = heap_arity.arity_sweep_pop_time(ctx(arity_sweep=sweep(ns=(20, 28, 25, 30))))
    assert binary.holds is False and "binary pops" in chosen("arity_sweep_pop_time", binary)
    close = heap_arity.arity_sweep_pop_time(ctx(arity_sweep=sweep(ns=(24, 28, 23, 30))))
    assert close.holds is None and "too close" in chosen("arity_sweep_pop_time", close)
    tied_binary = heap_arity.arity_sweep_pop_time(ctx(arity_sweep=sweep(ns=(20, 21, 25, 30))))
    assert tied_binary.holds is None


def test_the_arity_question_reads_the_sweep():
    (question,) = questions.questions_for("heap")["arity_sweep"]
    assert question.claim == "arity_sweep_pop_time"
    assert question.choices[question.measure({"arity_sweep": sweep()})[0]] == "d=4"
    same = question.measure({"arity_sweep": sweep(ns=(24, 28, 23, 30))})[0]
    assert question.choices[same] == "about the same"


def test_the_arity_sweep_runs_small_on_the_c_twin():
    pytest.importorskip("dsa.native.heap")
    context = ctx(quick=True)
    heap_arity.arity_sweep(context)
    rows = context.shared["arity_sweep"]
    assert [r.arity for r in rows] == [2, 3, 4, 8]
    assert [r.levels for r in rows] == [14, 9, 7, 5]
    assert heap_arity.arity_counts_trade(context).holds is True
    assert "fastest pop here" in context.console.file.getvalue()


# ---------------------------------------------------------------------------
# Dijkstra


def searches(changes=1500, stale=1500, held_i=1200, held_l=2100, t_i=(3.0,) * 3,
             t_l=(1.0,) * 3) -> dict:
    return {"nodes": 2000,
            "indexed": hc.QueueWork(pushes=2000, pops=2000, changes=changes, largest=held_i),
            "lazy": hc.QueueWork(pushes=2000 + stale, pops=2000 + stale, stale=stale,
                                 largest=held_l),
            "t_indexed": list(t_i), "t_lazy": list(t_l)}


def test_indexed_holds_fewer_claim_both_ways():
    verdict = heap_dijkstra.indexed_holds_fewer(ctx(dijkstra=searches()))
    assert verdict.holds is True and "2,100" in chosen("indexed_holds_fewer", verdict)
    verdict = heap_dijkstra.indexed_holds_fewer(ctx(dijkstra=searches(stale=1400)))
    assert verdict.holds is False and "broken" in chosen("indexed_holds_fewer", verdict)


def test_heapq_dijkstra_claim_three_ways():
    race_three_ways(heap_dijkstra.heapq_dijkstra_faster, "dijkstra", searches,
                    slower={"t_i": (0.8, 0.9, 0.9)},
                    noisy={"t_i": (0.9, 1.3, 2.0)})


def test_the_dijkstra_experiment_runs_small():
    context = ctx(quick=True)
    heap_dijkstra.dijkstra(context)
    found = context.shared["dijkstra"]
    assert found["nodes"] == 2_000
    assert found["indexed"].pushes == found["indexed"].pops == 2_000
    assert heap_dijkstra.indexed_holds_fewer(context).holds is True


def test_the_experiments_refuse_wrong_answers(monkeypatch):
    monkeypatch.setattr(hc, "heapsort", lambda a, **kwargs: None)      # sorts nothing
    with pytest.raises(AssertionError, match="sorted wrongly"):
        heap_sorting.heapsort_race(ctx(quick=True))
    lazy = hc.dijkstra_lazy

    def off_by_one(graph, source):
        dist, work = lazy(graph, source)
        return {node: d + (node == 1) for node, d in dist.items()}, work
    monkeypatch.setattr(hc, "dijkstra_lazy", off_by_one)
    with pytest.raises(AssertionError, match="different distances"):
        heap_dijkstra.dijkstra(ctx(quick=True))


def test_the_heapsort_animation_pauses_once_before_each_swap():
    context = ctx()
    prompts = []
    context.pause = prompts.append                        # type: ignore[method-assign]
    heap_sorting.heapsort_animation(context)
    stats = HeapStats()
    hc.heapsort(list(heap.EXAMPLE), stats=stats)
    # one pause a swap: the two phase pauses stand in for the swap after them
    assert len(prompts) == stats.swaps
    assert prompts[0].startswith("Enter to build") and sum(
        p.startswith("Enter to start sorting") for p in prompts) == 1
