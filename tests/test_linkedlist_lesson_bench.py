"""The arrays-vs-linked-lists lesson and the linked-list benchmark.

The quick lesson and the quick benchmark each run once, in a subprocess,
exactly as a learner would start them; the other tests read their output.
Exact figures (sums of 0..n-1, the cache-line models, the LRU trace) are
computed here, independently of the lesson.  No test asserts on a time.
"""

from __future__ import annotations

from collections import OrderedDict

import pytest

from dsa.lessons import linkedlist as lesson
from dsa.lessons import runner

from helpers import (check_bench_listed, check_lesson_listed, check_quick_run,
                     check_suspect_figure, flat, lesson_without_c,
                     quick_bench_json, quick_lesson, run_module)




_run = run_module




def native_available() -> bool:
    import dsa.native
    return bool(dsa.native.available)


# ---------------------------------------------------------------------------
# The lesson


def test_lesson_is_listed():
    check_lesson_listed("linkedlist")


def test_markers_and_hooks_match():
    text = runner.load_text("linkedlist")
    parsed = runner.parse(text)
    runner.check_markers(parsed, lesson.hooks, "linkedlist")
    assert ("experiment", "ladder") in parsed.markers()
    for marker in (("experiment", "ratio_model"), ("claim", "ratio_model_fits_article"),
                   ("claim", "ratio_model_fits_here")):
        assert marker in parsed.markers()
    assert sum(kind == "reveal" for step in parsed.steps for kind, _ in step.parts) == 5


@pytest.fixture(scope="module")
def quick_out() -> str:
    return quick_lesson("linkedlist")


def test_quick_run_shows_published_and_measured(quick_out):
    check_quick_run(
        quick_out,
        ("52.6 ns/el", "153.3 ns/el", "44.4 ns/op", "265.8 ns/op",
         "2.1x slower walk", "8.2 MB", "about 40 MB", "80 MB",
         "572,255 ns", "243 ns", "255,486 ns", "63,488,013 ns",
         "53.3 ns", "25,434 ns", "335 ns", "13,692 ns"),
        ("Experiment 1", "Experiment 3", "Experiment 4", "Experiment 6",
         "Experiment 7", "Experiment 8", "Experiment 9"))


def test_quick_run_sums_are_exact(quick_out):
    n = 200_000
    assert f"Both walks summed to {sum(range(n)):,}" in quick_out


def test_quick_run_handles_the_suspect_figure(quick_out):
    check_suspect_figure(quick_out)


@pytest.mark.skipif(not native_available(), reason="C twins not built")
def test_quick_run_c_parts(quick_out):
    import re

    out = flat(quick_out)
    assert "Experiment 2" in out and "Experiment 5" in out
    assert "L1d" in out and "ends here" in out
    n = lesson.LINES_N
    # the models, computed here: 8-byte slots and 24-byte nodes on 64-byte lines
    array_lines = -(-8 * n // 64)
    node_lines = -(-24 * n // 64)
    for kind, lines in (("array", array_lines), ("nodes_pool", node_lines)):
        # an in-order walk fetches each of its lines exactly once
        assert re.search(rf"^\s*{kind}\s+{lines:,} lines\s+{lines:,} fetches\s+"
                         rf"\(model: {lines:,} lines\)", quick_out, re.M), kind
    for kind, lines in (("array_shuffled", array_lines), ("nodes_shuffled", node_lines)):
        assert re.search(rf"^\s*{kind}\s+{lines:,} lines\s+[\d,]+ fetches\s+"
                         rf"\(model: {lines:,} lines\)", quick_out, re.M), kind


def test_lru_trace_matches_an_ordered_dict(quick_out):
    cache: OrderedDict = OrderedDict()
    evicted, hits = [], 0
    for key in lesson.LRU_TRACE:
        if key in cache:
            cache.move_to_end(key)
            hits += 1
        else:
            cache[key] = key
            if len(cache) > 3:
                evicted.append(cache.popitem(last=False)[0])
    misses = len(lesson.LRU_TRACE) - hits
    assert (f"{hits} hits, {misses} misses, evicted {', '.join(evicted)}"
            in flat(quick_out))


def test_ladder_pictures():
    from dsa.machine import PUBLISHED

    sizes = [16 << 10, 1 << 20, 64 << 20]
    ns = [1.0, 10.0, 100.0]
    lines = lesson.ladder_bars(sizes, ns, PUBLISHED)
    assert any("L1d 32 KiB ends here" in line for line in lines)
    assert any("L3 9 MiB ends here" in line for line in lines)
    bars = [line.count("█") for line in lines if "│" in line]
    assert bars == sorted(bars) and len(bars) == 3
    svg = lesson.ladder_svg(sizes, ns, PUBLISHED)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count("<circle") == 3 and "L2 256 KiB" in svg


def test_runs_without_the_c_twins(monkeypatch):
    # the C-only steps, the model that needs them, and one Python step, to
    # keep the test short
    out = lesson_without_c(monkeypatch, "linkedlist", [3, 7, 8, 9, 11, 18])
    assert "hits" in out                      # the Python step still ran
    assert "Only the published side" in out   # the model fell back


# ---------------------------------------------------------------------------
# The benchmark


def test_bench_is_listed():
    check_bench_listed("linkedlist")


def test_bench_quick_json():
    report = quick_bench_json("linkedlist")
    keys = {row["key"] for row in report["rows"]}
    for kind in ("list", "deque", "singly", "doubly"):
        for op in ("append", "appendleft", "popleft", "iterate", "index", "remove"):
            assert f"py_{op}_{kind}" in keys, (op, kind)
    targets = {t["key"]: t for t in report["targets"]}
    assert set(targets) == {"array_walk_vs_bandwidth", "shuffled_walk_vs_dram"}
    if native_available():
        for key in ("c_walk_array", "c_walk_nodes_shuffled", "c_chase_dram",
                    "c_bw_walk", "c_bw_read", "c_insert_front_array",
                    "c_remove_linked"):
            assert key in keys, key
        rows = {row["key"]: row for row in report["rows"]}
        # exact: every C walk summed the same values
        sums = {rows[f"c_walk_{k}"]["extra"]["sum"] for k in
                ("array", "array_shuffled", "nodes_pool", "nodes_malloc",
                 "nodes_shuffled")}
        assert len(sums) == 1
        assert rows["c_walk_array"]["extra"]["ok"]
        for t in targets.values():
            assert isinstance(t["value"], float) and t["value"] > 0
            assert t["pass"] in (True, False)
        assert targets["array_walk_vs_bandwidth"]["limit"] == pytest.approx(1 / 0.7, rel=1e-3)
        assert targets["shuffled_walk_vs_dram"]["limit"] == 1.5


def test_bench_usage_error():
    result = _run("dsa.bench", "linkedlist", "--repeat", "0")
    assert result.returncode == 2
