"""Learner files that attack the grading engine itself.

Each test writes a small hostile (or honest but unusual) file into a
temporary folder and checks that the grader's verdict is the honest one:
the guards hold in every thread of the learner's worker and for as long as
it lives, nothing escapes the jail (no file written outside the scratch
folder, no process left), the measured rules and the clock cannot be talked
round, the report cannot draw over the verdict, and honest code is not
refused.  What the guards cannot stop is listed in :mod:`dsa.practice.guard`.

Many attacks share one file where each try is caught and a success prints
``ESCAPED <what>``: the check fails on the first refusal, but every try has
run, and none may print.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

from dsa.practice.grader import Abort, Failure, GradeReport, grade, hidden_folders
from dsa.practice.jail import MODE_NAMESPACES, MODE_VARIABLE, JailConfig, spawn
from dsa.practice.problem import Problem
from dsa.practice.registry import get
from dsa.practice.sandbox import check_file
from dsa.practice.tests.fixtures.sandbox_problems import TOTAL
from dsa.practice.tests.fixtures.toy_problems import DISTINCT, MIN_STACK

from .support import FIXTURES, ROOT, flat, run_practice

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the jail is Linux's")

#: A correct body for ``count_distinct(values)``.
DISTINCT_BODY = """\
    ordered = sorted(values)
    return sum(1 for i, v in enumerate(ordered) if i == 0 or v != ordered[i - 1])
"""

#: The helper the many-attacks files start with.
ATTEMPT = """\
import os, sys

def attempt(name, action):
    try:
        action()
    except BaseException:
        return
    print("ESCAPED", name)
"""


def write(tmp_path: Path, source: str, name: str = "solution.py") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return path


def grade_source(tmp_path: Path, problem: Problem, source: str, **options) -> GradeReport:
    options.setdefault("quick", True)
    return grade(problem, write(tmp_path, source), **options)


#: What :func:`until_growth` stops the check with.
STOPPED = "stopped before the growth measurement"


def until_growth(problem: Problem, path: Path) -> GradeReport:
    """Grade ``path`` up to the growth stage, which is not run: for files
    whose loading, correctness and rules are the question."""
    def stop(stage: str) -> None:
        if stage == "complexity":
            raise Abort(Failure(stage="complexity", message=STOPPED))

    return grade(problem, path, quick=True, on_stage=stop)


def outside(tmp_path: Path) -> Path:
    """A folder outside the worker's scratch folder, for marker files."""
    folder = tmp_path / "outside"
    folder.mkdir(exist_ok=True)
    return folder


def processes_with(marker: str) -> list:
    found = subprocess.run(["pgrep", "-f", marker], capture_output=True, text=True)
    return found.stdout.split()


# --------------------------------------------------------------------------
# Escapes tried while the learner's code runs


