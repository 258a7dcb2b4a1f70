"""The practice command, run the way a learner runs it.

Every test starts ``python -m dsa.practice`` in a fresh folder with no
terminal and its own progress file, and reads what it prints.  Checks use
``--quick``.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
import time
from pathlib import Path

import pytest

from dsa.practice import registry
from dsa.practice.grader import NOT_WRITTEN
from dsa.practice.problem import Problem

from .support import flat, reference_path, run_in_terminal, run_practice, wrong_path

PROBLEMS = registry.all_problems()


def _pick() -> Problem:
    """A function problem that has a wrong solution to show."""
    for problem in PROBLEMS:
        if problem.kind == "function" and wrong_path(problem).is_file():
            return problem
    pytest.skip("no function problem with a wrong solution yet")


@pytest.fixture
def problem() -> Problem:
    return _pick()


@pytest.fixture
def run(tmp_path: Path):
    """``run(*args)`` runs the command in a fresh folder with its own progress."""
    home = tmp_path / "home"
    work = tmp_path / "work"
    work.mkdir()

    def runner(*args: str, timeout: float = 120):
        return run_practice(*args, cwd=work, home=home, timeout=timeout)

    runner.work = work  # type: ignore[attr-defined]
    runner.home = home  # type: ignore[attr-defined]
    return runner


def write(folder: Path, name: str, source: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return path


def test_list_groups_the_problems(run) -> None:
    result = run("list")
    assert result.returncode == 0, result.stderr
    for group in ("Heap", "Hash table", "Linked list", "Deque"):
        assert group in result.stdout
    for problem in PROBLEMS:
        assert problem.name in result.stdout
    assert f"0 of {len(PROBLEMS)} solved" in result.stdout


def test_no_arguments_lists_and_explains(run) -> None:
    result = run()
    assert result.returncode == 0, result.stderr
    assert "How to practise" in result.stdout and "solved" in result.stdout


def test_help_explains_the_grading(run) -> None:
    result = run("--help")
    assert result.returncode == 0
    text = flat(result.stdout)
    for word in ("start", "check", "hint", "solution", "shrunk", "DSA_PRACTICE_HOME",
                 "DSA_PRACTICE_DIR"):
        assert word in text


def test_show(run, problem: Problem) -> None:
    result = run("show", problem.name)
    assert result.returncode == 0, result.stderr
    text = flat(result.stdout)
    assert problem.title in text and "Examples" in text
    assert problem.complexity is not None and problem.complexity.expected in text


def test_start_writes_the_stub_and_never_overwrites(run, problem: Problem) -> None:
    result = run("start", problem.name)
    assert result.returncode == 0, result.stderr
    path = run.work / f"{problem.module_name}.py"
    assert path.read_text(encoding="utf-8") == problem.stub
    assert f"check {problem.name}" in flat(result.stdout)

    path.write_text("# my work\n", encoding="utf-8")
    again = run("start", problem.name)
    assert again.returncode == 1
    assert "already exists" in flat(again.stderr) and f"check {problem.name}" in flat(again.stderr)
    assert path.read_text(encoding="utf-8") == "# my work\n"

    missing = run("start", problem.name, "no/such/folder/x.py")
    assert missing.returncode == 2 and "does not exist" in flat(missing.stderr)


def test_check_the_stub_says_not_written_yet(run, problem: Problem) -> None:
    assert run("start", problem.name).returncode == 0
    result = run("check", problem.name, "--quick")
    assert result.returncode == 1, result.stdout + result.stderr
    assert NOT_WRITTEN in flat(result.stdout)


def test_check_a_correct_solution_marks_it_solved(run, problem: Problem) -> None:
    shutil.copy(reference_path(problem), run.work / f"{problem.module_name}.py")
    result = run("check", problem.name, "--quick")
    assert result.returncode == 0, result.stdout + result.stderr
    text = flat(result.stdout)
    assert "✓ loads" in text and "✓ correct on" in text and "✓ growth n^" in text
    assert "Solved!" in text

    listing = run("list")
    assert f"1 of {len(PROBLEMS)} solved" in listing.stdout
    line = next(line for line in listing.stdout.splitlines() if f" {problem.name} " in line)
    assert "✓" in line

    shown = flat(run("show", problem.name).stdout)
    assert "solved ✓" in shown and "You solved this on" in shown


def test_show_names_the_file_start_writes(run, problem: Problem) -> None:
    text = flat(run("show", problem.name).stdout)
    assert f"writes ./{problem.module_name}.py" in text
    assert "You solved this" not in text


def test_help_names_the_stub_file_and_the_exit_statuses(run) -> None:
    text = flat(run("--help").stdout)
    assert "writes ./kth_largest.py" in text
    assert "3 no verdict" in text and "inconclusive" in text
    assert "kth-largest gives ./kth_largest.py" in flat(run().stdout)


def test_an_inconclusive_check_exits_3_and_records_nothing(monkeypatch, tmp_path: Path,
                                                         problem: Problem, capsys) -> None:
    from dsa.practice import cli, sandbox
    from dsa.practice.progress import Progress
    from dsa.practice.report import GradeReport

    def no_verdict(name, path, **kwargs):
        return GradeReport(problem=name, path=str(path), verdict="inconclusive",
                           stage="complexity", message="the timings were too noisy to tell",
                           advice="run the check again on a quieter machine")

    monkeypatch.setenv("DSA_PRACTICE_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(sandbox, "check_file", no_verdict)
    monkeypatch.chdir(tmp_path)
    (tmp_path / f"{problem.module_name}.py").write_text("x = 1\n", encoding="utf-8")
    assert cli.main(["check", problem.name]) == cli.EXIT_INCONCLUSIVE
    out = flat(capsys.readouterr().out)
    assert "too noisy to tell" in out and "quieter machine" in out and "nothing is recorded" in out
    assert not Progress.load(tmp_path / "home" / "progress.json").is_solved(problem.name)


def test_check_a_wrong_solution_shows_the_counterexample(run, problem: Problem) -> None:
    path = shutil.copy(wrong_path(problem), run.work / "attempt.py")
    result = run("check", problem.name, str(path), "--quick")
    assert result.returncode == 1, result.stdout + result.stderr
    text = flat(result.stdout)
    assert "✗" in text and "Counterexample" in text and "input" in text
    assert "expected" in text or "error" in text


def test_check_a_missing_file(run, problem: Problem) -> None:
    result = run("check", problem.name)
    assert result.returncode == 2
    assert f"start {problem.name}" in flat(result.stderr)


def test_unknown_problem_and_command(run, problem: Problem) -> None:
    result = run("show", problem.name[:-1])
    assert result.returncode == 2 and problem.name in flat(result.stderr)
    command = run("chek", problem.name)
    assert command.returncode == 2 and "'check'" in flat(command.stderr)
    bad_option = run("check", problem.name, "--time-limit", "-3")
    assert bad_option.returncode == 2


def test_check_a_syntax_error(run, problem: Problem) -> None:
    write(run.work, "broken.py", """\
        def oops(:
            pass
    """)
    result = run("check", problem.name, "broken.py", "--quick")
    assert result.returncode == 1
    assert "syntax error on line 1" in flat(result.stdout)


def test_check_an_endless_loop(run, problem: Problem) -> None:
    write(run.work, "loop.py", f"""\
        def {problem.entry}(*args, **kwargs):
            while True:
                pass
    """)
    started = time.perf_counter()
    result = run("check", problem.name, "loop.py", "--quick", "--time-limit", "30")
    assert time.perf_counter() - started < 30
    assert result.returncode == 1
    assert "took longer than 2 s on this input (an endless loop?)" in flat(result.stdout)


def test_check_a_file_that_prints_ten_megabytes(run, problem: Problem) -> None:
    write(run.work, "loud.py", f"""\
        print("z" * 10_000_000)

        def {problem.entry}(*args, **kwargs):
            return None
    """)
    result = run("check", problem.name, "loud.py", "--quick")
    assert result.returncode == 1
    assert len(result.stdout) < 50_000
    assert "more characters (not shown)" in flat(result.stdout)


@pytest.mark.parametrize("source, words", [
    ("import os\nos._exit(3)\n", "exit code 3"),
    ("import sys\nsys.exit()\n", "sys.exit()"),
], ids=["os-exit", "sys-exit"])
def test_check_a_file_that_exits(run, problem: Problem, source: str, words: str) -> None:
    write(run.work, "quits.py", source)
    result = run("check", problem.name, "quits.py", "--quick")
    assert result.returncode == 1
    assert words in flat(result.stdout)
    assert "Traceback" not in result.stdout + result.stderr


def test_hints_one_at_a_time(run, problem: Problem) -> None:
    total = len(problem.hints)
    first = run("hint", problem.name)
    assert first.returncode == 0 and f"hint 1 of {total}" in flat(first.stdout)
    second = run("hint", problem.name)
    assert f"hint 2 of {total}" in flat(second.stdout)
    assert f"hint 1 of {total}" not in flat(second.stdout)
    everything = run("hint", problem.name, "--all")
    assert f"hint {total} of {total}" in flat(everything.stdout)
    after = run("hint", problem.name)
    assert "no more hints" in flat(after.stdout) and "solution" in flat(after.stdout)


def test_solution_needs_confirmation(run, problem: Problem) -> None:
    refused = run("solution", problem.name)
    assert refused.returncode == 2 and "--yes" in flat(refused.stderr)
    shown = run("solution", problem.name, "--yes")
    assert shown.returncode == 0
    assert f"def {problem.entry}" in shown.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.parametrize("answer, status", [(b"y\n", 0), (b"\n", 1)], ids=["yes", "no"])
def test_solution_asks_on_a_terminal(run, problem: Problem, answer: bytes,
                                     status: int) -> None:
    code, output = run_in_terminal("solution", problem.name, answer=answer,
                                   cwd=run.work, home=run.home)
    assert "[y/N]" in output
    assert code == status, output
    assert (f"def {problem.entry}" in output) == (status == 0)
