"""The benchmark harness: its command line, its report, and its honesty.

No timing assertions here: speed targets are checked by running
``python -m dsa.bench heap`` and reading its report, never by tests on a
shared, noisy machine.  These tests check that the harness runs, reports every
row (or says why it skipped one), times what it claims to time (pure-Python
heapq really is Python; the C++ program really drains the C kernel's input),
and degrades to notes instead of crashing.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest
from helpers import (check_bench_listed, check_rows_measured, cpp_program,
                     flat, quick_bench_json, quick_bench_table)
from helpers import run_bench as run_cli

import dsa.native
from dsa.bench import REGISTRY, cpp
from dsa.bench import heap as heap_bench
from dsa.bench.pyheapq import load_pure_python_heapq
from dsa.bench import report as report_module
from dsa.bench.report import Options, Report, Row, Target
from dsa.machine import this_machine
from dsa.timing import Timing

ROOT = Path(__file__).resolve().parent.parent
HAVE_GXX = shutil.which("g++") is not None

EXPECTED_ROWS = {
    "py_heapq_pure", "dsa_heap_functions", "dsa_binaryheap", "heapq_c",
    "py_heapq_pure_int", "heapq_c_int", "native_binaryheap",
    "cpp_priority_queue", "native_drain_2", "native_drain_4",
}
NATIVE_ROWS = {"native_binaryheap", "native_drain_2", "native_drain_4"}


@pytest.fixture(scope="module")
def quick_json(cache_dir) -> dict:
    return quick_bench_json("heap", cache_dir)


# -- the command line -----------------------------------------------------------

def test_listing_names_heap():
    check_bench_listed("heap")


def test_unknown_benchmark_is_a_usage_error():
    result = run_cli("no-such-benchmark")
    assert result.returncode == 2
    assert "no-such-benchmark" in result.stderr


@pytest.mark.parametrize("args", [["heap", "--repeat", "0"],
                                  ["heap", "--repeat", "many"],
                                  ["heap", "--no-such-flag"]])
def test_bad_options_are_usage_errors(args):
    assert run_cli(*args).returncode == 2


def test_every_registry_entry_loads_and_has_run():
    for name, benchmark in REGISTRY.items():
        assert benchmark.name == name
        assert callable(benchmark.load().run)


# -- the JSON report ---------------------------------------------------------------

def test_quick_json_has_every_row(quick_json):
    assert quick_json["benchmark"] == "heap"
    assert quick_json["quick"] is True
    assert quick_json["repeat"] == 2
    assert quick_json["machine"]["summary"]
    rows = {row["key"]: row for row in quick_json["rows"]}
    assert set(rows) == EXPECTED_ROWS
    check_rows_measured(rows, runs=2)


def test_quick_json_skips_only_what_is_missing(quick_json):
    rows = {row["key"]: row for row in quick_json["rows"]}
    for key in EXPECTED_ROWS - NATIVE_ROWS - {"cpp_priority_queue"}:
        assert rows[key]["skipped"] is None, (key, rows[key]["skipped"])
    if dsa.native.available:
        for key in NATIVE_ROWS:
            assert rows[key]["skipped"] is None, (key, rows[key]["skipped"])
            assert rows[key].get("extra", {}).get("ok", True), key
    if HAVE_GXX:
        cpp_row = rows["cpp_priority_queue"]
        assert cpp_row["skipped"] is None, cpp_row["skipped"]
        assert cpp_row["extra"]["ok"] is True
        assert cpp_row["extra"]["checksum_matches"] is True


def test_quick_json_targets(quick_json):
    targets = {t["key"]: t for t in quick_json["targets"]}
    assert set(targets) == {"python_twin_vs_pure_heapq",
                            "c_twin_vs_std_priority_queue",
                            "binaryheap_vs_pure_heapq"}
    class_target = targets["binaryheap_vs_pure_heapq"]
    assert isinstance(class_target["value"], float) and class_target["value"] > 0
    assert class_target["limit"] == 1.3
    assert class_target["pass"] is (class_target["value"] <= 1.3)
    python_target = targets["python_twin_vs_pure_heapq"]
    assert isinstance(python_target["value"], float) and python_target["value"] > 0
    assert python_target["limit"] == 1.15
    assert python_target["pass"] is (python_target["value"] <= 1.15)
    c_target = targets["c_twin_vs_std_priority_queue"]
    assert c_target["limit"] == 1.2
    if dsa.native.available and HAVE_GXX:
        assert isinstance(c_target["value"], float) and c_target["value"] > 0
        assert c_target["pass"] is (c_target["value"] <= 1.2)
    else:
        assert c_target["value"] is None and c_target["reason"]


def test_quick_table_says_quick_and_shows_targets(cache_dir):
    quick_bench_table("heap", cache_dir, targets=3)


# -- honesty of what is timed -------------------------------------------------------

def test_pure_heapq_is_python_and_sys_modules_is_restored():
    before = dict(sys.modules)
    module = load_pure_python_heapq()
    assert dict(sys.modules) == before
    for name in ("heappush", "heappop", "heapify"):
        fn = getattr(module, name)
        assert isinstance(fn, types.FunctionType)
        assert fn.__code__.co_filename.endswith("heapq.py")
    import heapq
    assert not isinstance(heapq.heappush, types.FunctionType)  # still the C one
    heap: list = []
    for x in [5, 1, 4, 2, 3]:
        module.heappush(heap, x)
    assert [module.heappop(heap) for _ in range(5)] == [1, 2, 3, 4, 5]


def test_pure_heapq_loader_leaves_no_accelerator_entry_behind(monkeypatch):
    monkeypatch.delitem(sys.modules, "_heapq", raising=False)
    load_pure_python_heapq()
    assert "_heapq" not in sys.modules


def test_splitmix_matches_the_header_formula():
    # First outputs of splitmix64 seeded with 0 (the published test vector).
    raw = [x & (2**64 - 1) for x in heap_bench.splitmix64_items(3, 0)]
    assert raw == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@pytest.fixture(scope="module")
def drain_program(cache_dir):
    return cpp_program(heap_bench.CPP_SOURCE, cache_dir)


def test_cpp_drain_checksum_matches_python(drain_program):
    for n, seed in ((1, 1), (1000, 1), (4321, 7)):
        result = heap_bench.run_cpp(drain_program, n, seed, 0, 2)
        assert result["ok"] is True
        assert result["checksum"] == heap_bench.expected_checksum(n, seed)
        assert len(result["runs_ns"]) == 2


def test_cpp_input_is_the_kernel_input(drain_program):
    out = subprocess.run([str(drain_program), "values", "50", "1"],
                         capture_output=True, text=True, check=True)
    assert [int(v) for v in out.stdout.split()] == heap_bench.splitmix64_items(50, 1)


@pytest.mark.skipif(not (ROOT / "native" / "common.h").exists(),
                    reason="native/common.h not in this checkout")
def test_cpp_generator_equals_the_c_twins_generator(drain_program, tmp_path):
    # Compile a few lines against the C twins' own header and compare.
    probe = tmp_path / "probe.cpp"
    probe.write_text(
        '#include <cstdio>\n#include <cstring>\n#include "common.h"\n'
        "int main() { uint64_t s = 1; for (int i = 0; i < 50; i++) {"
        " uint64_t u = dsa_splitmix64(&s); int64_t x; std::memcpy(&x, &u, 8);"
        ' std::printf("%lld\\n", (long long)x); } }\n')
    exe = tmp_path / "probe"
    subprocess.run(["g++", "-O2", "-I", str(ROOT / "native"), "-o", str(exe),
                    str(probe)], check=True, capture_output=True)
    from_header = subprocess.run([str(exe)], capture_output=True, text=True,
                                 check=True).stdout.split()
    from_program = subprocess.run([str(drain_program), "values", "50", "1"],
                                  capture_output=True, text=True,
                                  check=True).stdout.split()
    assert from_header == from_program


@pytest.mark.skipif(not dsa.native.available, reason="C twins not built")
def test_kernel_drains_its_input_correctly():
    from dsa.native import heap as native_heap
    assert native_heap.drain(1000, arity=2, seed=1).ok
    assert native_heap.drain(1000, arity=4, seed=1).ok


# -- degrading to notes, not crashes ---------------------------------------------

def test_compile_error_is_reported_not_raised(tmp_path):
    broken = tmp_path / "broken.cpp"
    broken.write_text("int main() { return undeclared; }\n")
    compiled = cpp.compile_program("broken.cpp", source=broken, cache=tmp_path)
    if not HAVE_GXX:
        assert not compiled.ok and "not found" in compiled.error
        return
    assert not compiled.ok
    assert "compile error" in compiled.error
    assert list(tmp_path.glob(".broken-*")) == []      # no half-written binary


def test_missing_compiler_is_reported_not_raised():
    compiled = cpp.compile_program(heap_bench.CPP_SOURCE,
                                   compiler="no-such-compiler-for-dsa")
    assert not compiled.ok
    assert "not found" in compiled.error


def test_run_without_cpp_skips_its_row_and_target(monkeypatch):
    monkeypatch.setattr(cpp, "compile_program",
                        lambda *a, **k: cpp.Compiled(None, "g++ ...", "g++ not found on PATH"))
    report = heap_bench.run(Options(quick=True, repeat=1))
    row = report.row("cpp_priority_queue")
    assert row.median is None and "not found" in row.skipped
    target = next(t for t in report.targets if t.key == "c_twin_vs_std_priority_queue")
    assert target.value is None and target.passed is None and target.reason
    assert any("C++ row skipped" in note for note in report.notes)
    json.dumps(report.to_json())       # still serialisable


def test_targets_come_from_medians_of_the_same_report():
    rows = [Row("a", "A", "g", 10, timing=Timing((1.0, 2.0, 9.0)), baseline="b"),
            Row("b", "B", "g", 10, timing=Timing((1.0, 1.0, 1.0)), baseline="b")]
    report = Report("t", "t", "t", this_machine(), Options(), rows,
                    [Target("k", "a vs b", "a", "b", 1.5)])
    report.resolve()
    assert report.row("a").ratio == 2.0
    assert report.targets[0].value == 2.0
    assert report.targets[0].passed is False


# -- without the C twins -------------------------------------------------------------

def test_without_the_c_twins_the_build_advice_is_given_once(cache_dir, tmp_path):
    # An empty DSA_NATIVE_DIR makes the twins unavailable in the child.
    env = {"DSA_BENCH_CACHE_DIR": str(cache_dir), "DSA_NATIVE_DIR": str(tmp_path),
           "COLUMNS": "120"}
    result = run_cli("heap", "--quick", "--repeat", "1", env=env)
    assert result.returncode == 0, result.stderr
    out = flat(result.stdout)
    assert out.count("build_cffi.py --outdir") == 1
    assert f"DSA_NATIVE_DIR={tmp_path} is set" in out
    # the skipped C rows point at that note, named together on one line
    assert out.count("skipped, " + report_module.NATIVE_MISSING) == 1
    assert ("dsa.native.heap.drain, arity 2, dsa.native.heap.drain, arity 4: "
            "skipped") in out

    result = run_cli("heap", "--quick", "--json", "--repeat", "1", env=env)
    report = json.loads(result.stdout)
    skipped = {r["key"]: r["skipped"] for r in report["rows"]}
    for key in NATIVE_ROWS:
        assert skipped[key] == report_module.NATIVE_MISSING
    assert sum("build_cffi.py --outdir" in note for note in report["notes"]) == 1


def test_a_report_without_skipped_c_rows_gives_no_build_advice():
    row = Row("a", "a", "g", 10, timing=Timing((1.0,)), baseline="a")
    report = Report("x", "x", "w", this_machine(), Options(), [row], [])
    assert report.all_notes() == []
    row.skipped, row.timing = report_module.NATIVE_MISSING, None
    assert len(report.all_notes()) == 1
