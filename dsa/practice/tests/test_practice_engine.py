"""The grading engine itself, on the two toy problems in ``fixtures/``.

These tests do not depend on the real problem set: they write small learner
files into a temporary folder and check what the grader says about them.
"""

from __future__ import annotations

import json
import os
import sys
import textwrap
import time
from pathlib import Path

import pytest

from dsa.practice import capture, registry
from dsa.practice.complexity import fit_exponent, format_cost, format_exponent
from dsa.practice.forbidden import find_forbidden
from dsa.practice.grader import MAX_CASE_CHARS, NOT_WRITTEN, GradeReport, grade
from dsa.practice.progress import Progress, progress_path
from dsa.practice.sandbox import check_file
from dsa.practice.tests.fixtures.toy_problems import DISTINCT, MIN_STACK

from .support import FIXTURES

DISTINCT_SPEC = "dsa.practice.tests.fixtures.toy_problems:DISTINCT"


def learner_file(tmp_path: Path, source: str, name: str = "solution.py") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return path


# --------------------------------------------------------------------------
# The toy problems: reference, wrong, slow


@pytest.mark.parametrize("problem, stem", [(DISTINCT, "distinct"), (MIN_STACK, "minstack")],
                         ids=["ops", "time"])
def test_reference_wrong_and_slow(problem, stem) -> None:
    passed = grade(problem, FIXTURES / f"{stem}_reference.py", quick=True)
    assert passed.passed and passed.stage == "passed", passed.describe()
    assert passed.exponent is not None and passed.reference_exponent is not None

    wrong = grade(problem, FIXTURES / f"{stem}_wrong.py", quick=True)
    assert wrong.stage == "correctness", wrong.describe()
    assert wrong.counterexample and len(wrong.counterexample) <= MAX_CASE_CHARS
    assert wrong.expected != wrong.actual

    slow = grade(problem, FIXTURES / f"{stem}_slow.py", quick=True)
    assert slow.stage == "complexity", slow.describe()
    assert slow.exponent > 1.5, slow.describe()
    assert "grows like n^" in slow.message and "the problem asks for" in slow.message
    assert len(slow.sizes) >= 3 and slow.reference_costs[0] is not None


def test_counterexample_is_shrunk_to_the_smallest() -> None:
    report = grade(DISTINCT, FIXTURES / "distinct_wrong.py", quick=True)
    # Forgetting to sort first shows on three values, no fewer.
    assert report.counterexample == "(0, 1, 0)", report.describe()
    assert (report.expected, report.actual) == ("2", "3")


# --------------------------------------------------------------------------
# Load stage


def test_syntax_error_names_the_line(tmp_path: Path) -> None:
    path = learner_file(tmp_path, """\
        def count_distinct(values):
            total = 0
            for v in values
                total += 1
    """)
    report = grade(DISTINCT, path, quick=True)
    assert (report.stage, report.learner_line) == ("load", 3), report.describe()
    assert "syntax error on line 3" in report.message
    assert report.error.startswith("SyntaxError")


def test_exception_at_import_names_the_line(tmp_path: Path) -> None:
    path = learner_file(tmp_path, """\
        import math

        LIMIT = math.sqrt(-1)
    """)
    report = grade(DISTINCT, path, quick=True)
    assert (report.stage, report.learner_line) == ("load", 3), report.describe()
    assert report.error == "ValueError: math domain error"


def test_sys_exit_at_import_is_reported(tmp_path: Path) -> None:
    report = grade(DISTINCT, learner_file(tmp_path, "import sys\nsys.exit(4)\n"), quick=True)
    assert report.stage == "load" and "sys.exit()" in report.message, report.describe()


def test_missing_entry_and_wrong_kind(tmp_path: Path) -> None:
    missing = grade(DISTINCT, learner_file(tmp_path, "def distinct(v):\n    return 0\n"))
    assert missing.stage == "load" and "does not define `count_distinct`" in missing.message

    as_class = grade(DISTINCT, learner_file(tmp_path, "class count_distinct:\n    pass\n"))
    assert as_class.stage == "load" and "should be a function" in as_class.message

    as_function = grade(MIN_STACK, learner_file(tmp_path, "def MinStack():\n    return []\n"))
    assert as_function.stage == "load" and "should be a class" in as_function.message


