"""The deque lesson and the deque benchmark.

The quick lesson and the quick benchmark each run once, in a subprocess,
exactly as a learner would start them; the other tests read their output.
Exact figures (the block fills of a known sequence, the bytes a small C
deque asks for, the ring's power-of-two size, the C++ checksum) are computed
here, independently of the lesson.  No test asserts on a time.
"""

from __future__ import annotations

import math
import subprocess
from collections import deque

import pytest

from dsa.bench import cpp
from dsa.bench import deque as bench
from dsa.deque import BlockedDeque
from dsa.lessons import deque as lesson
from dsa.lessons import runner

from helpers import (column_text, check_bench_listed, check_lesson_listed, check_quick_run,
                     check_suspect_figure, flat, lesson_without_c,
                     quick_bench_json, quick_lesson, run_module)




_run = run_module




def native_deque_ok() -> bool:
    """dsa.native.deque is built and loads (its kernels included)."""
    module, _ = bench.native_deque_module()
    return module is not None and hasattr(module, "ends")


# ---------------------------------------------------------------------------
# The lesson


def test_lesson_is_listed():
    check_lesson_listed("deque")


def test_markers_and_hooks_match():
    parsed = runner.parse(runner.load_text("deque"))
    runner.check_markers(parsed, lesson.hooks, "deque")
    assert {m for m in parsed.markers() if m[0] != "claim"} == {
        ("experiment", "front_insert"), ("animation", "blocks"),
        ("experiment", "block_sweep"), ("experiment", "ring_growth"),
        ("experiment", "fifo"), ("experiment", "ring_deque"),
        ("experiment", "spare_blocks"), ("experiment", "bounded_buffer"),
        ("experiment", "rotate_cost")}
    assert {name for kind, name in parsed.markers() if kind == "claim"} == {
        "front_insert_ratio_large", "block_1_lines", "block_4096_like_64",
        "blocked_has_no_growth_pause", "blocked_behind_deque",
        "list_queue_behind_deque", "ring_indexes_in_constant_time",
        "ring_queue_like_blocks", "ring_copies_under_two", "spares_allocate_nothing",
        "spares_save_little_time", "maxlen_cost_flat", "maxlen_list_grows",
        "rotate_the_short_way", "rotate_grows_with_distance"}
    assert sum(kind == "reveal" for step in parsed.steps for kind, _ in step.parts) == 5


@pytest.fixture(scope="module")
def quick_out() -> str:
    return quick_lesson("deque")


def test_quick_run_shows_published_and_measured(quick_out):
    out = quick_out
    check_quick_run(out, ("53.3 ns", "25,434 ns"),
                    ("Experiment 1", "Experiment 3", "Experiment 4"))
    # The published ratio, 25,434 / 53.3, in its cell, however the cell wraps.
    ratios = column_text(out, "the ratio that matters")
    assert f"list / deque: {25_434 / 53.3:.0f}x published · " in ratios
    assert "quick mode: lists of 100,000 and 10,000" in out


def test_quick_run_handles_the_suspect_figure(quick_out):
    check_suspect_figure(quick_out)
    assert "about 100,000" in flat(quick_out)


def _expected_frames() -> list[tuple[str, str]]:
    """(call, fills) after each operation of the lesson's sequence, from the
    real BlockedDeque, checked against collections.deque."""
    d, ref = BlockedDeque(block_size=4), deque()
    frames = []
    for op, arg in lesson.PICTURE_OPS:
        args = () if arg is None else (arg,)
        got = getattr(d, op)(*args)
        assert got == getattr(ref, op)(*args)
        assert list(d) == list(ref)
        call = f"{op}({'' if arg is None else arg})"
        if got is not None:
            call += f" -> {got}"
        frames.append((call, " ".join(f"{len(b)}/4" for b in d.blocks())))
    return frames


def test_block_picture_is_exact(quick_out):
    frames = _expected_frames()
    # worked by hand: three appends fill 2 of the first block's centre-started
    # slots and spill one into a second block; two more appendlefts after it
    # is full link a third block on the left.
    assert frames[2] == ("append(3)", "2/4 1/4")
    assert frames[8] == ("appendleft(-2)", "1/4 4/4 4/4")
    lines = [line.strip() for line in quick_out.splitlines()]
    # each frame: the call and its drawing, then the state on the line under it
    for call, fill in frames:
        assert any(line.startswith(call + " ") and f"fills {fill} ·" in after
                   for line, after in zip(lines, lines[1:])), (call, fill)
    final = deque()
    for op, arg in lesson.PICTURE_OPS:
        getattr(final, op)(*(() if arg is None else (arg,)))
    assert f"the deque holds {list(final)}" in flat(quick_out)


