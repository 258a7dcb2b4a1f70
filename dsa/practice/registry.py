"""Finding the practice problems.

Every module in the package :mod:`dsa.practice.problems` defines one
``PROBLEM``.  :func:`all_problems` imports them all, checks that each is
well formed and returns them in the order ``list`` shows them: by structure
(as :data:`~dsa.practice.problem.STRUCTURES` orders them), then by the
problem's ``order``, then by name.  :func:`get` finds one by name.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
import re
from typing import Dict, List, Optional, Tuple

from .problem import DIFFICULTIES, STRUCTURES, Problem

__all__ = ["all_problems", "get", "names", "UnknownProblem", "ProblemDefinitionError",
           "PACKAGE"]

#: Where the problems live.
PACKAGE = "dsa.practice.problems"

NAME_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
KINDS = ("function", "class")

_cache: Optional[Tuple[Problem, ...]] = None


class ProblemDefinitionError(ValueError):
    """A problem module is missing, broken or inconsistent."""


class UnknownProblem(KeyError):
    """No problem has the name asked for; ``suggestions`` holds close names."""

    def __init__(self, name: str, suggestions: List[str]) -> None:
        super().__init__(name)
        self.name = name
        self.suggestions = suggestions

    def __str__(self) -> str:
        text = f"there is no problem called {self.name!r}"
        if self.suggestions:
            text += "; did you mean " + " or ".join(self.suggestions) + "?"
        return text


def _check(problem: object, module: str) -> Problem:
    """Return ``problem`` if it is a well-formed Problem, else raise."""
    where = f"{PACKAGE}.{module}"
    if not isinstance(problem, Problem):
        raise ProblemDefinitionError(
            f"{where}.PROBLEM is a {type(problem).__name__}, not a Problem")
    complaints = []
    if not NAME_PATTERN.match(problem.name):
        complaints.append(f"name {problem.name!r} is not lowercase words joined by hyphens")
    elif problem.module_name != module:
        complaints.append(f"name {problem.name!r} belongs in a module called "
                          f"{problem.module_name}.py")
    if problem.structure not in STRUCTURES:
        complaints.append(f"structure {problem.structure!r} is not one of {STRUCTURES}")
    if problem.difficulty not in DIFFICULTIES:
        complaints.append(f"difficulty {problem.difficulty!r} is not one of {DIFFICULTIES}")
    if problem.kind not in KINDS:
        complaints.append(f"kind {problem.kind!r} is not one of {KINDS}")
    if not problem.entry.isidentifier():
        complaints.append(f"entry {problem.entry!r} is not a Python name")
    if not problem.reference:
        complaints.append("it names no reference solution")
    if complaints:
        raise ProblemDefinitionError(f"{where}: " + "; ".join(complaints))
    return problem


def _load() -> Tuple[Problem, ...]:
    package = importlib.import_module(PACKAGE)
    problems: List[Problem] = []
    seen: Dict[str, str] = {}
    for info in pkgutil.iter_modules(package.__path__):
        if info.name.startswith("_"):
            continue
        try:
            module = importlib.import_module(f"{PACKAGE}.{info.name}")
        except Exception as exc:
            raise ProblemDefinitionError(
                f"{PACKAGE}.{info.name} could not be imported: "
                f"{type(exc).__name__}: {exc}") from exc
        if not hasattr(module, "PROBLEM"):
            raise ProblemDefinitionError(f"{PACKAGE}.{info.name} defines no PROBLEM")
        problem = _check(module.PROBLEM, info.name)
        if problem.name in seen:
            raise ProblemDefinitionError(
                f"two problems are called {problem.name!r} ({seen[problem.name]} "
                f"and {info.name})")
        seen[problem.name] = info.name
        problems.append(problem)
    problems.sort(key=lambda p: (STRUCTURES.index(p.structure), p.order, p.name))
    return tuple(problems)


def all_problems() -> List[Problem]:
    """Every problem, in the order ``list`` shows them.

    Raises :class:`ProblemDefinitionError` when a problem module cannot be
    imported or is inconsistent.  The result is computed once per process.
    """
    global _cache
    if _cache is None:
        _cache = _load()
    return list(_cache)


def names() -> List[str]:
    """Every problem's name, in listing order."""
    return [problem.name for problem in all_problems()]


def get(name: str) -> Problem:
    """The problem called ``name`` (its module name, with underscores, works too).

    Raises :class:`UnknownProblem`, a KeyError, with the closest names.
    """
    wanted = name.strip().lower().replace("_", "-")
    for problem in all_problems():
        if problem.name == wanted:
            return problem
    candidates = names()
    suggestions = difflib.get_close_matches(wanted, candidates, n=3, cutoff=0.5)
    if not suggestions:  # "kth" should still find "kth-largest"
        suggestions = [c for c in candidates if wanted and wanted in c][:3]
    raise UnknownProblem(name, suggestions)
