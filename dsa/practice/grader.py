"""Grade a learner's solution file against a problem, in this process.

:func:`grade` runs four stages and stops at the first that fails:

``load``
    Import the file under a fresh module name, with whatever it prints
    captured.  A syntax error or an exception names the line; the problem's
    ``entry`` must exist and be a function or a class as asked; a stub that
    still raises ``NotImplementedError`` is reported as not written yet.
``forbidden``
    When the problem forbids names (``dict`` in "design a hash map"), read
    the file's syntax tree and list every line that uses one.
``correctness``
    Run the problem's named edge cases, then up to 150 inputs drawn by
    Hypothesis (60 with ``quick``).  Each input is given to the reference
    solution and to the learner's, and the problem's ``judge`` compares the
    two outcomes.  On the first wrong answer or exception Hypothesis
    *shrinks* the input, trying smaller and simpler ones that still fail, so
    the report shows a counterexample small enough to work through by hand.
    An input that takes longer than ``case_timeout`` seconds stops the stage
    at once (there is nothing useful to shrink in an endless loop).
``complexity``
    Run the reference and the learner's solution on inputs of growing size,
    measure the cost (comparisons counted, or the best of a few wall-clock
    timings) and fit the growth exponent (see :mod:`dsa.practice.complexity`).
    A learner whose exponent exceeds the problem's ``max_exponent`` is told
    how the two grow, with a table of the measurements.

Nothing the learner's code does, short of ending the process, escapes as a
traceback: every outcome is a :class:`GradeReport`.  The command runs this
module in a child process (:mod:`dsa.practice.sandbox`) so that even
``os._exit`` or a crash in C becomes a report.
"""

from __future__ import annotations

import ast
import gc
import importlib
import importlib.util
import inspect
import itertools
import json
import os
import random
import signal
import sys
import threading
import time
import tokenize
import traceback
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from . import counting
from .capture import OUTPUT_LIMIT, CappedWriter, captured, truncation_note
from .complexity import fit_exponent, format_cost, format_exponent
from .forbidden import describe_uses, find_forbidden
from .problem import Problem

__all__ = ["GradeReport", "grade", "CaseTimeout", "STAGES", "MAX_CASE_CHARS",
           "NOT_WRITTEN"]

#: The stages in the order they run; a report's ``stage`` is one of these,
#: "passed", or "internal" when the grader or the problem itself failed.
STAGES = ("load", "forbidden", "correctness", "complexity")

#: A shrunk counterexample should show in at most this many characters.
MAX_CASE_CHARS = 150
#: The words every "stub not filled in" report contains.
NOT_WRITTEN = "not written yet"

#: Random inputs Hypothesis draws in the correctness stage (after shrinking
#: starts, it may run more).
EXAMPLES_FULL = 150
EXAMPLES_QUICK = 60
#: Seconds one timed run may take before the growth stage stops adding sizes.
GROWTH_BUDGET_FULL = 1.0
GROWTH_BUDGET_QUICK = 0.5
#: A solution flagged by less than this much over the limit is measured a
#: second time before the verdict, so one noisy timing cannot fail it.
RETRY_MARGIN = 0.5
#: A solution is flagged only when its exponent also exceeds the reference's,
#: measured beside it, by more than this.
REFERENCE_MARGIN = 0.25
#: Characters shown of an expected or actual outcome.
VALUE_CHARS = 300


# --------------------------------------------------------------------------
# The report


