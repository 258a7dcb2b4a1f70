"""What the practice tests share: where the files are, and running the command."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Optional

import dsa
from dsa.practice.grader import grade
from dsa.practice.problem import Problem
from dsa.practice.report import GradeReport

#: This folder: ``wrong/`` and ``slow/`` hold the per-problem test solutions.
HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
#: The directory holding the ``dsa`` package, put first on the children's path.
ROOT = Path(dsa.__file__).resolve().parents[1]


def reference_path(problem: Problem) -> Path:
    """The file of a problem's reference solution."""
    spec = importlib.util.find_spec(problem.reference)
    assert spec is not None and spec.origin, f"no reference module {problem.reference}"
    return Path(spec.origin)


#: How many times a test grades a file whose growth check could not decide.
GRADING_TRIES = 3


def grade_decided(problem: Problem, path: Path) -> GradeReport:
    """``grade(problem, path, quick=True)``, graded again (up to
    GRADING_TRIES times in all) while the verdict is *inconclusive*.

    Inconclusive is the grader's honest answer when the machine was too
    busy for the growth check to tell (the test suite shares it with other
    work); a passing file must still pass, and a slow one still fail, once
    the noise lets the check decide.
    """
    report = grade(problem, path, quick=True)
    for _ in range(GRADING_TRIES - 1):
        if report.verdict != "inconclusive":
            break
        report = grade(problem, path, quick=True)
    return report


def wrong_path(problem: Problem) -> Path:
    return HERE / "wrong" / f"{problem.module_name}.py"


def slow_path(problem: Problem) -> Path:
    return HERE / "slow" / f"{problem.module_name}.py"


def child_env(**extra: str) -> dict:
    """This environment with the package first on PYTHONPATH, plus ``extra``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    env.update(extra)
    return env


def run_practice(*args: str, cwd: Path, home: Path, timeout: float = 120,
                 env: Optional[dict] = None) -> subprocess.CompletedProcess:
    """Run ``python -m dsa.practice args...`` the way a learner does, without
    a terminal, with its progress file kept under ``home``."""
    return subprocess.run([sys.executable, "-m", "dsa.practice", *args], cwd=cwd,
                          env=env or child_env(DSA_PRACTICE_HOME=str(home)),
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=timeout)


def flat(text: str) -> str:
    """The text with every run of whitespace made one space (rich wraps lines)."""
    return " ".join(text.split())


def run_in_terminal(*args: str, answer: bytes, cwd: Path, home: Path,
                    timeout: float = 60) -> tuple:
    """Run ``python -m dsa.practice args...`` on a pseudo-terminal, typing
    ``answer`` once it asks a question; ``(exit status, output)``."""
    import pty
    import select
    import time

    pid, fd = pty.fork()
    if pid == 0:  # the child: become the command
        try:
            os.chdir(cwd)
            os.execve(sys.executable, [sys.executable, "-m", "dsa.practice", *args],
                      child_env(DSA_PRACTICE_HOME=str(home)))
        finally:
            os._exit(127)
    output = b""
    answered = False
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:  # the child closed the terminal
                    break
                if not chunk:
                    break
                output += chunk
            if not answered and b"[y/N]" in output:
                os.write(fd, answer)
                answered = True
    finally:
        os.close(fd)
    _, status = os.waitpid(pid, 0)
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", output.decode("utf-8", "replace"))
    return os.waitstatus_to_exitcode(status), text