def test_stub_is_not_written_yet(tmp_path: Path) -> None:
    for problem in (DISTINCT, MIN_STACK):
        path = learner_file(tmp_path, problem.stub, f"{problem.module_name}.py")
        report = grade(problem, path, quick=True)
        assert report.stage == "load" and NOT_WRITTEN in report.message, report.describe()
    assert "`MinStack.push`, `MinStack.pop`, `MinStack.min`" in report.message


def test_a_part_left_unwritten_is_found_when_run(tmp_path: Path) -> None:
    path = learner_file(tmp_path, """\
        class MinStack:
            def __init__(self):
                self.items = []

            def push(self, x):
                self.items += [x]

            def pop(self):
                return self.items.pop()

            def min(self):
                if self.items:
                    raise NotImplementedError("later")
                raise IndexError
    """)
    report = grade(MIN_STACK, path, quick=True)
    assert report.stage == "load" and NOT_WRITTEN in report.message, report.describe()
    assert report.learner_line == 13


def test_no_bytecode_is_left_beside_the_file(tmp_path: Path) -> None:
    grade(DISTINCT, learner_file(tmp_path, "def count_distinct(v):\n    return 0\n"), quick=True)
    assert not (tmp_path / "__pycache__").exists()


# --------------------------------------------------------------------------
# Forbidden names


def test_forbidden_names_are_found_but_not_in_annotations() -> None:
    source = textwrap.dedent("""\
        import collections
        from heapq import heappush
        from collections import OrderedDict as OD

        def f(seen: set[int], counts: dict = None) -> dict:
            total: dict[str, int] = {}
            marks = {1, 2}
            squares = {x: x * x for x in range(3)}
            order = collections.OrderedDict()
            return dict(a=1), set(), {x for x in marks}
    """)
    uses = find_forbidden(source, ("dict", "set", "heapq", "collections.OrderedDict"))
    found = {(use.line, use.name) for use in uses}
    assert found == {(2, "heapq"), (3, "collections.OrderedDict"), (6, "dict"), (7, "set"),
                     (8, "dict"), (9, "collections.OrderedDict"), (10, "dict"), (10, "set")}
    assert find_forbidden(source, ()) == []


def test_forbidden_names_follow_imports_not_attribute_names() -> None:
    source = textwrap.dedent("""\
        import heapq as h
        from collections import deque as dq
        import functools

        class Cache:
            def __init__(self):
                self.deque = []
                self.cache = {}
                self.nlargest = 0

            def top(self, xs):
                return h.nlargest(2, xs), dq(), functools.cache, xs.sort()
    """)
    uses = find_forbidden(source, ("heapq.nlargest", "collections.deque", "functools.cache",
                                   ".sort"))
    assert {(use.line, use.name) for use in uses} == {
        (2, "collections.deque"), (12, "heapq.nlargest"), (12, "collections.deque"),
        (12, "functools.cache"), (12, ".sort")}


def test_forbidden_stage_fails_with_lines(tmp_path: Path) -> None:
    path = learner_file(tmp_path, """\
        def count_distinct(values):
            return len(set(values))
    """)
    report = grade(DISTINCT, path, quick=True)
    assert report.stage == "forbidden", report.describe()
    assert "`set`" in report.message and "line 2" in report.message
    assert report.learner_line == 2


# --------------------------------------------------------------------------
# Correctness stage: errors, time, output, state