@dataclass
class GradeReport:
    """What :func:`grade` found, ready to print or to send between processes."""

    problem: str
    path: str
    passed: bool = False
    #: The stage that failed (one of :data:`STAGES`), "passed", or "internal".
    stage: str = "load"
    #: One or two plain sentences saying what happened.
    message: str = ""
    #: The failing input, as the problem shows it (``show_case``).
    counterexample: Optional[str] = None
    expected: Optional[str] = None
    actual: Optional[str] = None
    #: "IndexError: list index out of range", when the learner's code raised.
    error: Optional[str] = None
    #: Where in the learner's file: the line number and its source text.
    learner_line: Optional[int] = None
    learner_source: Optional[str] = None
    #: Growth exponents fitted in the complexity stage.
    exponent: Optional[float] = None
    reference_exponent: Optional[float] = None
    max_exponent: Optional[float] = None
    #: "O(n log k)": what the problem asks for.
    expected_complexity: Optional[str] = None
    #: "time" (seconds) or "ops" (comparisons): the unit of the costs.
    measure: Optional[str] = None
    sizes: List[int] = field(default_factory=list)
    #: The learner's cost at each size; None where it was not measured.
    costs: List[Optional[float]] = field(default_factory=list)
    reference_costs: List[Optional[float]] = field(default_factory=list)
    #: Inputs tried in the correctness stage (shrinking included).
    cases_run: int = 0
    #: What the learner's code printed (the first few kilobytes).
    output: str = ""
    #: How many printed characters were left out of ``output``.
    output_truncated: int = 0
    #: Seconds the whole grading took.
    elapsed: float = 0.0
    #: Remarks that do not change the verdict.
    notes: List[str] = field(default_factory=list)

    def to_json(self) -> str:
        """The report as a JSON object (what the worker process writes)."""
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> "GradeReport":
        """Read a report written by :meth:`to_json`; unknown keys are ignored."""
        data = json.loads(text)
        known = {f.name for f in fields(cls)}
        return cls(**{key: value for key, value in data.items() if key in known})

    def describe(self) -> str:
        """The report as plain text, for logs and test failures."""
        lines = [f"{self.problem}: {'passed' if self.passed else 'failed at ' + self.stage}"]
        if self.message:
            lines.append(self.message)
        for label, value in (("input", self.counterexample), ("expected", self.expected),
                             ("got", self.actual), ("error", self.error)):
            if value is not None:
                lines.append(f"  {label + ':':<9} {value}")
        if self.learner_line is not None:
            lines.append(f"  {'line:':<9} {self.learner_line}: {self.learner_source or ''}")
        if self.sizes:
            lines.append(f"  {'n':>9}  {'yours':>12}  {'reference':>12}")
            for n, mine, ref in itertools.zip_longest(self.sizes, self.costs,
                                                      self.reference_costs):
                lines.append(f"  {n:>9,}  {format_cost(mine, self.measure or 'time'):>12}"
                             f"  {format_cost(ref, self.measure or 'time'):>12}")
        if self.output:
            lines.append("  your code printed:")
            lines.extend("    " + line for line in self.output.splitlines()[:20])
        if self.output_truncated:
            lines.append("  (" + truncation_note(self.output_truncated) + ")")
        lines.extend("  note: " + note for note in self.notes)
        return "\n".join(lines)


# --------------------------------------------------------------------------
# Time limits


class CaseTimeout(BaseException):
    """One run of the learner's code took longer than its limit.

    A BaseException, not an Exception, so that neither the learner's
    ``except Exception`` nor Hypothesis catches it: the search stops at once
    instead of shrinking an input that never finishes.
    """

    def __init__(self, seconds: float) -> None:
        super().__init__(f"took longer than {seconds:g} s")
        self.seconds = seconds


def _alarm_available() -> bool:
    """True when SIGALRM can limit time here: Unix, main thread, timer free."""
    if not hasattr(signal, "setitimer"):
        return False
    if threading.current_thread() is not threading.main_thread():
        return False
    # Someone else (a test runner's timeout, say) already uses the timer.
    return signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


@contextmanager
def time_limit(seconds: Optional[float]) -> Iterator[None]:
    """Raise :class:`CaseTimeout` in the block after ``seconds``.

    Without a usable SIGALRM (Windows, a thread other than the main one)
    the block simply runs without a limit; the command's child process has
    its own limit for the whole check.
    """
    if seconds is None or not _alarm_available():
        yield
        return

    def on_alarm(signum: int, frame: Any) -> None:
        raise CaseTimeout(seconds)

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        try:
            signal.setitimer(signal.ITIMER_REAL, 0)
        finally:
            signal.signal(signal.SIGALRM,
                          previous if previous is not None else signal.SIG_DFL)


# --------------------------------------------------------------------------
# Failures found while running the learner's code


@dataclass
class _Failure:
    """One failing run, before it becomes a report."""

    message: str
    case: Optional[str] = None
    expected: Optional[str] = None
    actual: Optional[str] = None
    error: Optional[str] = None
    line: Optional[int] = None
    source: Optional[str] = None
    output: str = ""
    dropped: int = 0
    stage: str = "correctness"


class _CaseFailed(Exception):
    """Raised inside the Hypothesis test so that it shrinks the input."""

    def __init__(self, failure: _Failure) -> None:
        super().__init__(failure.message)
        self.failure = failure


class _Abort(BaseException):
    """Stops the Hypothesis search at once: a timeout, a stub, no memory."""

    def __init__(self, failure: _Failure) -> None:
        super().__init__(failure.message)
        self.failure = failure


class _ProblemBug(Exception):
    """The problem or its reference solution misbehaved, not the learner."""


