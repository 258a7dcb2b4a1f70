"""What the sandbox tests share: writing a learner file, grading it, and the
pieces of source many of them start with."""

from __future__ import annotations

import subprocess
import textwrap
from pathlib import Path

from dsa.practice.grader import Abort, Failure, GradeReport, grade
from dsa.practice.problem import Problem

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