def test_unaudited_escapes_are_refused(tmp_path: Path) -> None:
    """Most of these once ran without a refusal (the audit hook sees no event
    for them): subinterpreters have no audit hook, _posixsubprocess starts
    programs, sqlite and readline write files, a second copy of a built-in
    module has none of the tripwires, the guard ran an import name's
    __str__ and a path's __fspath__ unguarded, a folder's descriptor let
    os.open write beside it."""
    marks = outside(tmp_path)
    sleeper = f"dsa-sandbox-{uuid.uuid4().hex}"
    source = ATTEMPT + textwrap.dedent(f"""\
        MARKS = {str(marks)!r}

        def subinterpreter():
            import _xxsubinterpreters as interpreters
            interpreters.run_string(interpreters.create(),
                                    "open(%r + '/sub', 'w').close()" % MARKS)

        def testcapi():
            import _testcapi
            _testcapi.run_in_subinterp("open(%r + '/capi', 'w').close()" % MARKS)

        def fork_exec(module):
            r, w = os.pipe()
            args = [b"/bin/sh", b"-c", b"sleep 30 # {sleeper}"]
            module(args, [b"/bin/sh"], True, (), None, None, -1, -1, -1, -1, -1, -1,
                   r, w, True, True, -1, None, None, None, -1, None, False)

        def sqlite():
            import sqlite3
            sqlite3.connect(":memory:").execute(
                "attach database '%s/db' as other" % MARKS).close()

        def history():
            import readline
            readline.write_history_file(MARKS + "/history")

        def fresh(name):
            import importlib.util
            return importlib.util.module_from_spec(importlib.util.find_spec(name))

        def reimported_thread():
            saved = sys.modules.pop("_thread")
            try:
                import _thread
                _thread.start_new_thread(print, ("from a thread",))
            finally:
                sys.modules["_thread"] = saved

        def lift_memory_limit():
            import resource
            resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY,) * 2)

        def threading_thread():
            import threading
            threading.Thread(target=print).start()

        def audit_hook():
            seen = []
            sys.addaudithook(lambda event, args: seen.append(event))
            sys.audit("dsa.practice.test")
            if not seen:
                raise RuntimeError("the hook was not added")

        class Name(str):
            def __str__(self):  # once run by the guard itself, unguarded
                open(MARKS + "/name", "w").close()
                return str.__str__(self)

        class Place:
            def __fspath__(self):
                open(MARKS + "/place", "w").close()
                return MARKS + "/nowhere"

        def through_a_folder():
            folder = os.open(MARKS, os.O_RDONLY)
            os.close(os.open("dir_fd", os.O_WRONLY | os.O_CREAT, dir_fd=folder))

        def tracemalloc_off():
            import tracemalloc
            tracemalloc.stop()

        import _posixsubprocess, shutil, subprocess, signal
        attempt("ctypes", lambda: __import__("ctypes"))
        attempt("subinterpreter", subinterpreter)
        attempt("_testcapi", testcapi)
        attempt("_posixsubprocess", lambda: fork_exec(_posixsubprocess.fork_exec))
        attempt("subprocess._fork_exec", lambda: fork_exec(subprocess._fork_exec))
        attempt("sqlite attach", sqlite)
        attempt("readline", history)
        attempt("mkfifo", lambda: os.mkfifo(MARKS + "/fifo"))
        attempt("mknod", lambda: os.mknod(MARKS + "/node"))
        attempt("open", lambda: open(MARKS + "/file", "w"))
        attempt("addaudithook", audit_hook)
        attempt("thread", threading_thread)
        attempt("fresh _thread", lambda: fresh("_thread").start_new_thread(print, ()))
        attempt("reimported _thread", reimported_thread)
        attempt("fresh _tracemalloc", lambda: fresh("_tracemalloc").reset_peak())
        attempt("tracemalloc", tracemalloc_off)
        attempt("/proc/self/mem", lambda: open("/proc/self/mem", "rb"))
        attempt("pidfd", lambda: signal.pidfd_send_signal(os.pidfd_open(os.getpid()), 0))
        attempt("memory limit", lift_memory_limit)
        attempt("import name", lambda: __import__(Name("no_such_module_dsa")))
        attempt("path object", lambda: shutil.rmtree(Place()))
        attempt("dir_fd", through_a_folder)

        def count_distinct(values):
        """) + DISTINCT_BODY
    report = grade_source(tmp_path, DISTINCT, source)
    assert report.stage == "rules" and "not allowed" in report.message, report.describe()
    assert "ESCAPED" not in report.output, report.output
    assert not list(marks.iterdir())
    assert not processes_with(sleeper)