def test_exception_reports_type_message_and_line(tmp_path: Path) -> None:
    path = learner_file(tmp_path, """\
        def count_distinct(values):
            ordered = sorted(values)
            count = 1
            for i in range(1, len(ordered)):
                if ordered[i] != ordered[i - 1]:
                    count += 1
            return count if ordered[0] is not None else 0
    """)
    report = grade(DISTINCT, path, quick=True)
    assert report.stage == "correctness", report.describe()
    assert report.counterexample == "()"
    assert report.error == "IndexError: list index out of range"
    assert report.learner_line == 7
    assert report.learner_source == "return count if ordered[0] is not None else 0"
    assert "raised IndexError" in report.message


def test_recursion_error_is_explained(tmp_path: Path) -> None:
    path = learner_file(tmp_path, """\
        def count_distinct(values):
            return count_distinct(values)
    """)
    report = grade(DISTINCT, path, quick=True)
    assert report.stage == "correctness" and "RecursionError" in report.message
    assert report.learner_line == 2


def test_endless_loop_times_out_without_shrinking(tmp_path: Path) -> None:
    path = learner_file(tmp_path, """\
        def count_distinct(values):
            while len(values) > 1:
                pass
            return len(values)
    """)
    started = time.perf_counter()
    report = grade(DISTINCT, path, quick=True, case_timeout=0.5)
    assert time.perf_counter() - started < 5
    assert report.stage == "correctness", report.describe()
    assert "took longer than 0.5 s on this input (an endless loop?)" in report.message
    assert report.counterexample is not None


def test_timeout_escapes_a_bare_except(tmp_path: Path) -> None:
    path = learner_file(tmp_path, """\
        import time

        def count_distinct(values):
            try:
                time.sleep(10)
            except Exception:
                return 0
    """)
    report = grade(DISTINCT, path, quick=True, case_timeout=0.3)
    assert "took longer than 0.3 s" in report.message, report.describe()


def test_printing_is_captured_and_capped(tmp_path: Path, capfd) -> None:
    path = learner_file(tmp_path, """\
        print("loading")

        def count_distinct(values):
            print("x" * 100_000)
            return 0
    """)
    report = grade(DISTINCT, path, quick=True)
    assert report.stage == "correctness"
    assert report.output.startswith("loading\nxxx")
    assert len(report.output) <= capture.OUTPUT_LIMIT
    assert report.output_truncated > 90_000
    out, err = capfd.readouterr()
    assert "xxxx" not in out + err


def test_state_kept_between_calls_is_named(tmp_path: Path) -> None:
    path = learner_file(tmp_path, """\
        calls = [0]

        def count_distinct(values):
            calls[0] += 1
            ordered = sorted(values)
            right = sum(1 for i, v in enumerate(ordered) if i == 0 or v != ordered[i - 1])
            return right + (1 if calls[0] % 7 == 0 else 0)
    """)
    report = grade(DISTINCT, path, quick=True)
    assert report.stage == "correctness", report.describe()
    assert "keep something between calls" in report.message, report.describe()


def test_a_result_of_the_wrong_type(tmp_path: Path) -> None:
    path = learner_file(tmp_path, """\
        class MinStack:
            def __init__(self):
                self.items = []
            def pop(self):
                if not self.items:
                    raise IndexError
                return self.items.pop()
            def push(self, x):
                self.items.append(x)
            def min(self):
                if not self.items:
                    raise IndexError
                return str(min(self.items))
    """)
    report = grade(MIN_STACK, path, quick=True)
    assert report.counterexample == "push 0, min", report.describe()
    assert report.actual == "[None, '0']"


# --------------------------------------------------------------------------
# Complexity stage


def test_growth_timeout_is_a_flag(tmp_path: Path) -> None:
    path = learner_file(tmp_path, """\
        import time

        def count_distinct(values):
            if len(values) > 1000:
                time.sleep(5)
            ordered = sorted(values)
            return sum(1 for i, v in enumerate(ordered) if i == 0 or v != ordered[i - 1])
    """)
    report = grade(DISTINCT, path, quick=True, growth_timeout=0.3)
    assert report.stage == "complexity", report.describe()
    assert "took longer than 0.3 s on an input of size n = 1,600" in report.message


