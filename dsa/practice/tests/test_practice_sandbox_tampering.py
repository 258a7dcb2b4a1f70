"""Learner files that tamper with the grader's channel, reference and record.

Forged frames on the channel, answers too large to send, reaching the
reference solution, patching the grader's own code, changing the progress
record and drawing over the verdict in the terminal: each must end in the
honest verdict.
"""

from __future__ import annotations

import resource
import sys
import textwrap
from pathlib import Path

import pytest

from dsa.practice.grader import hidden_folders
from dsa.practice.registry import get
from dsa.practice.sandbox import check_file
from dsa.practice.tests.fixtures.toy_problems import DISTINCT

from .sandbox_support import ATTEMPT, DISTINCT_BODY, grade_source, write
from .support import flat, run_practice

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the jail is Linux's")


# The channel, the reference and the grader's own code


@pytest.mark.parametrize("frame", [
    "struct.pack('>I', len(body)) + body",
    "struct.pack('>I', 2 ** 31)",
    "struct.pack('>I', 3 * 4_000_000 + 58) + b'{\"outcome\":[' + b'[],' * 4_000_000 "
    "+ b'0],\"nonce\":\"' + b'0' * 32 + b'\"}'",
], ids=["an answer", "a huge length", "a big body"])
def test_writing_to_the_channel_is_forgery(tmp_path: Path, frame: str) -> None:
    """The channel's descriptors are in sys.argv; what the file writes there
    lacks the request's nonce, or is not a frame at all.  A big body of
    empty lists took the supervisor a gigabyte and half a minute to read
    before its nonce was looked at."""
    source = f"""\
import json, os, struct, sys

OUT = int(sys.argv[sys.argv.index("--fds") + 1].split(",")[1])

def count_distinct(values):
    body = json.dumps({{"nonce": "0" * 32, "ok": True, "outcome": 0}}).encode()
    os.write(OUT, {frame})
""" + DISTINCT_BODY
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    report = grade_source(tmp_path, DISTINCT, source)
    assert report.stage == "rules" and "grader's channel" in report.message, report.describe()
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak  # kilobytes
    assert grown < 100_000, f"the supervisor grew by {grown:,} KB reading a forged frame"


def test_an_answer_too_large_is_refused_by_the_worker(tmp_path: Path) -> None:
    report = grade_source(tmp_path, DISTINCT,
                          "def count_distinct(values):\n    return \"x\" * 17_000_000\n")
    assert report.stage == "correctness" and "too large to send" in report.message, \
        report.describe()


def test_the_reference_is_out_of_reach(tmp_path: Path) -> None:
    solutions = Path(hidden_folders()[0])
    source = f"""\
import importlib, importlib.util, os, sys

SOLUTIONS = {str(solutions)!r}

def attempt(name, action):
    try:
        found = action()
    except BaseException:
        return
    if found:
        print("ESCAPED", name)

def by_path():
    spec = importlib.util.spec_from_file_location("ref", SOLUTIONS + "/kth_largest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return hasattr(module, "kth_largest")

def reloaded():
    import heapq
    importlib.reload(heapq)
    return "not allowed" not in (heapq.nlargest.__doc__ or "")

attempt("import", lambda: importlib.import_module("dsa.practice.solu" + "tions.kth_largest"))
attempt("by path", by_path)
attempt("open", lambda: "def kth_largest" in open(SOLUTIONS + "/kth_largest.py").read())
attempt("listing", lambda: "kth_largest.py" in os.listdir(SOLUTIONS))
attempt("processes", lambda: [p for p in os.listdir("/proc")
                              if p.isdigit() and int(p) not in (1, os.getpid())])
attempt("reload", reloaded)

def kth_largest(nums, k):
    return sorted(nums)[-k]
"""
    report = grade_source(tmp_path, get("kth-largest"), source)
    assert report.stage == "rules" and "not allowed" in report.message, report.describe()
    assert "ESCAPED" not in report.output, report.output


@pytest.mark.parametrize("problem, patch", [
    ("toy", "sys._getframe(1).f_globals['describe'] = lambda value: []"),
    ("toy", "import builtins; builtins.len = lambda value: 0"),
    ("toy", "import json; json.dumps = lambda *args, **options: '{}'"),
    ("reverse-list", "sys._getframe(1).f_back.f_globals['Given'].follow = "
                     "lambda self, head, function, **rule: {'values': [], 'nodes': []}"),
], ids=["harness", "len", "json", "_chains"])
def test_patching_the_grader_fails(tmp_path: Path, problem: str, patch: str) -> None:
    if problem == "toy":
        source = f"import sys\n\ndef count_distinct(values):\n    {patch}\n" + DISTINCT_BODY
        report = grade_source(tmp_path, DISTINCT, source)
    else:
        source = (f"import sys\n\ndef reverse_list(head):\n    {patch}\n    previous = None\n"
                  "    while head is not None:\n"
                  "        head.next, previous, head = previous, head, head.next\n"
                  "    return previous\n")
        report = grade_source(tmp_path, get(problem), source)
    assert not report.passed and report.stage == "rules", report.describe()


# The progress record and the report


def test_the_progress_record_cannot_be_changed(tmp_path: Path, monkeypatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    record = home / "progress.json"
    record.write_text('{"format": 1, "solved": {}}\n', encoding="utf-8")
    monkeypatch.setenv("DSA_PRACTICE_HOME", str(home))
    source = ATTEMPT + textwrap.dedent(f"""\
        RECORD = {str(record)!r}
        attempt("write", lambda: open(RECORD, "w").write('{{"solved": {{"toy-distinct": 1}}}}'))
        attempt("replace", lambda: os.replace(os.devnull, RECORD))
        attempt("remove", lambda: os.remove(RECORD))

        def count_distinct(values):
        """) + DISTINCT_BODY
    path = write(tmp_path, source)
    report = check_file("dsa.practice.tests.fixtures.toy_problems:DISTINCT", path, quick=True)
    assert report.stage == "rules" and not report.passed, report.describe()
    assert "ESCAPED" not in report.output, report.output
    assert record.read_text(encoding="utf-8") == '{"format": 1, "solved": {}}\n'


def test_the_report_cannot_draw_over_the_verdict(tmp_path: Path) -> None:
    """Escape sequences printed or raised by the learner's code reached the
    terminal as they were: a file could clear the screen and print a tick."""
    path = write(tmp_path, """\
        def kth_largest(nums, k):
            print("\\x1b[2J\\x1b[H\\x1b[32m✓ all checks passed\\x1b[0m")
            raise ValueError("\\x1b[2J")
        """, "kth_largest.py")
    result = run_practice("check", "kth-largest", str(path), "--quick", cwd=tmp_path,
                          home=tmp_path / "home")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "\x1b" not in result.stdout
    assert "\\x1b[2J" in flat(result.stdout)
