"""Checking a file the way ``python -m dsa.practice check`` does.

:func:`check_file` finds the problem, grades the file with
:func:`dsa.practice.grader.grade` under a limit for the whole check, and
protects the progress record: the learner's code runs in a jailed worker
that cannot see it, and should the jail be unavailable, a record changed
during the check is put back and the check fails.

Whatever happens (a time-out, ``os._exit``, a crash, the worker killed),
the result is a :class:`~dsa.practice.report.GradeReport` with a plain
explanation.
"""

from __future__ import annotations

import importlib
import os
from typing import Optional

from .grader import grade
from .problem import Problem
from .progress import progress_path
from .report import GradeReport

__all__ = ["check_file", "find_problem"]


def find_problem(name: str) -> Problem:
    """A registered problem, or one given as ``"package.module:ATTRIBUTE"``."""
    if ":" in name:
        module, _, attribute = name.partition(":")
        return getattr(importlib.import_module(module), attribute)
    from .registry import get
    return get(name)


def check_file(problem_name: str, path: "str | os.PathLike[str]", *, quick: bool = False,
               time_limit: float = 60.0, shown_as: Optional[str] = None,
               jail: bool = True) -> GradeReport:
    """Grade ``path`` against the problem called ``problem_name``.

    ``time_limit`` bounds the whole check in seconds.  ``shown_as`` is how
    messages name the file (default: ``path`` as given).
    """
    problem = find_problem(problem_name)
    return grade(problem, path, quick=quick, time_limit=time_limit,
                 display=shown_as or str(path), jail=jail, protect=[progress_path()])
