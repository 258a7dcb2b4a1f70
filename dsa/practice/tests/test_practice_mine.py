"""Grade your own solutions with pytest.

Point ``DSA_PRACTICE_DIR`` at the folder holding your files, named as
``start`` names them (``kth_largest.py`` for ``kth-largest``), and run::

    DSA_PRACTICE_DIR=path/to/your/files python -m pytest --pyargs dsa.practice -k mine

There is one test per problem: it runs the same check as
``python -m dsa.practice check NAME FILE`` (in a separate process, all
stages, the full number of inputs) and fails with the report.  Problems
without a file in the folder are skipped; without ``DSA_PRACTICE_DIR`` the
whole file is skipped.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dsa.practice import registry
from dsa.practice.problem import Problem
from dsa.practice.sandbox import check_file

#: The environment variable naming the folder of solutions to grade.
ENV_DIR = "DSA_PRACTICE_DIR"

FOLDER = os.environ.get(ENV_DIR)

pytestmark = pytest.mark.skipif(
    not FOLDER, reason=f"set {ENV_DIR}=path/to/your/solutions to grade your own files")

PROBLEMS = registry.all_problems()


@pytest.mark.parametrize("problem", PROBLEMS, ids=[p.name for p in PROBLEMS])
def test_mine(problem: Problem) -> None:
    folder = Path(FOLDER or ".").expanduser()
    if not folder.is_dir():
        pytest.fail(f"{ENV_DIR}={FOLDER} is not a folder")
    path = folder / f"{problem.module_name}.py"
    if not path.is_file():
        pytest.skip(f"no {path.name} in {folder}")
    report = check_file(problem.name, path)
    if not report.passed:
        pytest.fail(report.describe(), pytrace=False)
