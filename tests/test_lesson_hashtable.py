"""The hash-table lesson.

The quick run is made once, in a subprocess, exactly as a learner would
start it; the other tests read its output.  Exact figures (the worked
example's slots, the resize, ``{1: 'c'}``, the flooded chain, the points
where a dict grows, sys.getsizeof) are checked against values computed here,
by code independent of the lesson and of dsa.hashtable.
"""

from __future__ import annotations

import io
import itertools
import math
import os
import re
import subprocess
import sys

import pytest
from rich.console import Console

import dsa.lessons as lessons
from dsa.lessons import hashtable as lesson
from dsa.lessons import runner

from helpers import child_env, flat, lesson_without_c, marker_names, run_module
QUICK_FLOOD_KEYS = 1_000          # the Python tables' size in quick mode


def _env(**extra: str) -> dict:
    seed = os.environ.get("PYTHONHASHSEED", "0")
    return child_env(**{"PYTHONHASHSEED": seed, **extra})


def _lessons(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return run_module("dsa.lessons", *args, env=_env(), timeout=timeout)


# ---------------------------------------------------------------------------
# Independent figures


def java_hash(text: str) -> int:
    """String.hashCode over UTF-8 bytes, unsigned 32-bit (written out here)."""
    h = 0
    for byte in text.encode("utf-8"):
        h = (h * 31 + byte) % 2**32
    return h


def chains(names: list[str], slots: int) -> list[list[str]]:
    out: list[list[str]] = [[] for _ in range(slots)]
    for name in names:
        out[java_hash(name) % slots].append(name)
    return out


def dict_growth_keys(limit: int = 1_400) -> list[int]:
    """The key numbers whose insertion made sys.getsizeof(d) jump (after the first)."""
    d = {1: 1}
    size, jumps = sys.getsizeof(d), []
    for i in range(2, limit + 1):
        d[i] = i
        if sys.getsizeof(d) != size:
            size = sys.getsizeof(d)
            jumps.append(i)
    return jumps


def crafted_keys(n: int) -> list[str]:
    """n strings of 'Aa'/'BB' blocks (all with one java_hash)."""
    k = (n - 1).bit_length()
    return ["".join(p) for p in itertools.product(["Aa", "BB"], repeat=k)][:n]


def test_independent_figures_are_sound():
    assert java_hash("Aa") == java_hash("BB") == 2112
    keys = crafted_keys(QUICK_FLOOD_KEYS)
    assert len(set(keys)) == QUICK_FLOOD_KEYS
    assert len({java_hash(k) for k in keys}) == 1
    assert dict_growth_keys()[:4] == [6, 11, 22, 43]


# ---------------------------------------------------------------------------
# The command line


def test_listing_names_the_hashtable_lesson():
    result = _lessons()
    assert result.returncode == 0, result.stderr
    info = lessons.find("hashtable")
    assert info is not None and info.module == "dsa.lessons.hashtable"
    assert "hashtable" in result.stdout
    assert info.summary[:30] in result.stdout


@pytest.fixture(scope="module")
def quick_out() -> str:
    result = _lessons("hashtable", "--quick", "--no-pause", "--width", "110")
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def test_quick_run_shows_published_and_measured_figures(quick_out):
    out = quick_out
    assert "quick mode" in out
    assert "measured now" in out and "published" in out
    assert "i5-9400F" in out
    for figure in ("4.419 ms", "71 ns", "74.5 µs", "186x", "about 8 KB",
                   "about 37 KB", "2, 3 and 5", "grace, alan, edsger",
                   "average 1.4, longest 7", "average 2.3, longest"):
        assert figure in out, figure
    for title in ("Experiment 1", "Worked example", "Experiment 2", "Experiment 4",
                  "Experiment 5"):
        assert title in out, title
    assert "What this run checked" in out
    assert "This run took" in out


def test_worked_example_slots(quick_out):
    out = quick_out
    names = lesson.NAMES
    eight = chains(names, 8)
    # the final picture of the 8-slot table, slot by slot
    for slot, chain in enumerate(eight):
        if chain:
            assert re.search(rf"slot\s+{slot}\s+{re.escape(' → '.join(chain))}\s*$",
                             out, re.M), (slot, chain)
    empty = [i for i, chain in enumerate(eight) if not chain]
    out = flat(out)
    assert f"slots {', '.join(map(str, empty))} are empty" in out
    assert f"slot 0 holds {len(eight[0])} keys ({', '.join(eight[0])})" in out


def test_worked_example_resize(quick_out):
    out = quick_out
    names = lesson.NAMES
    moved = [n for n in names if java_hash(n) % 8 != java_hash(n) % 16]
    assert f"keys_moved={len(moved)}, keys_total={len(names)}" in flat(out)
    for name in moved:
        assert f"{name}: slot {java_hash(name) % 8} → {java_hash(name) % 16}" in out
    sixteen = chains(names, 16)
    for slot, chain in enumerate(sixteen):
        if chain:
            assert re.search(rf"slot\s+{slot}\s+{re.escape(' → '.join(chain))}\s*$",
                             out, re.M), (slot, chain)
    h = java_hash(lesson.ASIDE)
    out = flat(out)
    assert f"so h % 8 = {h % 8} and h % 16 = {h % 16}" in out


def test_one_key_and_dict_growth_and_memory(quick_out):
    out = flat(quick_out)
    assert repr({1: "a", 1.0: "b", True: "c"}) in out          # {1: 'c'}
    jumps = dict_growth_keys()
    assert f"The dict grew when key {', '.join(map(str, jumps[:5]))}, ..." in out
    assert "grew on the same keys: True" in out
    assert f"{sys.getsizeof(list(range(1000))):,} bytes" in out
    assert f"{sys.getsizeof({i: i for i in range(1000)}):,} bytes" in out
    assert "the same order: True" in out


def test_load_factor_definitions(quick_out):
    out = flat(quick_out)
    published = {0.75: 1.4, 1.0: 1.6, 2.0: 2.3, 8.0: 8.0}
    for load, average in published.items():
        theory = load / (1 - math.exp(-load))
        assert round(theory, 1) == average       # the definition that fits
        assert f"theory {theory:.2f}" in out
    assert "the average over non-empty slots matches 4 of 4" in out


def test_flooding_chains(quick_out):
    out = flat(quick_out)
    n = len(set(crafted_keys(QUICK_FLOOD_KEYS)))
    assert f"Under a constant hash: longest chain {n:,}" in out
    assert f"under teaching_hash with keys chosen for it: longest chain {n:,}" in out
    import dsa.native
    if dsa.native.available:
        # the C kernel always floods 4,000 keys
        assert re.search(r"random\s+constant\s+4,000", out)
        assert re.search(r"identity\s+4,000", out)


def test_canon_steps_in_the_quick_run(quick_out):
    out = flat(quick_out)
    for title in ("Probe sequences at load 0.9", "The price of a resize",
                  "probes per successful / failed lookup"):
        assert title in out, title
    # 1,024 keys i << 32 share slot 0: the k-th insert takes k probes
    n = 1_024
    assert f"{(n + 1) / 2:,.1f} probes on average, about n/2 = {n // 2:,}" in out
    import dsa.native
    if dsa.native.available:
        assert "predicts the traced build's line count exactly for every lookup" in out


# ---------------------------------------------------------------------------
# Markers and hooks


def test_markers_match_hooks():
    info = lessons.find("hashtable")
    parsed = runner.parse(runner.load_text("hashtable"))
    hooks = runner.lesson_module(info)
    assert parsed.markers() == hooks.registered()
    runner.check_markers(parsed, hooks, "hashtable")
    assert marker_names("hashtable", "experiment") == {
        "scan_vs_dict", "load_factor", "c_lookups", "flood", "dict_facts",
        "growth_cost", "probe_race", "robin_hood", "patterned_keys", "c_tags"}
    assert marker_names("hashtable", "animation") == {
        "build_table", "probing", "perturbation_walk"}
    reveals = sum(1 for step in parsed.steps for kind, _ in step.parts
                  if kind == "reveal")
    assert reveals >= 6


# ---------------------------------------------------------------------------
# In-process runs: without the C twins, and interactively


def test_lesson_runs_without_the_c_twins(monkeypatch):
    out = lesson_without_c(monkeypatch, "hashtable")   # says what it skipped
    # the pure-Python parts still ran, to the end
    assert repr({1: "a", 1.0: "b", True: "c"}) in out
    assert "the average over non-empty slots matches 4 of 4" in out
    assert "Experiment 4" in out and "Experiment 5" in out
    assert "This run took" in out


def test_interactive_steps_pause_and_reveal(monkeypatch):
    parsed = runner.parse(runner.load_text("hashtable"))
    wanted = [i for i, step in enumerate(parsed.steps, 1)
              if any(kind in ("animation", "reveal") for kind, _ in step.parts)
              or step.title.startswith("Growing")]
    buffer = io.StringIO()
    console = Console(file=buffer, width=100)
    prompts: list[str] = []

    def answer(prompt, *args, **kwargs):
        prompts.append(str(prompt))
        return ""

    monkeypatch.setattr(runner, "stdio_is_terminal", lambda: True)
    monkeypatch.setattr(console, "input", answer)
    assert runner.run(lessons.find("hashtable"), quick=True, steps=wanted,
                      console=console) == 0
    reveals = sum(1 for i in wanted for kind, _ in parsed.steps[i - 1].parts
                  if kind == "reveal")
    assert sum("see the answer" in p for p in prompts) == reveals
    assert any("insert 'grace'" in p for p in prompts)     # the animations pause
    out = buffer.getvalue()
    assert "Stopped" not in out and "This run took" in out
