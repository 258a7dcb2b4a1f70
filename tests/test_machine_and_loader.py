"""The scaffolding under the lessons and benchmarks: machine facts, timing,
the native build script and the loader of the C twins."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import dsa.native
from dsa import machine, timing

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "native"))
import build_cffi  # noqa: E402


@pytest.mark.parametrize("text, expected", [
    ("32K", 32 * 1024), ("9216K", 9216 * 1024), ("1M", 1024**2),
    ("512", 512), ("2G", 2 * 1024**3),
])
def test_cache_sizes_parse_as_the_kernel_writes_them(text, expected):
    assert machine._parse_size(text + "\n") == expected


@pytest.mark.parametrize("text, expected", [
    ("0", 1), ("0-3", 4), ("0-3,6", 5), ("0,2,4-5", 4),
])
def test_shared_cpu_lists_are_counted(text, expected):
    assert machine._count_cpus(text) == expected


def test_this_machine_is_described_without_raising():
    here = machine.this_machine()
    assert here.cpus >= 1 and here.cpu
    assert here.line_bytes in (32, 64, 128)
    assert here.python.startswith(("CPython", "PyPy"))
    assert "i5-9400F" in machine.PUBLISHED.summary()


@pytest.mark.parametrize("n, text", [
    (0, "0 B"), (1536, "1.5 KiB"), (32 * 1024, "32 KiB"), (9 * 1024**2, "9 MiB"),
])
def test_format_bytes(n, text):
    assert machine.format_bytes(n) == text


@pytest.mark.parametrize("seconds, text", [
    (72.0, "72.0 s"), (1.39, "1.39 s"), (0.0548, "54.8 ms"),
    (71e-9, "71.0 ns"), (322.7e-3, "323 ms"),
])
def test_format_seconds_picks_a_readable_unit(seconds, text):
    assert timing.format_seconds(seconds) == text


def test_measure_reports_every_run_after_the_warmup():
    calls = []
    result = timing.measure(lambda: calls.append(1), repeat=4, warmup=2,
                            setup=lambda: calls.append(0))
    assert len(result.runs) == 4
    assert calls.count(1) == 6 and calls.count(0) == 6
    assert result.median >= 0 and result.best <= result.median
    with pytest.raises(ValueError):
        timing.measure(lambda: None, repeat=0)


def test_every_header_with_markers_reaches_the_cdef():
    cdef = build_cffi.cdef_text()
    for header in (ROOT / "native").glob("*.h"):
        if "cffi:begin" in header.read_text():
            assert f"/* {header.name} */" in cdef
    assert "dsa_trace_lines" in cdef and "DSA_EEMPTY" in cdef


@pytest.mark.skipif(not dsa.native.available, reason=dsa.native.why_unavailable)
def test_a_separate_build_is_loaded_through_DSA_NATIVE_DIR(tmp_path):
    # Building in place needs setuptools, which a Python 3.12+ virtual
    # environment does not have unless asked for (pip builds in isolation).
    pytest.importorskip("setuptools", reason="building the C twins needs setuptools")
    built = build_cffi.build_into(tmp_path, sanitize=False)
    assert {p.name.split(".")[0] for p in built} == {"_dsa_native",
                                                     "_dsa_native_traced"}
    code = ("import dsa.native._loader as L; ffi, lib = L.load(True); "
            "print(L.load(False)[1].dsa_trace_enabled(), lib.dsa_trace_enabled(),"
            " type(lib).__module__ if False else '')")
    env = dict(os.environ, DSA_NATIVE_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    assert out.split()[:2] == ["0", "1"]


def test_missing_twins_are_reported_with_instructions(tmp_path):
    env = dict(os.environ, DSA_NATIVE_DIR=str(tmp_path))   # an empty folder
    code = ("import dsa.native as n; print(n.available); "
            "print(n.why_unavailable)\n"
            "try:\n    n.BinaryHeap\nexcept n.NativeUnavailable as e:\n"
            "    print('raised', str(e) == n.why_unavailable)")
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    assert lines[0] == "False"
    # the one advice text (dsa._install), for a DSA_NATIVE_DIR with no build
    assert lines[1].startswith("The C twins of dsa are not available (")
    assert f"build_cffi.py --outdir {tmp_path}" in lines[1]
    assert lines[-1] == "raised True"


# -- python -m dsa.machine ----------------------------------------------------------

def _machine_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dsa.machine", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_machine_command_prints_both_machines():
    out = _machine_cli()
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("this machine:")
    assert "published figures: " + machine.PUBLISHED.summary() in out.stdout


def test_machine_command_has_help_and_refuses_unknown_options():
    helped = _machine_cli("--help")
    assert helped.returncode == 0 and "usage: python -m dsa.machine" in helped.stdout
    refused = _machine_cli("--bogus")
    assert refused.returncode == 2
    assert "unrecognized arguments: --bogus" in refused.stderr
    assert refused.stdout == ""


def test_machine_command_json():
    import json

    out = _machine_cli("--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["published"]["summary"] == machine.PUBLISHED.summary()
    assert data["this_machine"]["cpus"] >= 1