def _safe_repr(value: Any, limit: int = VALUE_CHARS) -> str:
    """``repr(value)``, cut to ``limit`` characters, never raising."""
    try:
        text = repr(value)
    except Exception as exc:  # a learner's __repr__ may itself be broken
        text = f"<{type(value).__name__} object; its repr raised {type(exc).__name__}>"
    return _cut(text, limit)


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit:,} more characters)"


def _exception_text(exc: BaseException) -> str:
    """``"IndexError: list index out of range"``, never raising."""
    name = type(exc).__name__
    if isinstance(exc, SystemExit):
        argument = "" if exc.code is None else _safe_repr(exc.code, 60)
        return f"SystemExit: your code called sys.exit({argument})"
    try:
        detail = str(exc)
    except Exception:
        detail = ""
    return _cut(f"{name}: {detail}" if detail else name, VALUE_CHARS)


# --------------------------------------------------------------------------
# Reading the learner's file without running it


def _read_source(path: Path) -> str:
    """The file's text, decoded the way Python would decode it."""
    with tokenize.open(path) as handle:
        return handle.read()


def _is_unwritten(body: Sequence[ast.stmt]) -> bool:
    """True for a body that is (a docstring and) ``raise NotImplementedError``."""
    statements = list(body)
    if (statements and isinstance(statements[0], ast.Expr)
            and isinstance(statements[0].value, ast.Constant)
            and isinstance(statements[0].value.value, str)):
        statements = statements[1:]
    if len(statements) != 1 or not isinstance(statements[0], ast.Raise):
        return False
    raised = statements[0].exc
    if isinstance(raised, ast.Call):
        raised = raised.func
    return isinstance(raised, ast.Name) and raised.id == "NotImplementedError"


