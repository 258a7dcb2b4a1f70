"""Learner files of every kind, graded as a learner's would be.

``corpus/<problem module>/`` holds files written the way learners write
them: valid but unusual solutions, wrong ones, slow ones hiding behind
friendly inputs, rule-breaking, cheating and abusive ones.  The name of each
says the verdict it must get::

    pass__quickselect.py              passes
    fail-complexity__spfa.py          fails at the complexity stage
    fail-rules__list_of_all_nodes.py  fails at the rules stage
    fail-correctness__wrong_after_30.py

(``fail-load``, ``fail-forbidden``, ``fail-correctness``, ``fail-rules``,
``fail-complexity``).  The file's docstring says, in its first line, what
the file does and why it must get that verdict.  Every failure must say why
in one line a learner can read.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import List, Tuple

import pytest

from dsa.practice import registry

from .support import HERE, grade_decided

CORPUS = HERE / "corpus"
#: A failure's message fits on one line of about this many characters.
MESSAGE_CHARS = 400


def _files() -> List[Tuple[str, Path]]:
    found = []
    if CORPUS.is_dir():
        for folder in sorted(p for p in CORPUS.iterdir() if p.is_dir()):
            for path in sorted(folder.glob("*.py")):
                if "__" in path.stem:
                    found.append((folder.name, path))
    return found


FILES = _files()


def _expected(path: Path) -> Tuple[str, str]:
    """``("passed", "passed")`` or ``("failed", STAGE)`` from the file name."""
    expect = path.stem.split("__", 1)[0]
    if expect == "pass":
        return "passed", "passed"
    verdict, _, stage = expect.partition("-")
    assert verdict == "fail" and stage, f"{path.name}: name must start pass__ or fail-STAGE__"
    return "failed", stage


@pytest.mark.parametrize("module, path", FILES, ids=[f"{m}/{p.stem}" for m, p in FILES])
def test_corpus_file(module: str, path: Path, tmp_path: Path) -> None:
    problem = registry.get(module)
    verdict, stage = _expected(path)
    docstring = path.read_text(encoding="utf-8").lstrip()
    assert docstring.startswith(('"""', "'''")), f"{path.name} needs a docstring saying what it is"
    # Graded from a folder of its own, as a learner's file is.
    copy = tmp_path / f"{problem.module_name}.py"
    shutil.copyfile(path, copy)
    report = grade_decided(problem, copy)
    assert (report.verdict, report.stage) == (verdict, stage), report.describe()
    if verdict == "failed":
        assert report.message and "\n" not in report.message, report.describe()
        assert len(report.message) <= MESSAGE_CHARS, report.describe()


def test_every_corpus_folder_is_a_problem() -> None:
    names = {p.module_name for p in registry.all_problems()}
    folders = {p.name for p in CORPUS.iterdir() if p.is_dir()} if CORPUS.is_dir() else set()
    assert folders <= names, f"corpus folders without a problem: {sorted(folders - names)}"