def test_quick_run_fifo_sizes_said(quick_out):
    out = flat(quick_out)
    assert "deques at 100,000 items, the list at 10,000" in out


@pytest.mark.skipif(not native_deque_ok(), reason="dsa.native.deque not built")
def test_quick_run_c_parts(quick_out):
    out = flat(quick_out)
    assert "Experiment 2: block size, swept in C (100,000 int64 items)" in out
    assert "block 4096" in out and "ring buffer" in out
    # bytes a 10-item C deque asks for: the 128-byte header and ceil(10/b)
    # blocks of 16 + 8b bytes (extend into an empty deque fills from the
    # left edge of a block)
    for b in (1, 8, 64, 512, 4096):
        nbytes = 128 + math.ceil(10 / b) * (16 + 8 * b)
        assert f"{nbytes:,} B for 10 items" in out, b
    # the ring's array after 100,000 push_backs: the next power of two
    ring = 8 * 2 ** math.ceil(math.log2(100_000)) / 100_000
    assert f"{ring:.2f} vs" in out
    assert "WRONG RESULT" not in out


def test_runs_without_the_c_twins(monkeypatch):
    # the C step and the ring-buffer step (which has a C row), quick
    out = lesson_without_c(monkeypatch, "deque", [4, 5])
    assert "Experiment 3" in out and "Experiment 2" not in out  # Python part ran


# ---------------------------------------------------------------------------
# The benchmark


def test_bench_is_listed():
    check_bench_listed("deque")


def test_bench_quick_json():
    report = quick_bench_json("deque")
    rows = {row["key"]: row for row in report["rows"]}
    for key in ("py_deque", "py_blocked", "native_per_call", "py_deque_small",
                "py_blocked_small", "py_list", "cpp_deque", "native_fifo_1",
                "native_fifo_8", "native_fifo_64", "native_fifo_512",
                "native_fifo_4096", "native_fifo_ring"):
        assert key in rows, key
    assert rows["py_list"]["n"] < rows["py_deque"]["n"]
    for key in ("py_deque", "py_blocked", "py_list"):
        assert rows[key]["median_s"] > 0
    targets = {t["key"]: t for t in report["targets"]}
    assert set(targets) == {"c_twin_vs_std_deque", "python_twin_vs_collections_deque"}
    assert targets["c_twin_vs_std_deque"]["limit"] == 1.0
    assert targets["python_twin_vs_collections_deque"]["limit"] == 6.0
    t2 = targets["python_twin_vs_collections_deque"]
    assert isinstance(t2["value"], float) and t2["value"] > 0
    assert t2["pass"] in (True, False)
    if native_deque_ok():
        for layout in bench.LAYOUTS:
            assert rows[f"native_fifo_{layout}"]["extra"]["ok"] is True, layout
        assert rows["native_per_call"]["median_s"] > 0
    if cpp.compile_program(bench.CPP_SOURCE).ok:
        extra = rows["cpp_deque"]["extra"]
        assert extra["ok"] is True and extra["checksum_matches"] is True
        assert extra["checksum"] == bench.expected_checksum(rows["cpp_deque"]["n"])
    if native_deque_ok() and cpp.compile_program(bench.CPP_SOURCE).ok:
        t1 = targets["c_twin_vs_std_deque"]
        assert isinstance(t1["value"], float) and t1["value"] > 0
        assert t1["pass"] in (True, False)


def _splitmix64(n: int, seed: int) -> list[int]:
    """splitmix64 written out again here, read as signed int64."""
    mask, out, state = (1 << 64) - 1, [], seed
    for _ in range(n):
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        out.append(z - (1 << 64) if z >> 63 else z)
    return out


def test_cpp_checksum_matches_python(tmp_path):
    compiled = cpp.compile_program(bench.CPP_SOURCE, cache=tmp_path)
    if not compiled.ok:
        pytest.skip(f"no C++ program: {compiled.error}")
    exe = str(compiled.executable)
    values = subprocess.run([exe, "values", "5", "7"], capture_output=True,
                            text=True, timeout=60)
    assert [int(v) for v in values.stdout.split()] == _splitmix64(5, 7)
    n, seed = 1000, 3
    out = bench.run_cpp(compiled.executable, n, seed, 0, 2)
    assert out["ok"] and len(out["runs_ns"]) == 2
    h = 0
    for v in _splitmix64(n, seed):        # a FIFO pops the input in order
        h = ((h ^ (v & ((1 << 64) - 1))) * 0x100000001B3) & ((1 << 64) - 1)
    assert out["checksum"] == h == bench.expected_checksum(n, seed)
    bad = subprocess.run([exe, "fifo", "10"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2


def test_bench_usage_error():
    result = _run("dsa.bench", "deque", "--repeat", "0")
    assert result.returncode == 2
