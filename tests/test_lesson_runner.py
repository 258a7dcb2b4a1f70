"""The lesson runner: finding lessons and their texts, markers and hooks,
pausing and quitting, running without the C twins; exercised on the heap
lesson, whose own steps are tested in test_lesson_heap_*.py.

The quick run of the heap lesson is made once, in a subprocess, exactly as a
learner would start it; the other tests read its output.  Exact counts are
checked against counts computed here, by code independent of the lesson.
"""

from __future__ import annotations

import functools
import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

import dsa.lessons as lessons
from dsa.lessons import runner

from helpers import ROOT, child_env, lesson_without_c, run_module


def _env(**extra: str) -> dict:
    seed = os.environ.get("PYTHONHASHSEED", "0")
    return child_env(**{"PYTHONHASHSEED": seed, **extra})


def _lessons(*args: str, cwd: Path = ROOT, env: dict | None = None,
             timeout: float = 60) -> subprocess.CompletedProcess:
    return run_module("dsa.lessons", *args, env=env or _env(), cwd=cwd,
                      timeout=timeout)


# ---------------------------------------------------------------------------
# Independent counts (not taken from the lesson or the text)


def textbook_heapify_swaps(items: list) -> int:
    """Swaps made by textbook bottom-up heapify (min-heap, strict <)."""
    a = list(items)
    n = len(a)
    swaps = 0
    for start in range(n // 2 - 1, -1, -1):
        i = start
        while True:
            l = 2 * i + 1
            if l >= n:
                break
            small = l
            r = l + 1
            if r < n and a[r] < a[l]:
                small = r
            if not a[small] < a[i]:
                break
            a[i], a[small] = a[small], a[i]
            i = small
            swaps += 1
    return swaps


def push_swaps(items: list) -> int:
    """Swaps made by pushing items one at a time with a textbook sift-up."""
    a: list = []
    swaps = 0
    for x in items:
        a.append(x)
        i = len(a) - 1
        while i > 0 and a[i] < a[(i - 1) // 2]:
            p = (i - 1) // 2
            a[i], a[p] = a[p], a[i]
            i = p
            swaps += 1
    return swaps, a


def descending_push_swaps(n: int) -> int:
    # Each new item is the smallest so far and climbs to the root: its depth.
    return sum((i + 1).bit_length() - 1 for i in range(n))


@functools.lru_cache(maxsize=None)
def million_counts() -> tuple[str, str]:
    """Swaps for 1,000,000 descending items, bottom-up and one push at a time."""
    n = 1_000_000
    return (f"{textbook_heapify_swaps(list(range(n, 0, -1))):,}",
            f"{descending_push_swaps(n):,}")


def test_independent_counts_agree_with_each_other():
    data = list(range(5000, 0, -1))
    assert push_swaps(data)[0] == descending_push_swaps(5000)


# ---------------------------------------------------------------------------
# The command line


def test_listing_names_every_lesson():
    result = _lessons()
    assert result.returncode == 0, result.stderr
    for lesson in lessons.LESSONS:
        assert lesson.name in result.stdout
        assert lesson.summary[:30] in result.stdout


def test_unknown_lesson_exits_2_and_lists_the_lessons():
    result = _lessons("no-such-lesson")
    assert result.returncode == 2
    assert "no-such-lesson" in result.stderr
    assert "heap" in result.stderr


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory):
    svg = tmp_path_factory.mktemp("svg") / "heap.svg"
    result = _lessons("heap", "--quick", "--no-pause", "--svg", str(svg), "--width", "110")
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout, svg


def test_quick_run_shows_published_and_measured_figures(quick_run):
    out, _ = quick_run
    assert "quick mode" in out
    assert "measured now" in out and "published" in out
    assert "i5-9400F" in out
    for figure in ("72.0 s", "1.39 s", "54.8 ms", "21.0 ms", "322.7 ms",
                   "8,074", "2,018 ms", "1,078 ms"):
        assert figure in out, figure
    assert "This run took" in out


def test_quick_run_animates_the_worked_example(quick_run):
    out, _ = quick_run
    example = [3, 5, 7, 9, 12, 8, 14]
    assert push_swaps(example)[0] == 0            # already a heap
    swaps, heap = push_swaps(example + [2])       # so every swap is the push's
    assert heap == [2, 3, 7, 5, 12, 8, 14, 9]
    assert f"after push(2): {heap} after {swaps} swaps" in out
    # The pop gives back the heap we started from.
    assert "the heap is now [3, 5, 7, 9, 12, 8, 14]" in out


def test_quick_run_exact_swap_counts(quick_run):
    out, _ = quick_run
    bottom_up, one_at_a_time = million_counts()
    assert bottom_up in out
    assert one_at_a_time in out
    # levels below the root at 10**6 and 10**9, computed here
    assert f"{(10**6).bit_length() - 1}  ({(10**6).bit_length()} rows" in out
    assert f"{(10**9).bit_length() - 1}  ({(10**9).bit_length()} rows" in out


def test_quick_run_saves_an_svg(quick_run):
    _, svg = quick_run
    text = svg.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<svg")
    assert "heap" in text


# ---------------------------------------------------------------------------
# Texts and markers


def test_texts_load_from_the_source_tree(monkeypatch):
    monkeypatch.setattr(runner, "package_text", lambda name: None)
    for lesson in lessons.LESSONS:
        expected = (ROOT / "lessons" / lesson.text_name).read_text(encoding="utf-8")
        assert runner.load_text(lesson.name) == expected


def test_missing_text_is_reported(monkeypatch, tmp_path):
    monkeypatch.setattr(runner, "package_text", lambda name: None)
    with pytest.raises(runner.LessonTextMissing):
        runner.load_text("heap", source_dir=tmp_path)


def test_texts_load_from_an_installed_package(tmp_path):
    """Lay the package out as a wheel would (texts inside, no lessons/ beside)."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "dsa", site / "dsa",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    texts = site / "dsa" / "lessons" / "texts"
    texts.mkdir(exist_ok=True)
    for md in (ROOT / "lessons").glob("*.md"):
        shutil.copy2(md, texts / md.name)
    code = ("import dsa.lessons.runner as r, sys; "
            "assert r.package_text('heap') is not None; "
            "assert not (r.SOURCE_TEXTS / 'heap.md').exists(); "
            "sys.stdout.write(r.load_text('heap'))")
    env = dict(os.environ, PYTHONPATH=str(site))
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (ROOT / "lessons" / "heap.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("lesson", lessons.LESSONS, ids=lambda l: l.name)
def test_every_marker_has_a_function_and_every_function_a_marker(lesson):
    parsed = runner.parse(runner.load_text(lesson.name))
    hooks = runner.lesson_module(lesson)
    assert parsed.markers(), "a lesson without live parts"
    assert parsed.markers() == hooks.registered()
    runner.check_markers(parsed, hooks, lesson.name)


def test_parse_splits_at_level_two_headings_outside_code():
    text = ("# Title\n\nintro\n\n## One\n\ntext\n<!-- show: a -->\nmore\n\n"
            "```\n## not a step\n<!-- show: not_a_marker -->\n```\n\n"
            "## Two\n\nquestion\n<!-- reveal -->\nanswer\n")
    lesson = runner.parse(text)
    assert lesson.title == "Title"
    assert [s.title for s in lesson.steps] == ["Title", "One", "Two"]
    assert [k for k, _ in lesson.steps[1].parts] == ["markdown", "show", "markdown"]
    assert "## not a step" in lesson.steps[1].parts[2][1]
    assert [k for k, _ in lesson.steps[2].parts] == ["markdown", "reveal", "markdown"]
    assert lesson.markers() == {("show", "a")}


def test_hooks_reject_duplicates_and_unknown_kinds():
    hooks = runner.Hooks()
    hooks.experiment("x")(lambda ctx: None)
    with pytest.raises(ValueError):
        hooks.experiment("x")(lambda ctx: None)
    with pytest.raises(ValueError):
        hooks.register("dance", "y")


# ---------------------------------------------------------------------------
# Pausing and quitting


def test_pause_waits_in_a_terminal_and_q_quits(monkeypatch):
    console = Console(file=io.StringIO(), width=100)
    answers = iter(["", "q"])
    monkeypatch.setattr(console, "input", lambda *a, **k: next(answers))
    ctx = runner.Context(console=console, interactive=True)
    ctx.pause()                                   # Enter: goes on
    with pytest.raises(runner.QuitLesson):
        ctx.pause()                               # q: stops
    runner.Context(console=console, interactive=False).pause()  # never asks


def test_interactive_run_stops_on_q(monkeypatch):
    buffer = io.StringIO()
    console = Console(file=buffer, width=100)
    monkeypatch.setattr(runner, "stdio_is_terminal", lambda: True)
    monkeypatch.setattr(console, "input", lambda *a, **k: "q")
    status = runner.run(lessons.find("heap"), quick=True, console=console)
    assert status == 0
    assert "Stopped" in buffer.getvalue()


# ---------------------------------------------------------------------------
# Without the C twins


def test_lesson_runs_without_the_c_twins(monkeypatch):
    out = lesson_without_c(monkeypatch, "heap")   # says what it skipped
    # the pure-Python parts still ran to the end, exact counts included
    bottom_up, one_at_a_time = million_counts()
    assert bottom_up in out and one_at_a_time in out
    assert "This run took" in out


def test_a_c_twin_that_does_not_load_is_explained(monkeypatch):
    import dsa.native

    monkeypatch.setattr(dsa.native, "available", True)
    monkeypatch.setitem(sys.modules, "dsa.native.heap", None)   # import fails
    buffer = io.StringIO()
    ctx = runner.Context(console=Console(file=buffer, width=100))
    assert ctx.native_module("heap") is None
    assert ctx.require_native("the C heap", "heap") is None
    out = buffer.getvalue()
    assert "C twins missing" in out and "dsa.native.heap did not load" in out


def test_quick_run_ends_by_naming_the_practice_problems(quick_run):
    out, _ = quick_run
    ending = out[out.index("Practise it"):]
    for name in ("kth-largest", "dijkstra"):
        assert name in ending, name


@pytest.mark.parametrize("lesson", ["heap", "hashtable", "linkedlist", "deque"])
def test_every_lesson_names_problems_that_practise_it(lesson):
    from dsa.lessons.runner import practice_panel, practice_problems

    problems = practice_problems(lesson)
    assert problems, f"no practice problem practises the {lesson} lesson"
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(practice_panel(lesson))
    text = console.export_text()
    assert all(p.name in text for p in problems)


def test_every_practice_problem_is_named_by_some_lesson():
    from dsa.lessons.runner import LESSON_STRUCTURES, practice_problems
    from dsa.practice import registry

    named = {p.name for lesson in LESSON_STRUCTURES for p in practice_problems(lesson)}
    assert named == set(registry.names())
