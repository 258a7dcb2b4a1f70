"""Running the grader in a child process, so nothing can take the command down.

:func:`run_check_subprocess` starts ``python -m dsa.practice.worker`` for one
file and waits for its JSON report.  The child:

* gets no standard input (a stray ``input()`` fails at once instead of
  waiting forever);
* runs in its own session, so the whole process group, including anything
  the learner's code started, can be killed when the time limit passes;
* has its standard output and error drained by a thread that keeps only the
  first 8 KB and counts the rest, so code that writes straight to file
  descriptor 1 can neither flood the terminal nor fill the pipe and block;
* runs in a scratch directory, so files in the learner's folder named like
  standard modules (``random.py``, ``heapq.py``) cannot shadow them.

Whatever happens (a time-out, ``os._exit``, a segmentation fault) the result
is a :class:`~dsa.practice.grader.GradeReport` with a plain explanation.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Dict, List, Optional

import dsa

from .grader import GradeReport

__all__ = ["run_check_subprocess", "DRAIN_LIMIT"]

#: Bytes of the child's raw output kept.
DRAIN_LIMIT = 8192


class _Drain(threading.Thread):
    """Reads a pipe to its end, keeping the first ``limit`` bytes."""

    def __init__(self, stream: IO[bytes], limit: int = DRAIN_LIMIT) -> None:
        super().__init__(daemon=True, name="dsa-practice-drain")
        self.stream = stream
        self.limit = limit
        self.kept = bytearray()
        self.dropped = 0

    def run(self) -> None:
        fd = self.stream.fileno()
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            room = self.limit - len(self.kept)
            if room > 0:
                self.kept += chunk[:room]
            self.dropped += max(0, len(chunk) - max(room, 0))

    def text(self) -> str:
        return self.kept.decode("utf-8", errors="replace")


def _child_env() -> Dict[str, str]:
    """This environment, with the directory holding ``dsa`` first on the path,
    so the child grades with the very package this process runs."""
    env = dict(os.environ)
    root = str(Path(dsa.__file__).resolve().parents[1])
    rest = env.get("PYTHONPATH")
    env["PYTHONPATH"] = root + (os.pathsep + rest if rest else "")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.setdefault("PYTHONIOENCODING", "utf-8")
    return env


def _kill_group(process: subprocess.Popen) -> None:
    """Kill the child and everything in its process group."""
    try:
        if hasattr(os, "killpg"):
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()
    except (ProcessLookupError, PermissionError, OSError):
        pass


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _crash_message(returncode: int) -> str:
    """Why a child that wrote no report ended, in words."""
    if returncode < 0:
        name = _signal_name(-returncode)
        if name == "SIGSEGV":
            why = ("a crash inside Python itself, most often recursion so deep that "
                   "the C stack ran out (after raising sys.setrecursionlimit)")
        elif name == "SIGKILL":
            why = "it was killed from outside, perhaps for using too much memory"
        else:
            why = "the process was stopped by a signal"
        return f"the check crashed ({name}) before it could report: {why}"
    return (f"the check ended early, with exit code {returncode}, before it could "
            "report: does your file call os._exit() (or end the process some other way)?")


def run_check_subprocess(problem_name: str, path: "str | os.PathLike[str]", *,
                         quick: bool = False, time_limit: float = 60.0,
                         problem_spec: Optional[str] = None,
                         shown_as: Optional[str] = None) -> GradeReport:
    """Grade ``path`` against ``problem_name`` in a child process.

    ``time_limit`` bounds the whole check in seconds; past it the child and
    its process group are killed and the report says so.  ``problem_spec``
    (``"package.module:ATTRIBUTE"``) grades a problem that is not in the
    registry; the engine's own tests use it.  ``shown_as`` is how messages
    name the file (default: ``path`` as given).
    """
    shown_as = shown_as or str(path)
    path = Path(path).resolve()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="dsa-practice-") as scratch:
        result = Path(scratch) / "result.json"
        command: List[str] = [sys.executable, "-m", "dsa.practice.worker",
                              problem_spec or problem_name, str(path), str(result)]
        if quick:
            command.append("--quick")
        command += ["--shown-as", shown_as]
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, cwd=scratch, env=_child_env(),
            start_new_session=True)
        assert process.stdout is not None
        drain = _Drain(process.stdout)
        drain.start()
        timed_out = False
        try:
            process.wait(timeout=time_limit)
        except subprocess.TimeoutExpired:
            timed_out = True
        except BaseException:  # Ctrl-C: take the child down too
            _kill_group(process)
            process.wait()
            raise
        finally:
            # Whatever the learner's code left running goes with it.
            _kill_group(process)
            process.wait()
            drain.join(timeout=5)
            process.stdout.close()

        stage = _read(result.with_name(result.name + ".stage")) or "load"
        report_text = None if timed_out else _read(result)
        report: Optional[GradeReport] = None
        if report_text:
            try:
                report = GradeReport.from_json(report_text)
            except (ValueError, TypeError):
                report = None

    raw = drain.text()
    if report is None:
        report = GradeReport(problem=problem_name, path=shown_as, stage=stage)
        if timed_out:
            report.message = (f"the check did not finish within {time_limit:g} s (it was "
                              f"in the {stage} stage): is something in your code very "
                              "slow, or stuck in a loop the per-input limit cannot "
                              "interrupt?")
        else:
            report.message = _crash_message(process.returncode)
        report.output = raw
        report.output_truncated = drain.dropped
    elif raw:  # written straight to the file descriptors, past sys.stdout
        report.output += raw
        report.output_truncated += drain.dropped
    report.elapsed = time.perf_counter() - started
    return report


def _read(path: Path) -> Optional[str]:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None
