"""Every problem, checked the same way.

For each problem in the registry: its reference solution passes; its wrong
solution (``tests/wrong/``) is caught with a small counterexample; its slow
solution (``tests/slow/``) is correct but flagged by the growth stage; the
stub that ``start`` writes loads and is reported as not written yet.  Quick
mode keeps the whole file fast.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from dsa.practice import registry
from dsa.practice.cli import write_stub
from dsa.practice.grader import MAX_CASE_CHARS, NOT_WRITTEN, grade
from dsa.practice.problem import STRUCTURES, Problem
from dsa.practice.report import GradeReport

from .support import grade_decided, reference_path, slow_path, wrong_path

PROBLEMS = registry.all_problems()

#: How many problems the practice set is meant to hold.
EXPECTED_PROBLEMS = 37


def each_problem(test):
    return pytest.mark.parametrize("problem", PROBLEMS, ids=[p.name for p in PROBLEMS])(test)


@each_problem
def test_reference_passes(problem: Problem, tmp_path: Path) -> None:
    # Graded as a learner's file would be: a copy outside the package, whose
    # solutions folder the learner's code cannot see.
    path = tmp_path / f"{problem.module_name}.py"
    shutil.copyfile(reference_path(problem), path)
    report = grade_decided(problem, path)
    assert report.passed, report.describe()


def grade_present(problem: Problem, path: Path, what: str) -> GradeReport:
    """Grade ``path``, the problem's ``what`` solution, which must be there."""
    if not path.is_file():
        pytest.fail(f"no {what} solution at {path}")
    return grade_decided(problem, path)


@each_problem
def test_wrong_solution_is_caught_with_a_small_counterexample(problem: Problem) -> None:
    report = grade_present(problem, wrong_path(problem), "wrong")
    assert report.stage == "correctness", report.describe()
    assert report.counterexample is not None, report.describe()
    assert len(report.counterexample) <= MAX_CASE_CHARS, report.describe()
    assert report.error is not None or report.expected is not None, report.describe()


@each_problem
def test_wrong_solution_is_found_by_random_inputs_and_shrunk(problem: Problem) -> None:
    # The named edge cases usually catch the wrong solution first; without
    # them, the random inputs alone must find the mistake, and shrinking must
    # bring the failing input down to something small.
    random_only = dataclasses.replace(problem, explicit_cases=())
    report = grade(random_only, wrong_path(problem), quick=True)
    assert report.stage == "correctness", report.describe()
    assert report.counterexample is not None, report.describe()
    assert len(report.counterexample) <= MAX_CASE_CHARS, report.describe()


@each_problem
def test_slow_solution_is_correct_but_flagged(problem: Problem) -> None:
    report = grade_present(problem, slow_path(problem), "slow")
    assert report.stage == "complexity", report.describe()
    assert problem.complexity is not None
    assert report.exponent is not None, report.describe()
    assert report.exponent > problem.complexity.max_exponent, report.describe()


@each_problem
def test_stub_loads_and_is_not_written_yet(problem: Problem, tmp_path: Path) -> None:
    path = tmp_path / f"{problem.module_name}.py"
    write_stub(problem, path)
    report = grade(problem, path, quick=True)
    assert report.stage == "load", report.describe()
    assert NOT_WRITTEN in report.message, report.describe()


def test_the_set_is_complete() -> None:
    names = [p.name for p in PROBLEMS]
    assert len(names) >= EXPECTED_PROBLEMS, f"only {len(names)} problems: {', '.join(names)}"
    missing = set(STRUCTURES) - {p.structure for p in PROBLEMS}
    assert not missing, f"no problem on {', '.join(sorted(missing))}"


@each_problem
def test_problem_is_complete(problem: Problem) -> None:
    assert len(problem.hints) >= 2, "at least two hints"
    assert problem.examples, "worked examples"
    assert problem.complexity is not None, "an expected complexity"
    assert len(problem.complexity.sizes) >= 3
    assert max(problem.complexity.sizes) >= 16 * min(problem.complexity.sizes)
    assert reference_path(problem).is_file()
    assert wrong_path(problem).is_file(), f"no {wrong_path(problem)}"
    assert slow_path(problem).is_file(), f"no {slow_path(problem)}"
    assert registry.get(problem.name) is problem
    assert registry.get(problem.module_name) is problem