def test_recursion_on_a_long_input_fails_growth(tmp_path: Path) -> None:
    path = learner_file(tmp_path, """\
        def count_distinct(values):
            ordered = sorted(values)
            def walk(i):
                if i == len(ordered):
                    return 0
                return walk(i + 1) + (i == 0 or ordered[i] != ordered[i - 1])
            return walk(0)
    """)
    report = grade(DISTINCT, path, quick=True)
    # An exception is a wrong answer, wherever it is found.
    assert report.stage == "correctness", report.describe()
    assert "RecursionError" in report.message and "large input" in report.message
    assert report.learner_line is not None


def test_fit_exponent() -> None:
    sizes = [100, 200, 400, 800]
    assert fit_exponent(sizes, [n ** 2 for n in sizes]) == pytest.approx(2.0)
    assert fit_exponent(sizes, [5.0] * 4) == pytest.approx(0.0)
    assert fit_exponent(sizes, [0, 0, 0, 0], counts=True) == pytest.approx(0.0)
    assert fit_exponent(sizes, [0.0, 0.0, 1e-3, 2e-3]) > 0  # zero times do not crash
    assert fit_exponent([100], [1.0]) is None
    assert format_exponent(1.04) == "n^1.0" and format_exponent(None) == "n^?"
    assert format_cost(0.0123, "time") == "12.3 ms" and format_cost(1234, "ops") == "1,234"


def test_fit_interval_is_tight_on_a_power_law_and_wide_on_noise() -> None:
    from dsa.practice.complexity import fit

    sizes = [100, 200, 400, 800, 1600]
    clean = fit(sizes, [n ** 1.5 for n in sizes])
    assert clean.low == pytest.approx(1.5) and clean.high == pytest.approx(1.5)
    noisy = fit(sizes, [1.0, 3.0, 2.5, 9.0, 12.0])
    assert noisy.high - noisy.low > 0.5 and noisy.low < noisy.exponent < noisy.high
    two = fit([100, 200], [1.0, 4.0])
    assert (two.low, two.exponent, two.high) == pytest.approx((2.0, 2.0, 2.0))
    assert clean.above(1.4) and clean.below(1.6) and not noisy.above(noisy.exponent)


# --------------------------------------------------------------------------
# Reports, output capture, the child process


def test_report_json_round_trip() -> None:
    report = GradeReport(problem="p", path="x.py", stage="complexity", sizes=[1, 2],
                         costs=[0.5, None], notes=["n"])
    again = GradeReport.from_json(report.to_json())
    assert again == report
    assert GradeReport.from_json(json.dumps({"problem": "p", "path": "x", "extra": 1}))


def test_capped_writer() -> None:
    writer = capture.CappedWriter(limit=5)
    writer.write("abc")
    writer.write("defgh")
    assert (writer.getvalue(), writer.dropped) == ("abcde", 3)


def test_child_process_survives_os_exit_and_reports(tmp_path: Path) -> None:
    path = learner_file(tmp_path, "import os\nos._exit(3)\n")
    report = check_file(DISTINCT_SPEC, path, quick=True)
    assert not report.passed and "exit code 3" in report.message, report.describe()


@pytest.mark.skipif(sys.platform == "win32", reason="signals are a Unix matter")
def test_child_process_survives_a_crash(tmp_path: Path) -> None:
    path = learner_file(tmp_path, """\
        import faulthandler

        def count_distinct(values):
            faulthandler._sigsegv()
    """)
    report = check_file(DISTINCT_SPEC, path, quick=True)
    assert not report.passed and "crashed (SIGSEGV)" in report.message, report.describe()
    assert report.stage == "correctness"


def test_whole_check_time_limit(tmp_path: Path) -> None:
    # The per-input limit is longer than the whole check's: only the limit
    # on the whole check can end this.
    path = learner_file(tmp_path, """\
        import time

        def count_distinct(values):
            time.sleep(60)
    """)
    started = time.perf_counter()
    report = grade(DISTINCT, path, quick=True, time_limit=3, case_timeout=30)
    assert time.perf_counter() - started < 15
    assert "did not finish within 3 s" in report.message, report.describe()
    assert report.stage == "correctness"


