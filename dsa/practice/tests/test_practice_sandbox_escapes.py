"""Learner files that try to escape the grader's jail and guards.

Each test writes a small hostile file into a temporary folder and checks
that the verdict is the honest one: audited and unaudited escapes are
refused, the file system stays read-only, and the guards hold in every
thread of the learner's worker and for as long as it lives.  What the
guards cannot stop is listed in :mod:`dsa.practice.guard`.

Many attacks share one file where each try is caught and a success prints
``ESCAPED <what>``: the check fails on the first refusal, but every try has
run, and none may print.
"""

from __future__ import annotations

import os
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

from dsa.practice.jail import MODE_NAMESPACES, MODE_VARIABLE, JailConfig, spawn
from dsa.practice.tests.fixtures.sandbox_problems import TOTAL
from dsa.practice.tests.fixtures.toy_problems import DISTINCT

from .sandbox_support import ATTEMPT, DISTINCT_BODY, grade_source, outside, processes_with
from .support import ROOT

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the jail is Linux's")


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