def unwritten_parts(source: str, entry: str) -> List[str]:
    """The parts of ``entry`` still left as ``raise NotImplementedError``.

    ``["kth_largest"]`` for an untouched function stub, ``["MinStack.push",
    "MinStack.pop"]`` for the methods of a class stub, ``[]`` once written.
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    parts: List[str] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == entry:
            parts = [entry] if _is_unwritten(node.body) else []
        elif isinstance(node, ast.ClassDef) and node.name == entry:
            parts = [f"{entry}.{item.name}" for item in node.body
                     if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                     and _is_unwritten(item.body)]
    return parts


# --------------------------------------------------------------------------
# Measurements for the complexity stage


@dataclass
class _Growth:
    """Costs measured at increasing sizes."""

    sizes: List[int] = field(default_factory=list)
    costs: List[float] = field(default_factory=list)

    def cost_at(self, n: int) -> Optional[float]:
        return self.costs[self.sizes.index(n)] if n in self.sizes else None

    def add(self, n: int, cost: float) -> None:
        """Record ``cost`` at size ``n``, keeping the lowest cost seen there."""
        if n in self.sizes:
            i = self.sizes.index(n)
            self.costs[i] = min(self.costs[i], cost)
        else:
            self.sizes.append(n)
            self.costs.append(cost)


_module_counter = itertools.count(1)


# --------------------------------------------------------------------------
# Grading


def grade(problem: Problem, path: "str | os.PathLike[str]", *, quick: bool = False,
          case_timeout: float = 2.0, growth_timeout: float = 10.0,
          on_stage: Optional[Callable[[str], None]] = None,
          display: Optional[str] = None) -> GradeReport:
    """Grade the solution in the file at ``path`` against ``problem``.

    ``quick`` tries fewer random inputs (60 instead of 150) and stops the
    growth measurement sooner.  ``case_timeout`` limits one run of the
    learner's code in the correctness stage, ``growth_timeout`` one run in
    the complexity stage (both need SIGALRM: Unix, main thread).
    ``on_stage``, if given, is called with each stage's name as it starts
    (the worker process records it, so a crash can say where it happened).
    ``display`` is how messages name the file (default: ``path`` as given).
    """
    return _Session(problem, Path(path), quick=quick, case_timeout=case_timeout,
                    growth_timeout=growth_timeout, on_stage=on_stage,
                    display=display).run()


class _Session:
    """The state of one grading: the loaded module, captured output, report."""

    def __init__(self, problem: Problem, path: Path, *, quick: bool,
                 case_timeout: float, growth_timeout: float,
                 on_stage: Optional[Callable[[str], None]] = None,
                 display: Optional[str] = None) -> None:
        self.problem = problem
        self.on_stage = on_stage
        self.path = path
        self.shown = display or str(path)
        self.file = os.path.normcase(os.path.abspath(path))
        self.quick = quick
        self.case_timeout = case_timeout
        self.growth_timeout = growth_timeout
        self.report = GradeReport(problem=problem.name, path=str(path))
        self.module_name = f"dsa_practice_learner_{next(_module_counter)}_{problem.module_name}"
        self.entry: Any = None
        self.reference: Any = None
        self.source = ""
        #: Everything the learner's code printed (first few KB), and what it
        #: printed while loading, which every failure report repeats.
        self.all_output = CappedWriter()
        self.load_output = CappedWriter()
        #: The size the growth stage is measuring (named in failure reports).
        self.current_size: Optional[int] = None

    # -- driver -------------------------------------------------------------

    def run(self) -> GradeReport:
        started = time.perf_counter()
        recursion_limit = sys.getrecursionlimit()
        report = self.report
        try:
            if all(self._stage(name, step) for name, step in (
                    ("load", self.load), ("forbidden", self.scan),
                    ("correctness", self.check_correctness),
                    ("complexity", self.check_growth))):
                report.passed, report.stage = True, "passed"
                report.message = "all checks passed"
                self._attach_output(None)
        except _ProblemBug as exc:
            self._internal(str(exc))
        except Exception as exc:  # a bug in the grader: say so, never a traceback
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            frames = traceback.extract_tb(exc.__traceback__)
            where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
            self._internal(f"the grader itself failed ({detail}{where}); this is not a "
                           "problem with your solution")
        finally:
            sys.setrecursionlimit(recursion_limit)
            sys.modules.pop(self.module_name, None)
            report.elapsed = time.perf_counter() - started
        return report

    def _stage(self, name: str, step: Callable[[], bool]) -> bool:
        """Announce stage ``name`` and run it; False when it failed."""
        if self.on_stage is not None:
            self.on_stage(name)
        return step()

    def _internal(self, message: str) -> None:
        self.report.passed = False
        self.report.stage = "internal"
        self.report.message = message

    def _fail(self, failure: _Failure) -> bool:
        """Copy ``failure`` into the report; returns False for the caller."""
        report = self.report
        report.passed = False
        report.stage = failure.stage
        report.message = failure.message
        report.counterexample = failure.case
        report.expected = failure.expected
        report.actual = failure.actual
        report.error = failure.error
        report.learner_line = failure.line
        report.learner_source = failure.source
        self._attach_output(failure)
        return False

    def _attach_output(self, failure: Optional[_Failure]) -> None:
        """The output a report shows: what loading printed plus the failing
        run's, or everything (capped) when there is no single failing run."""
        if failure is None:
            self.report.output = self.all_output.getvalue()
            self.report.output_truncated = self.all_output.dropped
            return
        load = self.load_output.getvalue()
        text = load + failure.output
        dropped = self.load_output.dropped + failure.dropped
        if len(text) > OUTPUT_LIMIT:
            dropped += len(text) - OUTPUT_LIMIT
            text = text[:OUTPUT_LIMIT]
        self.report.output = text
        self.report.output_truncated = dropped

    def _absorb(self, writer: CappedWriter) -> None:
        """Add one run's captured output to the running total."""
        self.all_output.write(writer.getvalue())
        self.all_output.dropped += writer.dropped

    # -- where in the learner's file ----------------------------------------

    def _learner_frame(self, exc: BaseException) -> Tuple[Optional[int], Optional[str]]:
        """The deepest line of the learner's file in ``exc``'s traceback."""
        found: Tuple[Optional[int], Optional[str]] = (None, None)
        try:
            frames = traceback.extract_tb(exc.__traceback__)
        except Exception:
            return found
        for frame in frames:
            if os.path.normcase(os.path.abspath(frame.filename)) == self.file:
                found = (frame.lineno, (frame.line or "").strip() or None)
        return found

    def _error_failure(self, exc: BaseException, case: Optional[str],
                       writer: CappedWriter, *, stage: str = "correctness",
                       where: str = "on this input") -> _Failure:
        """A failure for an exception raised while running the learner's code."""
        line, source = self._learner_frame(exc)
        name = type(exc).__name__
        if isinstance(exc, RecursionError):
            message = (f"your code raised RecursionError {where}: it called itself "
                       "too deeply (endless recursion, or recursion as deep as the "
                       f"input is long; Python stops at about {sys.getrecursionlimit():,} "
                       "nested calls, so a loop is safer)")
        elif isinstance(exc, SystemExit):
            message = f"your code called sys.exit() {where}; a solution must return instead"
        elif line is None:
            message = (f"{name} was raised {where} while checking what your code "
                       "returned (not inside your code): is the result of the right type?")
        else:
            message = f"your code raised {name} {where}"
        return _Failure(message=message, case=case, error=_exception_text(exc),
                        line=line, source=source, output=writer.getvalue(),
                        dropped=writer.dropped, stage=stage)

    def _not_written(self, parts: Sequence[str], line: Optional[int] = None,
                     source: Optional[str] = None) -> _Failure:
        where = ", ".join(f"`{part}`" for part in parts) if parts else f"`{self.problem.entry}`"
        verb = "still raise" if len(parts) > 1 else "still raises"
        return _Failure(
            stage="load", line=line, source=source,
            message=(f"{NOT_WRITTEN}: {where} {verb} NotImplementedError. Write your "
                     f"solution in {self.shown}, then run the check again."))

    # -- stage 1: load -------------------------------------------------------

    def load(self) -> bool:
        """Import the learner's file and find its entry point."""
        problem = self.problem
        if not self.path.is_file():
            return self._fail(_Failure(stage="load",
                                       message=f"there is no file at {self.shown}"))
        try:
            self.source = _read_source(self.path)
        except (OSError, SyntaxError, UnicodeDecodeError) as exc:
            return self._fail(_Failure(stage="load", error=_exception_text(exc),
                                       message=f"{self.shown} could not be read"))
        spec = importlib.util.spec_from_file_location(self.module_name, str(self.path))
        if spec is None or spec.loader is None:
            return self._fail(_Failure(stage="load", message=(
                f"{self.shown} cannot be imported as Python (is it a .py file?)")))
        module = importlib.util.module_from_spec(spec)
        sys.modules[self.module_name] = module  # dataclasses and pickle look here
        writer = self.load_output
        writes_bytecode = sys.dont_write_bytecode
        sys.dont_write_bytecode = True  # leave no __pycache__ beside the file
        try:
            with captured(writer), time_limit(self.case_timeout * 5):
                spec.loader.exec_module(module)
        except SyntaxError as exc:
            return self._fail(_Failure(
                stage="load", line=exc.lineno, source=(exc.text or "").strip() or None,
                error=f"{type(exc).__name__}: {exc.msg}",
                message=f"{self.shown} has a syntax error on line {exc.lineno}"))
        except CaseTimeout:
            return self._fail(_Failure(stage="load", message=(
                f"importing {self.shown} took longer than {self.case_timeout * 5:g} s "
                "(is there an endless loop at the top level of the file?)")))
        except KeyboardInterrupt:
            raise
        except BaseException as exc:
            failure = self._error_failure(exc, None, CappedWriter(), stage="load",
                                          where=f"while {self.shown} was being imported")
            if isinstance(exc, SystemExit):
                failure.message = (f"{self.shown} called sys.exit() while being imported; "
                                   "put any code that runs your solution under "
                                   "`if __name__ == \"__main__\":`")
            elif isinstance(exc, ImportError):
                failure.message = f"{self.shown} could not import what it needs"
            return self._fail(failure)
        finally:
            sys.dont_write_bytecode = writes_bytecode
            self._absorb(writer)

        entry = getattr(module, problem.entry, None)
        if entry is None:
            what = "function" if problem.kind == "function" else "class"
            return self._fail(_Failure(stage="load", message=(
                f"{self.shown} does not define `{problem.entry}`: the problem asks for a "
                f"{what} with exactly that name")))
        if problem.kind == "class" and not inspect.isclass(entry):
            return self._fail(_Failure(stage="load", message=(
                f"`{problem.entry}` should be a class (class {problem.entry}: ...), but "
                f"in {self.shown} it is a {type(entry).__name__}")))
        if problem.kind == "function" and (inspect.isclass(entry) or not callable(entry)):
            kind = "class" if inspect.isclass(entry) else type(entry).__name__
            return self._fail(_Failure(stage="load", message=(
                f"`{problem.entry}` should be a function (def {problem.entry}(...)), but "
                f"in {self.shown} it is a {kind}")))
        self.entry = entry

        parts = unwritten_parts(self.source, problem.entry)
        if parts:
            return self._fail(self._not_written(parts))
        return True

    # -- stage 2: forbidden names ---------------------------------------------

    def scan(self) -> bool:
        """Reject a file that uses a name the problem forbids."""
        forbidden = tuple(self.problem.forbidden)
        if not forbidden:
            return True
        uses = find_forbidden(self.source, forbidden)
        if not uses:
            return True
        found = sorted({use.name for use in uses}, key=forbidden.index)
        lines = sorted({use.line for use in uses})
        listing = "\n".join(describe_uses(uses, self.source.splitlines()))
        extra = ""
        if "dict" in forbidden or "set" in forbidden:
            extra = " (nor `{}` literals and comprehensions, which build them)"
        return self._fail(_Failure(
            stage="forbidden", line=uses[0].line, error=listing,
            message=(f"this problem asks you to do that work yourself, so your solution may "
                     f"not use {_either(forbidden)}{extra}; found {_either(found, 'and')} "
                     f"on {_plural(len(lines), 'line')} {_either(lines, 'and', quote=False)}")))

    # -- stage 3: correctness -------------------------------------------------

    def _show(self, case: Any) -> str:
        try:
            return str(self.problem.show_case(case))
        except Exception:
            return _safe_repr(case, 1000)

    def _expected(self, case: Any) -> Any:
        """The reference outcome for ``case``."""
        try:
            return self.problem.run(self._reference_entry(), case)
        except Exception as exc:
            raise _ProblemBug(
                f"the reference solution of {self.problem.name} failed on "
                f"{self._show(case)} ({_exception_text(exc)}); this is a mistake in the "
                "problem, not in your solution") from exc

    def _reference_entry(self) -> Any:
        if self.reference is None:
            try:
                module = importlib.import_module(self.problem.reference)
                self.reference = getattr(module, self.problem.entry)
            except Exception as exc:
                raise _ProblemBug(
                    f"the reference solution {self.problem.reference} could not be "
                    f"loaded ({_exception_text(exc)})") from exc
        return self.reference

    def trial(self, case: Any) -> Optional[_Failure]:
        """Run one case on both solutions; the failure, or None when right.

        Raises :class:`_Abort` for what must not be shrunk: a timeout, an
        unwritten stub, running out of memory.
        """
        self.report.cases_run += 1
        expected = self._expected(case)
        writer = CappedWriter()
        try:
            with captured(writer), time_limit(self.case_timeout):
                actual = self.problem.run(self.entry, case)
        except CaseTimeout as exc:
            raise _Abort(_Failure(
                case=_cut(self._show(case), 2000), output=writer.getvalue(),
                dropped=writer.dropped,
                message=(f"your code took longer than {exc.seconds:g} s on this input "
                         "(an endless loop?)"))) from None
        except NotImplementedError as exc:
            line, source = self._learner_frame(exc)
            if line is None:
                return self._error_failure(exc, self._show(case), writer)
            raise _Abort(self._not_written([], line, source)) from None
        except MemoryError:
            raise _Abort(_Failure(
                case=_cut(self._show(case), 2000),
                message="your code ran out of memory on this input")) from None
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # Exception, SystemExit, GeneratorExit
            return self._error_failure(exc, self._show(case), writer)
        finally:
            self._absorb(writer)

        try:
            verdict = self.problem.judge(case, expected, actual)
        except Exception as exc:
            return _Failure(
                case=self._show(case), expected=_safe_repr(expected),
                actual=_safe_repr(actual), error=_exception_text(exc),
                output=writer.getvalue(), dropped=writer.dropped,
                message="your result could not be checked (is it of the right type?)")
        if verdict is None:
            return None
        return _Failure(case=self._show(case), expected=_safe_repr(expected),
                        actual=_safe_repr(actual), output=writer.getvalue(),
                        dropped=writer.dropped,
                        message=f"wrong result: {verdict}")

    def check_correctness(self) -> bool:
        """Named edge cases first, then Hypothesis with shrinking."""
        explicit: Optional[_Failure] = None
        try:
            for case in self.problem.explicit_cases:
                explicit = self.trial(case)
                if explicit is not None:
                    break
            if explicit is not None and len(explicit.case or "") <= MAX_CASE_CHARS:
                return self._fail(explicit)
            found = self._search()
        except _Abort as abort:
            return self._fail(abort.failure)
        if found is not None and (explicit is None
                                  or len(found.case or "") <= len(explicit.case or "")):
            return self._fail(found)
        if explicit is not None:
            return self._fail(explicit)
        return True

    def _search(self) -> Optional[_Failure]:
        """Let Hypothesis look for a failing case; the shrunk one, or None."""
        from hypothesis import HealthCheck, Verbosity, given, settings
        from hypothesis.errors import Flaky, HypothesisException

        suppressed = [getattr(HealthCheck, name) for name in
                      ("too_slow", "data_too_large", "filter_too_much", "large_base_example")
                      if hasattr(HealthCheck, name)]
        smallest: List[_Failure] = []  # the smallest failure seen, for a flaky one

        @settings(max_examples=EXAMPLES_QUICK if self.quick else EXAMPLES_FULL,
                  deadline=None, database=None, derandomize=True, print_blob=False,
                  suppress_health_check=suppressed, report_multiple_bugs=False,
                  verbosity=Verbosity.quiet)
        @given(self.problem.cases)
        def probe(case: Any) -> None:
            failure = self.trial(case)
            if failure is not None:
                if not smallest or len(failure.case or "") < len(smallest[0].case or ""):
                    smallest[:] = [failure]
                raise _CaseFailed(failure)

        try:
            probe()
        except _CaseFailed as exc:  # the shrunk case, replayed last
            return exc.failure
        except Flaky:
            if not smallest:
                raise _ProblemBug(f"the inputs of {self.problem.name} could not be "
                                  "generated reliably (a mistake in the problem)")
            failure = smallest[0]
            failure.message += (" — but only sometimes: the same input passed when it was "
                                "tried again. Does your code keep something between calls "
                                "(a global, a class attribute, a mutable default argument)?")
            return failure
        except HypothesisException as exc:
            raise _ProblemBug(f"the inputs of {self.problem.name} could not be generated "
                              f"({_exception_text(exc)}); a mistake in the problem") from exc
        return None

    # -- stage 4: complexity ---------------------------------------------------

    def _cost(self, entry: Any, case: Any, limit: Optional[float]) -> Tuple[float, float]:
        """One run of ``run(entry, case)``: ``(seconds, cost)``.

        The cost is the number of comparisons for ``measure="ops"``, else the
        seconds themselves.  The garbage collector is paused during the run
        so that a collection triggered by earlier garbage is not timed.
        """
        complexity = self.problem.complexity
        assert complexity is not None
        writer = CappedWriter()
        collecting = gc.isenabled()
        counting.reset()
        gc.disable()
        try:
            with captured(writer), time_limit(limit):
                started = time.perf_counter()
                self.problem.run(entry, case)
                seconds = time.perf_counter() - started
        finally:
            if collecting:
                gc.enable()
            self._absorb(writer)
        return seconds, float(counting.count()) if complexity.measure == "ops" else seconds

    def _reference_cost(self, case: Any) -> Tuple[float, float]:
        try:
            return self._cost(self._reference_entry(), case, None)
        except _ProblemBug:
            raise
        except Exception as exc:
            raise _ProblemBug(
                f"the reference solution of {self.problem.name} failed while its growth "
                f"was measured ({_exception_text(exc)}); this is a mistake in the problem, "
                "not in your solution") from exc

    def _measure(self, mine: _Growth, reference: _Growth) -> None:
        """Fill ``mine`` and ``reference`` with costs at growing sizes.

        The two solutions are measured side by side, one run each in turn,
        so that whatever else the machine is doing weighs on both alike.

        A first pass takes the sizes smallest first and stops adding sizes,
        once three are measured, after a run of the learner's longer than
        the budget.  Comparisons are exact, so for ``measure="ops"`` that
        pass is all.  For time, further passes go round the sizes again until
        each has had ``repeats`` runs (or its runs add up to a quarter of the
        budget), and the cost is the best run.  Going round the sizes,
        rather than repeating one size in a row, spreads a burst of noise
        over all of them instead of inflating one.

        The learner's exceptions and timeouts propagate to the caller, with
        ``mine`` and ``reference`` holding what was measured so far.
        """
        complexity = self.problem.complexity
        assert complexity is not None
        budget = GROWTH_BUDGET_QUICK if self.quick else GROWTH_BUDGET_FULL
        cases: Dict[int, Any] = {}
        times: Dict[int, List[float]] = {}
        reference_times: Dict[int, List[float]] = {}
        for n in sorted(complexity.sizes):
            self.current_size = n
            cases[n] = complexity.make_case(n, random.Random(n))
            seconds, cost = self._reference_cost(cases[n])
            reference.add(n, cost)
            reference_times[n] = [seconds]
            seconds, cost = self._cost(self.entry, cases[n], self.growth_timeout)
            mine.add(n, cost)
            times[n] = [seconds]
            if len(times) >= 3 and seconds > budget:
                break
        if complexity.measure == "ops":
            return
        for _ in range(max(1, complexity.repeats) - 1):
            for n in times:
                self.current_size = n
                if sum(reference_times[n]) < budget / 4:
                    seconds, cost = self._reference_cost(cases[n])
                    reference_times[n].append(seconds)
                    reference.add(n, cost)
                if sum(times[n]) < budget / 4:
                    seconds, cost = self._cost(self.entry, cases[n], self.growth_timeout)
                    times[n].append(seconds)
                    mine.add(n, cost)

    def check_growth(self) -> bool:
        """Fit the learner's growth exponent and compare it with the limit.

        A solution fails when its exponent exceeds the problem's
        ``max_exponent`` and also exceeds the reference's, measured beside
        it, by more than :data:`REFERENCE_MARGIN`: when both grow too fast,
        the machine is busy, not the solution slow.  A solution flagged by
        a small excess is measured a second time first.
        """
        complexity = self.problem.complexity
        if complexity is None:
            return True
        report = self.report
        report.expected_complexity = complexity.expected
        report.max_exponent = complexity.max_exponent
        report.measure = complexity.measure
        counts = complexity.measure == "ops"
        asks = f"the problem asks for {complexity.expected}" + (
            f" ({complexity.note})" if complexity.note else "")
        mine, reference = _Growth(), _Growth()

        def fit() -> Tuple[Optional[float], Optional[float]]:
            common = [n for n in mine.sizes if n in reference.sizes]
            return (fit_exponent(common, [mine.costs[mine.sizes.index(n)] for n in common],
                                 counts=counts),
                    fit_exponent(common, [reference.costs[reference.sizes.index(n)]
                                          for n in common], counts=counts))

        def too_fast(exponent: Optional[float], reference_exponent: Optional[float]) -> bool:
            return (exponent is not None and exponent > complexity.max_exponent
                    and (reference_exponent is None
                         or exponent > reference_exponent + REFERENCE_MARGIN))

        try:
            self._measure(mine, reference)
            exponent, reference_exponent = fit()
            if (too_fast(exponent, reference_exponent)
                    and exponent < complexity.max_exponent + RETRY_MARGIN):  # type: ignore[operator]
                self._measure(mine, reference)  # costs keep the lower of the two
                exponent, reference_exponent = fit()
        except CaseTimeout as exc:
            self._fill_table(reference, mine)
            return self._fail(_Failure(stage="complexity", message=(
                f"your solution took longer than {exc.seconds:g} s on an input of size "
                f"n = {self._size_reached():,}; {asks}")))
        except MemoryError:
            self._fill_table(reference, mine)
            return self._fail(_Failure(stage="complexity", message=(
                f"your solution ran out of memory on an input of size "
                f"n = {self._size_reached():,}; {asks}")))
        except (KeyboardInterrupt, _ProblemBug):
            raise
        except BaseException as exc:
            self._fill_table(reference, mine)
            failure = self._error_failure(exc, None, CappedWriter(), stage="complexity",
                                          where=f"on a large input (n = {self._size_reached():,})")
            return self._fail(failure)

        report.exponent, report.reference_exponent = exponent, reference_exponent
        self._fill_table(reference, mine)
        if (reference_exponent is not None and reference_exponent > complexity.max_exponent):
            report.notes.append(
                f"the reference itself grew like {format_exponent(reference_exponent)} here, "
                f"above the {complexity.max_exponent:g} allowed: this machine is probably "
                "busy, so the timings are rough")
        if too_fast(exponent, reference_exponent):
            return self._fail(_Failure(stage="complexity", message=(
                f"your solution's cost grows like {format_exponent(exponent)} "
                f"(reference: {format_exponent(reference_exponent)}); {asks}")))
        report.message = f"growth {format_exponent(exponent)} within {complexity.expected}"
        return True

    def _size_reached(self) -> int:
        """The size being measured when the learner's run failed."""
        complexity = self.problem.complexity
        assert complexity is not None
        return self.current_size if self.current_size is not None else min(complexity.sizes)

    def _fill_table(self, reference: _Growth, mine: _Growth) -> None:
        sizes = sorted(set(reference.sizes) | set(mine.sizes))
        self.report.sizes = sizes
        self.report.costs = [mine.cost_at(n) for n in sizes]
        self.report.reference_costs = [reference.cost_at(n) for n in sizes]


def _either(items: Sequence[Any], word: str = "or", *, quote: bool = True) -> str:
    """```a`, `b` or `c``` (or with ``and``; without backticks for numbers)."""
    shown = [f"`{item}`" if quote else str(item) for item in items]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + f" {word} " + shown[-1]


def _plural(count: int, word: str) -> str:
    return word if count == 1 else word + "s"