def test_the_jail_keeps_the_file_system_read_only(tmp_path: Path) -> None:
    """Whatever gets round the guards meets the kernel: in the namespaces,
    only the scratch folder can be written (and /dev/null)."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    marks = outside(tmp_path)
    code = textwrap.dedent(f"""\
        import os
        for path in ("relative", {str(scratch / 'ok')!r}, {str(marks / 'no')!r},
                     "/dev/shm/dsa-sandbox-no"):
            try:
                open(path, "w").close()
                print("wrote", path)
            except OSError as exc:
                print("refused", path, exc.strerror)
        open(os.devnull, "w").write("x")
        print("mode", os.environ["{MODE_VARIABLE}"])
        """)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = spawn([sys.executable, "-c", code], JailConfig(writable=[str(scratch)]),
                    cwd=str(scratch), env=env, pass_fds=())
    output = process.communicate(timeout=30)[0].decode()
    if f"mode {MODE_NAMESPACES}" not in output:
        pytest.skip("no user namespaces here")
    assert f"wrote {scratch / 'ok'}" in output and "wrote relative" in output, output
    assert output.count("wrote") == 2, output
    assert not list(marks.iterdir())


# --------------------------------------------------------------------------
# The learner's code in the worker's own thread


@pytest.mark.parametrize("kind", ["__del__", "__str__", "module __getattr__"])
def test_guards_hold_when_the_worker_runs_the_learners_code(tmp_path: Path,
                                                            kind: str) -> None:
    """The worker itself calls the learner's code between trials: a result's
    __del__, an exception's __str__, a module's __getattr__.  The guards
    used to be off there, so this code could import ctypes and write
    anywhere."""
    mark = outside(tmp_path) / "mark"
    escape = f"import ctypes\n        open({str(mark)!r}, 'w').close()"
    sources = {
        "__del__": f"""\
            class Result(int):
                def __del__(self):
                    {escape.replace(chr(10) + '        ', chr(10) + '                    ')}

            def count_distinct(values):
                return Result(len(values))
            """,
        "__str__": f"""\
            class Failure(Exception):
                def __str__(self):
                    {escape.replace(chr(10) + '        ', chr(10) + '                    ')}
                    return "failure"

            def count_distinct(values):
                raise Failure()
            """,
        "module __getattr__": f"""\
            def __getattr__(name):
                {escape.replace(chr(10) + '        ', chr(10) + '                ')}
                raise AttributeError(name)
            """,
    }
    report = grade_source(tmp_path, DISTINCT, sources[kind])
    assert report.stage == "rules", report.describe()
    assert "importing ctypes" in report.message, report.describe()
    assert not mark.exists()


def test_the_worker_loop_is_out_of_reach(tmp_path: Path) -> None:
    """From a __del__ run by the worker, sys._getframe(1) was the worker's
    loop, holding the guard's switch, the channel and the nonce.  Now the
    learner's objects live and die in the trial's thread only, whose frames
    hold nothing of the worker's."""
    source = ATTEMPT + textwrap.dedent("""\
        def walk(frame):
            while frame is not None:
                if "self" in frame.f_locals and hasattr(frame.f_locals["self"], "guard"):
                    print("REACHED", frame.f_code.co_name)
                frame = frame.f_back

        def from_traceback():
            try:
                raise ValueError
            except ValueError as exc:
                walk(exc.__traceback__.tb_frame)

        def handler():
            import _signal
            _signal.signal(_signal.SIGUSR1, lambda number, frame: walk(frame))

        class Result(int):
            def __del__(self):
                attempt("sys._getframe", lambda: walk(sys._getframe()))
                attempt("traceback", from_traceback)
                attempt("signal handler", handler)

        def count_distinct(values):
            walk(sys._getframe())  # the trial's own thread: nothing there
            ordered = sorted(values)
            return Result(sum(1 for i, v in enumerate(ordered) if i == 0 or v != ordered[i - 1]))
        """)
    report = grade_source(tmp_path, DISTINCT, source)
    assert "REACHED" not in report.output, report.output
    # The signal handler is refused; the frames walked were the trial's own.
    assert report.stage == "rules" and "handling signals" in report.message, report.describe()


def test_a_trusted_code_object_with_other_globals_is_not_trusted(tmp_path: Path) -> None:
    """The wrapper's code object may install the watch's trace function; a
    function made from it with the learner's globals could install any."""
    source = """\
        import sys, types

        def mine(frame, event, arg):
            return None

        def total(values):
            code = sys._getframe(1).f_code
            cells = {"function": lambda *a: 0, "keep": True, "watch": True,
                     "memory": None, "learner_file": ""}
            fake = types.FunctionType(
                code, {"sys": sys, "describe": lambda v: [], "_gettrace": lambda: None,
                       "_watcher": lambda *a: (mine, {}), "_audit": lambda *a: None},
                "call", None, tuple(types.CellType(cells[name]) for name in code.co_freevars))
            fake([])
            result = 0
            for value in values:
                result += value
            return result
        """
    report = grade_source(tmp_path, TOTAL, source)
    assert report.stage == "rules", report.describe()
    assert "installing a trace function" in report.message, report.describe()


# --------------------------------------------------------------------------
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


# --------------------------------------------------------------------------
# Rules measured inside the worker


@pytest.mark.parametrize("attack, says", [
    ("sys._getframe().f_trace = None\n    values.reverse()\n    values.reverse()",
     "switching off the grader's watch"),
    ("import sys\n    rules = sys._getframe(2).f_globals['TOTAL'].rules\n"
     "    object.__setattr__(rules, 'keep_input', False)\n    values.reverse()",
     "changed its input"),
    ("call = sys._getframe(2).f_locals['solution']\n"
     "    for name, cell in zip(call.__code__.co_freevars, call.__closure__ or ()):\n"
     "        if name == 'memory':\n"
     "            cell.cell_contents = None\n"
     "    copy = list(values) * 2",
     "extra memory grows"),
    ("cells = dict(zip(sys._getframe(2).f_locals['solution'].__code__.co_freevars,\n"
     "                 sys._getframe(2).f_locals['solution'].__closure__ or ()))\n"
     "    copy = list(values) * 2\n"
     "    del copy\n"
     "    if cells['memory'].cell_contents is not None:\n"
     "        cells['memory'].cell_contents[0]()",
     "extra memory grows"),
], ids=["f_trace", "rules", "closure", "peak reset"])
def test_measured_rules_cannot_be_switched_off(tmp_path: Path, attack: str, says: str) -> None:
    """keep_input was read from the problem's Rules at every trial, and the
    memory measurement from the wrapper's closure cells during the call,
    where tracemalloc's own reset_peak sat: all within the learner's reach.
    A frame whose trace is removed no longer reports its steps."""
    source = f"""\
import sys

def total(values):
    {attack}
    result = 0
    for value in values:
        result += value
    return result
"""
    report = grade_source(tmp_path, TOTAL, source)
    assert report.stage == "rules" and says in report.message, report.describe()