def test_child_process_drains_raw_output(tmp_path: Path) -> None:
    path = learner_file(tmp_path, """\
        import os
        os.write(1, b"y" * 1_000_000)

        def count_distinct(values):
            ordered = sorted(values)
            return sum(1 for i, v in enumerate(ordered) if i == 0 or v != ordered[i - 1])
    """)
    report = check_file(DISTINCT_SPEC, path, quick=True)
    assert report.passed, report.describe()
    assert report.output.startswith("yyy") and report.output_truncated > 900_000


# --------------------------------------------------------------------------
# Registry and progress file


def test_unknown_problem_suggests_close_names() -> None:
    names = registry.names()
    if not names:
        pytest.skip("no problems yet")
    target = names[0]
    with pytest.raises(registry.UnknownProblem) as caught:
        registry.get(target[:-1])
    assert isinstance(caught.value, KeyError)
    assert target in caught.value.suggestions and target in str(caught.value)


def test_progress_path_follows_the_environment(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DSA_PRACTICE_HOME", str(tmp_path / "home"))
    assert progress_path() == tmp_path / "home" / "progress.json"
    monkeypatch.delenv("DSA_PRACTICE_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert progress_path() == tmp_path / "xdg" / "dsa" / "practice.json"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert progress_path() == Path.home() / ".local" / "share" / "dsa" / "practice.json"


def test_progress_round_trip_corrupt_and_unwritable(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    progress = Progress.load(path)
    assert progress.mark_solved("a") and not progress.mark_solved("a")
    assert progress.reveal_hint("a", 2) == 1 and progress.reveal_hint("a", 2) == 2
    assert progress.reveal_hint("a", 2) == 2
    assert progress.save() and not list(tmp_path.glob(".progress-*"))
    again = Progress.load(path)
    assert again.is_solved("a") and again.hints_seen("a") == 2 and not again.warnings

    path.write_text("{not json", encoding="utf-8")
    broken = Progress.load(path)
    assert not broken.solved and "not a valid progress file" in broken.warnings[0]

    if os.name == "posix" and os.geteuid() != 0:
        blocked = tmp_path / "blocked"
        blocked.mkdir()
        blocked.chmod(0o500)
        try:
            stuck = Progress.load(blocked / "sub" / "progress.json")
            stuck.mark_solved("a")
            assert not stuck.save() and "could not save" in stuck.warnings[0]
        finally:
            blocked.chmod(0o700)
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("", encoding="utf-8")
    stuck = Progress.load(not_a_folder / "progress.json")
    stuck.mark_solved("a")
    assert not stuck.save() and "could not save" in stuck.warnings[-1]


def test_grader_does_not_touch_the_real_streams(tmp_path: Path) -> None:
    before = sys.stdout, sys.stderr
    grade(DISTINCT, learner_file(tmp_path, "import sys\nsys.stdout = None\n"
                                 "def count_distinct(v):\n    return 0\n"), quick=True)
    assert (sys.stdout, sys.stderr) == before


# --------------------------------------------------------------------------
# Growth verdicts, from measurements given directly


def _judged(mine, reference, *, mine_ops=None, reference_ops=None, limit=1.3):
    """The verdict growth gives for these costs at sizes 1000, 2000, ... 16000."""
    import types

    from dsa.practice import growth
    from dsa.practice.problem import Complexity, Family

    sizes = [1000, 2000, 4000, 8000, 16000]
    family = Family("given", lambda n, rng: None)
    complexity = Complexity(expected="O(n)", max_exponent=limit, sizes=sizes,
                            families=(family,), counted=(lambda c: c) if mine_ops else None,
                            min_ops=(lambda n: n - 1) if mine_ops else None)
    session = types.SimpleNamespace(problem=types.SimpleNamespace(complexity=complexity))
    result = growth._Measured(family, sizes=sizes,
                              mine={n: [t] for n, t in zip(sizes, mine)},
                              reference={n: [t] for n, t in zip(sizes, reference)})
    if mine_ops:
        result.mine_ops = dict(zip(sizes, mine_ops))
        result.reference_ops = dict(zip(sizes, reference_ops))
    growth._judge(session, result)
    return result


def test_growth_passes_linear_and_fails_quadratic_time() -> None:
    linear = [n * 1e-6 for n in (1000, 2000, 4000, 8000, 16000)]
    quadratic = [n * n * 1e-9 for n in (1000, 2000, 4000, 8000, 16000)]
    assert _judged(linear, linear).verdict == "pass"
    failed = _judged(quadratic, linear)
    assert (failed.verdict, failed.why) == ("fail", "time")
    assert failed.time.exponent == pytest.approx(2.0)


def test_growth_too_noisy_to_tell_is_unclear() -> None:
    linear = [n * 1e-6 for n in (1000, 2000, 4000, 8000, 16000)]
    # About n^1.4, but one run hit by load: the interval straddles the limit.
    noisy = [1.0e-3, 4.0e-3, 5.0e-3, 3.0e-2, 5.0e-2]
    result = _judged(noisy, linear)
    assert result.verdict == "unclear", (result.time, result.excess)
    assert result.time.low < 1.3 < result.time.high


def test_growth_counts_fail_a_solution_time_cannot_see() -> None:
    linear = [n * 1e-6 for n in (1000, 2000, 4000, 8000, 16000)]
    sizes = (1000, 2000, 4000, 8000, 16000)
    result = _judged(linear, linear, mine_ops=[n * n for n in sizes],
                     reference_ops=[2 * n for n in sizes])
    assert (result.verdict, result.why) == ("fail", "ops")


def test_growth_sets_aside_a_dodged_count_and_judges_by_time() -> None:
    sizes = (1000, 2000, 4000, 8000, 16000)
    linear = [n * 1e-6 for n in sizes]
    quadratic = [n * n * 1e-9 for n in sizes]
    # Comparisons made on int() copies: almost none are counted.
    dodged = _judged(quadratic, linear, mine_ops=[3] * 5, reference_ops=[2 * n for n in sizes])
    assert not dodged.ops_trusted
    assert (dodged.verdict, dodged.why) == ("fail", "time")
    honest = _judged(linear, linear, mine_ops=[3] * 5, reference_ops=[2 * n for n in sizes])
    assert not honest.ops_trusted and honest.verdict == "pass"


def test_growth_fails_a_time_flatter_than_reading_the_input() -> None:
    sizes = (1000, 2000, 4000, 8000, 16000)
    linear = [n * 1e-6 for n in sizes]
    paced = [0.5, 0.5, 0.5, 0.5, 0.5]  # waits until half a second has passed
    result = _judged(paced, linear)
    assert (result.verdict, result.why) == ("fail", "flat")
    constant = [1e-3] * 5
    assert _judged(constant, constant).verdict == "pass"  # an O(1) problem


def test_a_costly_judge_sees_the_first_pass_and_a_secret_share_after() -> None:
    import random
    from types import SimpleNamespace

    from dsa.practice import growth

    def session(share: float, salt: str) -> SimpleNamespace:
        return SimpleNamespace(
            problem=SimpleNamespace(complexity=SimpleNamespace(judged_share=share)),
            measured_random=lambda family, n, round_: random.Random(f"{family}:{n}:{round_}:{salt}"))

    picks = [(n, r) for n in (64, 128, 256, 512) for r in range(1, 101)]
    every = session(1.0, "a")
    assert all(growth._judged(every, "random", n, r) for n, r in picks)
    third = session(1 / 3, "a")
    assert all(growth._judged(third, "random", n, 0) for n in (64, 128, 256, 512))
    judged = [p for p in picks if growth._judged(third, "random", *p)]
    assert 0.25 < len(judged) / len(picks) < 0.42
    # Another session's secret picks other answers.
    other = [p for p in picks if growth._judged(session(1 / 3, "b"), "random", *p)]
    assert judged != other
