"""The hash-table benchmark: its command line, its report, and its honesty.

No timing assertions here (see tests/test_bench_harness.py): speed targets are read
from ``python -m dsa.bench hashtable``, never asserted on a shared machine.
These tests check that the benchmark runs, reports every row (or says why it
skipped one), states its three targets with numbers, and that the C++
program really uses the C kernel's keys in the kernel's orders.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import (check_bench_listed, check_rows_measured, cpp_program,
                     quick_bench_json, quick_bench_table)
from helpers import run_bench as run_cli

import dsa.native
from dsa.bench import REGISTRY, cpp
from dsa.bench import hashtable as ht_bench
from dsa.bench.report import Options

ROOT = Path(__file__).resolve().parent.parent
NATIVE_SRC = ROOT / "native"
HAVE_GXX = shutil.which("g++") is not None
HAVE_GCC = shutil.which("gcc") is not None

_PY_OPS = ("insert", "hit", "miss")
_C_OPS = ("insert", "hit", "miss", "delete")
CALL_ROWS = {f"{c}_{op}" for c in ("call_dict", "call_native_chained",
                                   "call_native_open") for op in _PY_OPS}
PY_INT_ROWS = {f"{c}_{op}" for c in ("py_dict", "py_chained", "py_open")
               for op in _PY_OPS}
C_ROWS = {f"{c}_{op}" for c in ("c_open", "c_chained_malloc", "c_chained_pool")
          for op in _C_OPS}
CPP_ROWS = {f"{c}_{op}" for c in ("cpp_umap", "cpp_umap_reserve")
            for op in _C_OPS}
# The stronger C++ peers, measured where their library is installed.
PEERS = {cmap.key: cmap for cmap in ht_bench.cpp_maps()[1:]}
PEER_ROWS = {f"{c}{r}_{op}" for c in PEERS for r in ("", "_reserve")
             for op in _C_OPS}
STR_ROWS = {f"{c}_{op}" for c in ("str_dict", "str_chained", "str_open")
            for op in ("insert", "hit", "hit_settled")}
MINIMAL_OPS = ("insert", "update", "hit", "miss")
MINIMAL_ROWS = {f"{c}_{op}" for c in ("min_chained", "tb_chained", "min_open",
                                      "tb_open") for op in MINIMAL_OPS}
NATIVE_ROWS = C_ROWS | {r for r in CALL_ROWS if "native" in r}
EXPECTED_ROWS = (CALL_ROWS | PY_INT_ROWS | C_ROWS | CPP_ROWS | PEER_ROWS
                 | STR_ROWS | MINIMAL_ROWS)
TARGETS = {"c_open_hit_vs_unordered_map": (2.0, ">="),
           "py_chained_vs_dict_str": (4.0, "<="),
           "py_open_vs_dict_str": (4.0, "<="),
           **{f"tb_{kind}_vs_minimal_{op}": (1.3, "<=")
              for kind in ("chained", "open") for op in MINIMAL_OPS},
           "c_open_hit_vs_absl": (1.0, "<="),
           "c_open_miss_vs_absl": (1.5, "<=")}


@pytest.fixture(scope="module")
def quick_json(cache_dir) -> dict:
    return quick_bench_json("hashtable", cache_dir)


# -- the command line -----------------------------------------------------------

def test_listing_names_hashtable():
    check_bench_listed("hashtable")
    assert callable(REGISTRY["hashtable"].load().run)


@pytest.mark.parametrize("args", [["hashtable", "--repeat", "0"],
                                  ["hashtable", "--no-such-flag"]])
def test_bad_options_are_usage_errors(args):
    assert run_cli(*args).returncode == 2


# -- the JSON report ---------------------------------------------------------------

def test_quick_json_has_every_row(quick_json):
    assert quick_json["benchmark"] == "hashtable"
    assert quick_json["quick"] is True
    assert quick_json["repeat"] == 2
    assert quick_json["machine"]["summary"]
    assert any("load average" in note for note in quick_json["notes"])
    rows = {row["key"]: row for row in quick_json["rows"]}
    assert set(rows) == EXPECTED_ROWS
    check_rows_measured(rows, runs=2)
    for key, row in rows.items():
        if row["skipped"] is None:
            assert row["baseline"] in rows, key


def test_quick_json_skips_only_what_is_missing(quick_json):
    rows = {row["key"]: row for row in quick_json["rows"]}
    for key in EXPECTED_ROWS - NATIVE_ROWS - CPP_ROWS - PEER_ROWS:
        assert rows[key]["skipped"] is None, (key, rows[key]["skipped"])
    if dsa.native.available:
        for key in NATIVE_ROWS:
            assert rows[key]["skipped"] is None, (key, rows[key]["skipped"])
        for key in C_ROWS:
            assert rows[key]["extra"]["ok"] is True, key
    if HAVE_GXX:
        for key in CPP_ROWS:
            row = rows[key]
            assert row["skipped"] is None, row["skipped"]
            assert row["extra"]["ok"] is True, key
            assert row["extra"]["checksum_matches"] is True, key
    else:
        for key in CPP_ROWS:
            assert rows[key]["skipped"]


def test_quick_json_targets(quick_json):
    targets = {t["key"]: t for t in quick_json["targets"]}
    assert set(targets) == set(TARGETS)
    for key, (limit, direction) in TARGETS.items():
        t = targets[key]
        assert t["limit"] == limit
        assert t["direction"] == direction
        if key == "c_open_hit_vs_unordered_map" and not (
                dsa.native.available and HAVE_GXX):
            assert t["value"] is None and t["reason"]
            continue
        if key.endswith("_vs_absl") and not (
                dsa.native.available and PEERS["cpp_absl"].missing is None):
            assert t["value"] is None and t["reason"]
            continue
        assert isinstance(t["value"], float) and t["value"] > 0, key
        expected = t["value"] >= limit if direction == ">=" else t["value"] <= limit
        assert t["pass"] is expected
    # The yardstick of target 1 is the faster of the two unordered_map rows.
    rows = {row["key"]: row for row in quick_json["rows"]}
    c_target = targets["c_open_hit_vs_unordered_map"]
    assert c_target["denominator"] == "c_open_hit"
    assert c_target["numerator"] in {"cpp_umap_hit", "cpp_umap_reserve_hit"}
    if c_target["value"] is not None:
        yard = min(rows["cpp_umap_hit"]["median_s"],
                   rows["cpp_umap_reserve_hit"]["median_s"])
        assert rows[c_target["numerator"]]["median_s"] == yard
        assert c_target["value"] == pytest.approx(
            yard / rows["c_open_hit"]["median_s"])
    for key in ("py_chained_vs_dict_str", "py_open_vs_dict_str"):
        t = targets[key]
        assert t["value"] == pytest.approx(
            rows[t["numerator"]]["median_s"]
            / rows["str_dict_hit_settled"]["median_s"])
        assert t["numerator"].endswith("_hit_settled")


def test_quick_table_says_quick_and_shows_targets(cache_dir):
    out = quick_bench_table("hashtable", cache_dir, targets=len(TARGETS))
    assert "load average" in out


# -- honesty of what is timed -------------------------------------------------------

def test_kernel_input_matches_the_generator():
    data = ht_bench.kernel_input(4, 0)
    # First outputs of splitmix64 seeded with 0 (the published test vector).
    raw = [x & (2**64 - 1) for x in data.keys + data.misses]
    assert raw[:3] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4,
                       0x06C45D188009454F]
    big = ht_bench.kernel_input(300, 1)
    assert len(set(big.keys + big.misses)) == 600
    assert sorted(big.hit_order) == sorted(big.keys)
    assert sorted(big.delete_order) == sorted(big.keys)
    assert big.hit_order != big.keys and big.delete_order != big.hit_order


def test_python_loops_store_find_and_miss():
    data = ht_bench.kernel_input(200, 3)
    made = []

    def make():
        made.append({})
        return made[-1]
    phases, _ = ht_bench.int_ops(make, data.keys, data.hit_order,
                                 data.misses)()
    assert set(phases) == {"insert", "hit", "miss"}
    assert all(s >= 0 for s in phases.values())
    assert made[0] == {k: k for k in data.keys}


@pytest.fixture(scope="module")
def lookup_program(cache_dir):
    return cpp_program(ht_bench.CPP_SOURCE, cache_dir)


def test_cpp_keys_are_the_python_recomputation(lookup_program):
    data = ht_bench.kernel_input(64, 5)
    keys = ht_bench.cpp_keys(lookup_program, 64, 5)
    assert keys == {"insert": data.keys, "hit": data.hit_order,
                    "miss": data.misses, "delete": data.delete_order}


@pytest.mark.parametrize("reserve", [False, True])
def test_cpp_checksum_matches_python(lookup_program, reserve):
    for n, seed in ((1, 1), (1000, 1), (4321, 7)):
        result = ht_bench.run_cpp(lookup_program, n, seed, 0, 2, reserve)
        assert result["ok"] is True
        assert result["checksum"] == ht_bench.expected_checksum(
            ht_bench.kernel_input(n, seed))
        assert len(result["runs_ns"]) == 2
        assert set(result["runs_ns"][0]) == {"insert", "hit", "miss", "delete"}
        assert result["buckets"] >= n


def test_cpp_usage_errors(lookup_program):
    for args in ([], ["ops", "10", "1", "0", "0", "0"],
                 ["ops", "10", "1", "0", "1", "2"], ["keys", "-1", "1"]):
        out = subprocess.run([str(lookup_program), *args],
                             capture_output=True, text=True)
        assert out.returncode == 2, args


@pytest.mark.skipif(not ((NATIVE_SRC / "hashtable_kernels.c").exists() and HAVE_GCC),
                    reason="native/hashtable_kernels.c or gcc not available")
def test_cpp_keys_are_the_c_kernels_keys(lookup_program, tmp_path):
    # Compile the kernel's own key maker (hashtable_kernels.c's random_keys and
    # shuffle, in the order dsa_ht_kernel_ops calls them) and compare.
    probe = tmp_path / "probe.c"
    probe.write_text(
        '#include <stdio.h>\n#include "hashtable_kernels.c"\n'
        "int main(void) {\n"
        "  enum { N = 64 }; uint64_t s = 5; int64_t k[2 * N], o[N];\n"
        "  random_keys(k, 2 * N, &s); memcpy(o, k, sizeof o);\n"
        "  shuffle(o, N, &s);\n"
        '  for (int i = 0; i < N; i++) printf("insert %lld\\n", (long long)k[i]);\n'
        '  for (int i = 0; i < N; i++) printf("hit %lld\\n", (long long)o[i]);\n'
        '  for (int i = 0; i < N; i++) printf("miss %lld\\n", (long long)k[N + i]);\n'
        "  shuffle(o, N, &s);\n"
        '  for (int i = 0; i < N; i++) printf("delete %lld\\n", (long long)o[i]);\n'
        "  return 0;\n}\n")
    exe = tmp_path / "probe"
    sources = [str(p) for p in (NATIVE_SRC / "common.c", NATIVE_SRC / "trace.c",
                                NATIVE_SRC / "hashtable.c",
                                NATIVE_SRC / "hashtable_chained.c",
                                NATIVE_SRC / "hashtable_open.c")
               if p.exists()]
    built = subprocess.run(["gcc", "-std=c11", "-O2", "-I", str(NATIVE_SRC),
                            "-o", str(exe), str(probe), *sources],
                           capture_output=True, text=True)
    if built.returncode != 0:
        pytest.skip(f"probe against the hash-table sources did not build: "
                    f"{built.stderr[-300:]}")
    from_kernel = subprocess.run([str(exe)], capture_output=True, text=True,
                                 check=True).stdout
    from_program = subprocess.run([str(lookup_program), "keys", "64", "5"],
                                  capture_output=True, text=True,
                                  check=True).stdout
    assert from_kernel == from_program


@pytest.mark.skipif(not dsa.native.available, reason="C twins not built")
def test_kernel_checks_its_own_results():
    from dsa.native import hashtable as native_ht
    for table, nodes in (("open", "malloc"), ("chained", "malloc"),
                         ("chained", "pool")):
        assert native_ht.ops(1000, table=table, nodes=nodes, seed=1).ok


# -- degrading to notes, not crashes ---------------------------------------------

def test_at_least_target_passes_upward():
    t = ht_bench.AtLeastTarget("k", "d", "a", "b", 2.0, value=2.5)
    assert t.passed is True
    t.value = 1.5
    assert t.passed is False
    t.value = None
    assert t.passed is None


def test_run_without_cpp_skips_its_rows_and_target(monkeypatch):
    monkeypatch.setattr(cpp, "compile_program",
                        lambda *a, **k: cpp.Compiled(None, "g++ ...",
                                                     "g++ not found on PATH"))
    report = ht_bench.run(Options(quick=True, repeat=1))
    for key in CPP_ROWS:
        row = report.row(key)
        assert row.median is None and "not found" in row.skipped
    target = next(t for t in report.targets
                  if t.key == "c_open_hit_vs_unordered_map")
    assert target.value is None and target.passed is None and target.reason
    assert any("C++ rows skipped" in note for note in report.notes)
    json.dumps(report.to_json())       # still serialisable


# -- the stronger C++ peers ------------------------------------------------------------

def test_quick_json_peers_are_measured_or_skipped_with_one_line(quick_json):
    rows = {row["key"]: row for row in quick_json["rows"]}
    for key, cmap in PEERS.items():
        for variant in (key, f"{key}_reserve"):
            for op in _C_OPS:
                row = rows[f"{variant}_{op}"]
                if cmap.missing is not None:
                    assert row["skipped"] == cmap.missing
                    assert "\n" not in cmap.missing
                    continue
                assert row["skipped"] is None, row["skipped"]
                assert row["extra"]["ok"] is True
                assert row["extra"]["checksum_matches"] is True


def test_absl_targets_compare_the_c_twin_with_the_faster_absl_row(quick_json):
    rows = {row["key"]: row for row in quick_json["rows"]}
    targets = {t["key"]: t for t in quick_json["targets"]}
    for op in ("hit", "miss"):
        t = targets[f"c_open_{op}_vs_absl"]
        assert t["numerator"] == f"c_open_{op}"
        assert t["denominator"] in {f"cpp_absl_{op}", f"cpp_absl_reserve_{op}"}
        if t["value"] is None:
            continue
        yard = min(rows[f"cpp_absl_{op}"]["median_s"],
                   rows[f"cpp_absl_reserve_{op}"]["median_s"])
        assert rows[t["denominator"]]["median_s"] == yard
        assert t["value"] == pytest.approx(rows[f"c_open_{op}"]["median_s"] / yard)


def test_a_missing_library_is_a_one_line_reason(monkeypatch):
    monkeypatch.setattr(cpp, "preprocess", lambda *a, **k: None)
    absl = ht_bench.absl_flat_hash_map()
    assert absl.missing and "libabsl-dev" in absl.missing
    boost = ht_bench.boost_unordered_flat_map()
    assert boost.missing and "1.81" in boost.missing


@pytest.mark.parametrize("version, found", [("107400", False), ("108100", True),
                                            ("108600", True)])
def test_boost_before_1_81_is_refused(monkeypatch, version, found):
    monkeypatch.setattr(cpp, "preprocess",
                        lambda *a, **k: f"# a line\n{version}\n")
    boost = ht_bench.boost_unordered_flat_map()
    assert (boost.missing is None) is found
    if not found:
        assert boost.missing == ("Boost 1.74 found; unordered_flat_map needs "
                                 "1.81 or later")


@pytest.mark.parametrize("peer", ["cpp_absl", "cpp_boost"])
def test_peer_program_checksum_matches_python(peer, cache_dir):
    cmap = PEERS[peer]
    if cmap.missing is not None:
        pytest.skip(cmap.missing)
    compiled = cpp.compile_program(ht_bench.CPP_SOURCE, flags=cmap.flags,
                                   libs=cmap.libs, cache=cache_dir)
    assert compiled.ok, compiled.error
    for reserve in (False, True):
        result = ht_bench.run_cpp(compiled.executable, 4321, 7, 0, 1, reserve)
        assert result["ok"] is True
        assert result["checksum"] == ht_bench.expected_checksum(
            ht_bench.kernel_input(4321, 7))


def test_libraries_are_part_of_the_cached_program(tmp_path, cache_dir):
    if not HAVE_GXX:
        pytest.skip("g++ not found")
    src = tmp_path / "hello.cpp"
    src.write_text("int main() { return 0; }\n")
    plain = cpp.compile_program("hello.cpp", source=src, cache=tmp_path)
    linked = cpp.compile_program("hello.cpp", source=src, cache=tmp_path,
                                 libs=("-lm",))
    assert plain.ok and linked.ok
    assert plain.executable != linked.executable
    assert linked.command.endswith("hello.cpp -lm")