def test_the_rules_of_an_honest_file_hold(tmp_path: Path) -> None:
    """The input watch used to fail every file (the reference's too): it
    called the sys.gettrace its own tripwire had replaced, and compared the
    identity of a tuple made afresh after the call."""
    report = until_growth(TOTAL, FIXTURES / "total_reference.py")
    assert report.message == STOPPED, report.describe()
    assert any("extra memory" in note for note in report.notes), report.describe()


# --------------------------------------------------------------------------
# Tripwires and stored types


def test_a_tripwire_covers_every_name_of_its_function(tmp_path: Path) -> None:
    """difflib keeps heapq.nlargest as difflib._nlargest."""
    source = """\
        import difflib

        def kth_largest(nums, k):
            return getattr(difflib, "_nlar" + "gest")(k, nums)[-1]
        """
    report = grade_source(tmp_path, get("kth-largest"), source)
    assert report.stage == "forbidden", report.describe()
    assert "heapq.nlargest" in report.message


def test_a_forbidden_type_kept_out_of_sight_is_found(tmp_path: Path) -> None:
    """The real deque (the tripwire's base class) kept in an attribute of
    the sys module, where no walk from the learner's objects goes."""
    source = """\
        import collections, itertools, sys

        REAL = getattr(collections, "de" + "que").__mro__[-2]  # the real one, under the stand-ins
        NUMBERS = itertools.count()

        class CircularDeque:
            def __init__(self, capacity):
                self.capacity = capacity
                self.key = "stash%d" % next(NUMBERS)
                setattr(sys, self.key, REAL())

            def _items(self):
                return getattr(sys, self.key)

            def push_front(self, value):
                if len(self._items()) == self.capacity:
                    return False
                self._items().appendleft(value)
                return True

            def push_back(self, value):
                if len(self._items()) == self.capacity:
                    return False
                self._items().append(value)
                return True

            def pop_front(self):
                if not self._items():
                    return False
                self._items().popleft()
                return True

            def pop_back(self):
                if not self._items():
                    return False
                self._items().pop()
                return True

            def front(self):
                return self._items()[0] if self._items() else -1

            def back(self):
                return self._items()[-1] if self._items() else -1

            def is_empty(self):
                return not self._items()

            def is_full(self):
                return len(self._items()) == self.capacity

            def __len__(self):
                return len(self._items())
        """
    report = grade_source(tmp_path, get("circular-deque"), source)
    assert report.stage == "rules", report.describe()
    assert "collections.deque" in report.message and "out of sight" in report.message


def test_keys_wrapped_in_tuples_are_still_keys(tmp_path: Path) -> None:
    """A dict built without naming it, keyed by (key,): the scan looked
    for the keys themselves only."""
    source = """\
        class MyHashMap:
            def __init__(self):
                self.table = type(globals())()

            def put(self, key, value):
                self.table[(key,)] = value

            def get(self, key):
                return self.table.get((key,), -1)

            def remove(self, key):
                self.table.pop((key,), None)

            def __len__(self):
                return len(self.table)
        """
    report = grade_source(tmp_path, get("design-hash-map"), source)
    assert report.stage == "rules" and "holding the key (" in report.message, report.describe()


# --------------------------------------------------------------------------
# The clock


def test_every_timed_input_is_new_and_unforeseeable(tmp_path: Path) -> None:
    """Growth runs used to repeat the same inputs, drawn from seeds a file
    can compute: a slow file remembering (or working out beforehand) its
    answers was timed on its lookups and passed."""
    source = """\
        import random, sys

        toy = sys.modules["dsa.practice.tests.fixtures.toy_problems"]
        FORESEEN = [tuple(toy.distinct_case(n, random.Random(f"toy-distinct:random:{n}")))
                    for n in toy.DISTINCT.complexity.sizes]
        SEEN = []

        def count_distinct(values):
            if values and type(values[0]) is int and len(values) >= 400:
                key = tuple(values)
                if key in SEEN:
                    raise RuntimeError("an input seen before")
                if key in FORESEEN:
                    raise RuntimeError("an input foreseen")
                SEEN.append(key)
        """
    report = grade_source(tmp_path, DISTINCT, textwrap.dedent(source) + DISTINCT_BODY)
    assert report.stage in ("passed", "complexity"), report.describe()
    assert "raised" not in report.message, report.describe()


def test_every_timed_answer_is_judged(tmp_path: Path) -> None:
    """Only the first answer at each size was judged: a file right once per
    size and fast (and wrong) after that looked fast."""
    source = """\
        SIZES = []

        def count_distinct(values):
            if len(values) >= 400:
                if len(values) in SIZES:
                    return -1
                SIZES.append(len(values))
        """
    report = grade_source(tmp_path, DISTINCT, textwrap.dedent(source) + DISTINCT_BODY)
    assert report.stage == "correctness", report.describe()
    assert "wrong result on a longer input" in report.message


@pytest.mark.parametrize("body", [
    "import os, signal\n    os.kill(os.getpid(), signal.SIGSTOP)",
    "import re\n    re.match(r'(a+)+$', 'a' * 40 + 'b')",
], ids=["SIGSTOP", "regex"])
def test_stopping_itself_or_hanging_in_C_is_a_timeout(tmp_path: Path, body: str) -> None:
    report = grade_source(tmp_path, DISTINCT, f"def count_distinct(values):\n    {body}\n",
                          case_timeout=0.5)
    assert report.stage == "correctness" and "took longer than" in report.message, \
        report.describe()


# --------------------------------------------------------------------------
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


# --------------------------------------------------------------------------
# Honest code


def test_honest_unusual_code_is_not_refused(tmp_path: Path) -> None:
    (tmp_path / "data.txt").write_text("3 1 4\n", encoding="utf-8")
    source = f"""\
        import functools, logging, os, random, sys, threading, time, traceback, warnings
        from collections import namedtuple
        from dataclasses import dataclass, field
        from typing import Generic, List, NamedTuple, TypeVar

        sys.setrecursionlimit(20000)
        T = TypeVar("T")
        Pair = namedtuple("Pair", "a b")
        LOCK = threading.Lock()
        LOG = logging.getLogger("mine")
        with open(os.path.join(os.path.dirname(__file__), "data.txt")) as handle:
            DATA = handle.read().split()


        class Point(NamedTuple):
            x: int


        @dataclass
        class Box(Generic[T]):
            items: List[int] = field(default_factory=list)


        class Tidy:
            def __del__(self):
                self.gone = True


        @functools.lru_cache(maxsize=None)
        def depth(n):
            return 0 if n == 0 else 1 + depth(n - 1)


        def steps(ordered):
            for i, value in enumerate(ordered):
                LOG.debug("at %d", i)
                yield i, value


        def count_distinct(values):
            assert DATA == ["3", "1", "4"] and depth(5000) == 5000
            with LOCK:
                started = time.perf_counter()
            random.random()
            Tidy()
            Box().items.append(Pair(1, 2).a + Point(3).x)
            try:
                raise KeyError("shown, then caught")
            except KeyError:
                traceback.print_exc()
            warnings.warn("a warning")
            with open("scratch.txt", "w") as handle:
                handle.write(str(started))
            ordered = sorted(values)
            return sum(1 for i, v in steps(ordered) if i == 0 or v != ordered[i - 1])
        """
    report = until_growth(DISTINCT, write(tmp_path, source))
    assert report.message == STOPPED, report.describe()


def test_honest_class_with_a_dataclass_is_not_refused(tmp_path: Path) -> None:
    source = """\
        from dataclasses import dataclass


        @dataclass
        class Entry:
            value: int
            low: int


        class MinStack:
            def __init__(self):
                self.items = []

            def push(self, x):
                low = x if not self.items else min(x, self.items[-1].low)
                self.items.append(Entry(x, low))

            def pop(self):
                if not self.items:
                    raise IndexError("pop from an empty stack")
                return self.items.pop().value

            def min(self):
                if not self.items:
                    raise IndexError("min of an empty stack")
                return self.items[-1].low
        """
    report = until_growth(MIN_STACK, write(tmp_path, source))
    assert report.message == STOPPED, report.describe()
