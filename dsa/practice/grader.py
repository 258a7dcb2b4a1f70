"""Grade a learner's solution file against a problem.

:func:`grade` is the *supervisor*.  It never runs the learner's code
itself: it starts two worker processes (:mod:`dsa.practice.channel`), one
for the learner's file, isolated by :mod:`dsa.practice.jail` and watched by
:mod:`dsa.practice.guard`, and one for the reference solution.  It draws
the inputs, asks both workers for their outcomes, judges them, and keeps
the clock.  What travels back is plain data (:mod:`dsa.practice.wire`), so
the learner's code can neither reach the reference or the judge nor hand
back an answer that lies about equality; and the time it takes is measured
here, so it cannot be forged either.

The stages, each stopping the check when it fails:

``load``
    Read the file, compile it (a syntax error names its line), find the
    parts still left as ``raise NotImplementedError``, then import it in the
    learner's worker; the problem's ``entry`` must be a function or a class
    as asked.
``forbidden``
    Names the problem forbids, found in the file's syntax tree; the
    problem's tripwires catch the same names reached at run time.
``correctness``
    The named edge cases, inputs drawn by Hypothesis (shrunk to a small one
    when an answer is wrong), and a few at the sizes the constraints allow
    (:mod:`dsa.practice.correctness`).
``rules``
    The statement's rules measured: extra memory, the input left alone,
    what the learner's objects store (:mod:`dsa.practice.rules`).  Broken
    rules seen during the other stages are reported here too.
``complexity``
    Growth on every input family the problem lists, the worst one judged,
    with exact comparison counts cross-checked by time
    (:mod:`dsa.practice.growth`).

and last, back in the ``correctness`` stage, the few inputs at the sizes the
constraints allow: after growth, so that a correct but slow solution is
told how it grows rather than that it timed out.

Every outcome is a :class:`~dsa.practice.report.GradeReport`: passed,
failed with its evidence, or inconclusive with what to try.
"""

from __future__ import annotations

import os
import random
import secrets
import shutil
import sys
import tempfile
import time
import tokenize
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from .capture import OUTPUT_LIMIT
from . import wire
from .channel import Worker, WorkerLost
from .forbidden import describe_uses, find_forbidden
from .problem import Problem
from .report import STAGES, GradeReport
from .statics import either, plural, unwritten_parts

__all__ = ["GradeReport", "grade", "STAGES", "MAX_CASE_CHARS", "NOT_WRITTEN",
           "ProblemBug", "Abort", "Failure", "Session"]

#: A shrunk counterexample should show in at most this many characters.
MAX_CASE_CHARS = 150
#: The words every "stub not filled in" report contains.
NOT_WRITTEN = "not written yet"
#: Characters shown of an expected or actual outcome.
VALUE_CHARS = 300
#: Seconds a worker may take to start and import its file.
START_TIMEOUT = 30.0


@dataclass
class Failure:
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
    verdict: str = "failed"
    advice: Optional[str] = None


#: What each kind of a guard's evidence fails: the stage, and the sentence
#: (``{}`` is the evidence's detail).
EVIDENCE_SAYS = {
    "forbidden": ("forbidden", "your code used {} (reached while it ran), which this problem "
                               "does not allow: it asks you to do that work yourself"),
    "refused": ("rules", "your code tried {}, which is not allowed while it is graded"),
    "changed": ("rules", "your code changed its input {}; the problem says to leave the "
                         "input as it was given (even for a moment)"),
    "integrity": ("rules", "your code changed part of the grader or of Python itself ({})"),
    "counter": ("rules", "your code reset the comparison counter the grader reads"),
}


class Abort(BaseException):
    """Stops the check at once (a timeout, a lost worker, an unwritten stub)."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.message)
        self.failure = failure


class ProblemBug(Exception):
    """The problem or its reference solution misbehaved, not the learner."""


def cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit:,} more characters)"


def safe_repr(value: Any, limit: int = VALUE_CHARS) -> str:
    """``repr`` of plain data, cut to ``limit`` characters."""
    try:
        return cut(repr(value), limit)
    except Exception:  # pragma: no cover - plain data always has a repr
        return "<unprintable>"


def grade(problem: Problem, path: "str | os.PathLike[str]", *, quick: bool = False,
          case_timeout: float = 2.0, growth_timeout: float = 10.0,
          time_limit: float = 120.0, on_stage: Optional[Callable[[str], None]] = None,
          display: Optional[str] = None, jail: bool = True,
          protect: Sequence["str | os.PathLike[str]"] = ()) -> GradeReport:
    """Grade the solution in the file at ``path`` against ``problem``.

    ``quick`` tries fewer random inputs (60 instead of 150) and stops the
    growth measurement sooner.  ``case_timeout`` limits one run of the
    learner's code in the correctness stage, ``growth_timeout`` one run in
    the complexity stage, ``time_limit`` the whole check.  ``on_stage``, if
    given, is called with each stage's name as it starts.  ``display`` is
    how messages name the file.  ``jail=False`` skips the namespaces (the
    guards still run).  Files in ``protect`` (the progress record) are
    restored if the learner's code changed them, and the check fails.
    """
    session = Session(problem, Path(path), quick=quick, case_timeout=case_timeout,
                      growth_timeout=growth_timeout, time_limit=time_limit,
                      on_stage=on_stage, display=display, jail=jail)
    kept = _snapshot(protect)
    try:
        report = session.run()
    finally:
        changed = _restore(kept)
    if changed and report.verdict != "failed":
        session.fail(Failure(stage="rules", message=(
            f"your code changed {changed[0]} while it was graded; it has been put "
            "back as it was")))
    return report


def _snapshot(paths: Sequence["str | os.PathLike[str]"]) -> List[Tuple[Path, Optional[bytes]]]:
    kept = []
    for name in paths:
        path = Path(name)
        try:
            kept.append((path, path.read_bytes()))
        except OSError:
            kept.append((path, None))
    return kept


def _restore(kept: List[Tuple[Path, Optional[bytes]]]) -> List[str]:
    """Put each file back as it was; the names of those that had changed."""
    changed = []
    for path, data in kept:
        try:
            now: Optional[bytes] = path.read_bytes()
        except OSError:
            now = None
        if now == data:
            continue
        changed.append(str(path))
        try:
            if data is None:
                path.unlink()
            else:
                path.write_bytes(data)
        except OSError:
            pass
    return changed


def hidden_folders() -> List[str]:
    """Folders the learner's worker may not see: the reference solutions and
    the progress record."""
    from . import solutions
    from .progress import progress_path
    folders = [str(Path(solutions.__file__).resolve().parent)]
    record = progress_path().parent
    try:
        record.mkdir(parents=True, exist_ok=True)
        folders.append(str(record.resolve()))
    except OSError:
        pass
    return folders


def _inside(path: Path, folder: str) -> bool:
    try:
        path.resolve().relative_to(folder)
        return True
    except ValueError:
        return False


class Session:
    """The state of one check: workers, report, clock."""

    def __init__(self, problem: Problem, path: Path, *, quick: bool, case_timeout: float,
                 growth_timeout: float, time_limit: float,
                 on_stage: Optional[Callable[[str], None]] = None,
                 display: Optional[str] = None, jail: bool = True) -> None:
        self.problem = problem
        self.path = path
        self.shown = display or str(path)
        self.quick = quick
        self.case_timeout = case_timeout
        self.growth_timeout = growth_timeout
        self.time_limit = time_limit
        self.on_stage = on_stage
        self.jail = jail
        self.report = GradeReport(problem=problem.name, path=str(path))
        self.source = ""
        self.learner: Optional[Worker] = None
        self.reference: Optional[Worker] = None
        self.started = time.perf_counter()
        self.deadline = self.started + time_limit
        #: Seeds the large and growth inputs: fresh for every check, so that
        #: a file cannot work out those inputs in advance and prepare their
        #: answers while it loads.
        self.seed = secrets.randbits(64)
        self.stage = "load"
        #: What the learner's code printed while loading, and in all.
        self.load_output = ""
        self.load_dropped = 0
        self.all_output: List[str] = []
        self.dropped = 0
        #: Processor time of a trial that calls nothing, for each worker
        #: (seconds): what the trial costs around a solution.
        self.latency = {"learner": 0.0, "reference": 0.0}
        #: Mixed into the seeds of the measured inputs, new for every check,
        #: so that a file cannot know them in advance and look its answers up.
        self.salt = secrets.token_hex(8)

    def measured_random(self, family: str, n: int, round_: object = 0) -> random.Random:
        """The random generator of one measured input: the growth inputs of
        ``family`` at size ``n`` in round ``round_`` (each timed round gets
        inputs of its own), or those of the memory rule."""
        return random.Random(f"{self.problem.name}:{family}:{n}:{round_}:{self.salt}")

    # -- driver -------------------------------------------------------------

    def run(self) -> GradeReport:
        from . import correctness, growth, rules

        report = self.report
        scratch = tempfile.mkdtemp(prefix="dsa-practice-")
        try:
            steps = (("load", self.load), ("forbidden", self.scan_source),
                     ("correctness", lambda: correctness.check(self)),
                     ("rules", lambda: rules.check(self)),
                     ("complexity", lambda: growth.check(self)),
                     ("correctness", lambda: correctness.check_large(self)))
            self._start_workers(scratch)
            for name, step in steps:
                self.stage = name
                if self.on_stage is not None:
                    self.on_stage(name)
                if not step():
                    break
            else:
                report.passed, report.verdict, report.stage = True, "passed", "passed"
                if not report.message:
                    report.message = "all checks passed"
                self._attach_output(None)
        except Abort as abort:
            self.fail(abort.failure)
        except ProblemBug as exc:
            self._internal(str(exc))
        except Exception as exc:  # a bug in the grader: say so, never a traceback
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            frames = traceback.extract_tb(exc.__traceback__)
            where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
            self._internal(f"the grader itself failed ({detail}{where}); this is not a "
                           "problem with your solution")
        finally:
            for worker in (self.learner, self.reference):
                if worker is not None:
                    worker.quit()
            if self.learner is not None:  # raw output the drain read last
                self._late_output(*self.learner.output())
            shutil.rmtree(scratch, ignore_errors=True)
            report.elapsed = time.perf_counter() - self.started
        return report

    def _start_workers(self, scratch: str) -> None:
        if any(_inside(self.path, folder) for folder in hidden_folders()):
            raise Abort(Failure(stage="load", message=(
                f"{self.shown} lies in a folder your code may not see while it is graded "
                "(the package's own solutions, or the progress record): copy it elsewhere")))
        learner_scratch = os.path.join(scratch, "learner")
        reference_scratch = os.path.join(scratch, "reference")
        os.makedirs(learner_scratch)
        os.makedirs(reference_scratch)
        home = self.problem.home
        self.learner = Worker("learner", home, str(self.path.resolve()),
                              scratch=learner_scratch, hide=hidden_folders(), jail=self.jail,
                              answer_limit=wire.ANSWER_LIMIT)
        self.reference = Worker("reference", home, "", scratch=reference_scratch, jail=False)
        for role, worker in (("learner", self.learner), ("reference", self.reference)):
            answer = self.ask(worker, {"op": "hello"}, START_TIMEOUT, starting=True)[0]
            if role == "learner":
                self.report.isolation = str(answer.get("mode", ""))
            self.ask(worker, {"op": "case", "case": None}, 5.0)
            from .growth import empty_trials
            self.latency[role] = min(empty_trials(self, worker))
        if self.report.isolation != "namespaces":
            self.report.notes.append(
                "this system does not allow user namespaces, so your code ran with "
                "process-level isolation only (the verdict is still made outside it)")

    # -- talking to the workers ------------------------------------------------

    def remaining(self) -> float:
        return self.deadline - time.perf_counter()

    def ask(self, worker: Worker, message: Dict[str, Any], timeout: float, *,
            starting: bool = False) -> Tuple[Dict[str, Any], float]:
        """One request, within both ``timeout`` and the whole check's limit.

        A lost learner worker aborts the check with the reason; a lost
        reference worker is a :class:`ProblemBug`.
        """
        left = self.remaining()
        if left <= 0:
            raise Abort(self._out_of_time())
        try:
            return worker.ask(message, min(timeout, left))
        except WorkerLost as lost:
            if worker is self.reference:
                raise ProblemBug(f"the reference solution's process was lost ({lost}); "
                                 "this is a mistake in the problem") from None
            if lost.why == "timeout" and timeout >= left:
                raise Abort(self._out_of_time()) from None
            raise _Lost(lost, starting) from None

    def _out_of_time(self) -> Failure:
        return Failure(stage=self.stage, message=(
            f"the check did not finish within {self.time_limit:g} s (it was in the "
            f"{self.stage} stage): is something in your code very slow?"))

    def take_output(self, answer: Dict[str, Any]) -> Tuple[str, int]:
        """Output of one answer (captured and raw), added to the running total."""
        text = str(answer.get("output") or "")
        dropped = int(answer.get("dropped") or 0)
        if self.learner is not None:
            raw, raw_dropped = self.learner.output()
            text += raw
            dropped += raw_dropped
        self.all_output.append(text)
        self.dropped += dropped
        return text, dropped

    # -- stage 1: load ---------------------------------------------------------

    def load(self) -> bool:
        problem = self.problem
        if not self.path.is_file():
            return self.fail(Failure(stage="load", message=f"there is no file at {self.shown}"))
        try:
            with tokenize.open(self.path) as handle:
                self.source = handle.read()
        except (OSError, SyntaxError, UnicodeDecodeError) as exc:
            return self.fail(Failure(stage="load", error=f"{type(exc).__name__}: {exc}",
                                     message=f"{self.shown} could not be read"))
        try:
            compile(self.source, str(self.path), "exec", dont_inherit=True)
        except SyntaxError as exc:
            return self.fail(Failure(
                stage="load", line=exc.lineno, source=(exc.text or "").strip() or None,
                error=f"{type(exc).__name__}: {exc.msg}",
                message=f"{self.shown} has a syntax error on line {exc.lineno}"))
        except ValueError as exc:  # a null byte
            return self.fail(Failure(stage="load", error=str(exc),
                                     message=f"{self.shown} is not Python source"))
        assert self.learner is not None
        try:
            answer, _ = self.ask(self.learner, {"op": "load"}, self.case_timeout * 5)
        except _Lost as lost:
            return self.fail(lost.failure(self, None))
        self.load_output, self.load_dropped = self.take_output(answer)
        failure = self.evidence_failure(answer, None)
        if failure is not None:
            return self.fail(failure)
        if not answer.get("ok"):
            return self.fail(self._load_failure(answer.get("failure") or {}))
        entry = answer.get("entry")
        what = "function" if problem.kind == "function" else "class"
        if entry == "missing":
            return self.fail(Failure(stage="load", message=(
                f"{self.shown} does not define `{problem.entry}`: the problem asks for a "
                f"{what} with exactly that name")))
        if problem.kind == "class" and entry != "class":
            return self.fail(Failure(stage="load", message=(
                f"`{problem.entry}` should be a class (class {problem.entry}: ...), but "
                f"in {self.shown} it is a {entry}")))
        if problem.kind == "function" and entry != "function":
            return self.fail(Failure(stage="load", message=(
                f"`{problem.entry}` should be a function (def {problem.entry}(...)), but "
                f"in {self.shown} it is a {entry}")))
        parts = unwritten_parts(self.source, problem.entry)
        if parts:
            return self.fail(self.not_written(parts))
        return True

    def _load_failure(self, failure: Dict[str, Any]) -> Failure:
        kind = failure.get("kind")
        if kind == "syntax":
            return Failure(stage="load", line=failure.get("line"), source=failure.get("source"),
                           error=failure.get("error"),
                           message=f"{self.shown} has a syntax error on line {failure.get('line')}")
        if kind == "unloadable":
            return Failure(stage="load", message=(
                f"{self.shown} cannot be imported as Python (is it a .py file?)"))
        result = self.error_failure(failure, None, where=f"while {self.shown} was being imported",
                                    stage="load")
        if failure.get("exit"):
            result.message = (f"{self.shown} called sys.exit() while being imported; put any "
                              "code that runs your solution under "
                              "`if __name__ == \"__main__\":`")
        elif failure.get("import_error"):
            result.message = f"{self.shown} could not import what it needs"
        return result

    def not_written(self, parts: Sequence[str], line: Optional[int] = None,
                    source: Optional[str] = None) -> Failure:
        where = ", ".join(f"`{part}`" for part in parts) if parts else f"`{self.problem.entry}`"
        verb = "still raise" if len(parts) > 1 else "still raises"
        return Failure(stage="load", line=line, source=source, message=(
            f"{NOT_WRITTEN}: {where} {verb} NotImplementedError. Write your solution in "
            f"{self.shown}, then run the check again."))

    # -- stage 2: forbidden names ----------------------------------------------

    def scan_source(self) -> bool:
        if self.problem.source_rules is not None:
            broken = sorted(self.problem.source_rules(self.source))
            if broken:
                text = self.source.splitlines()
                shown = [(line, what, text[line - 1].strip() if 1 <= line <= len(text) else "")
                         for line, what in broken]
                line, what, source = shown[0]
                return self.fail(Failure(
                    stage="forbidden", line=line, source=source or None,
                    error="\n".join(f"line {n}: {w}" + (f"    {t}" if t else "")
                                     for n, w, t in shown),
                    message=f"line {line}: {what}"))
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
        return self.fail(Failure(
            stage="forbidden", line=uses[0].line, error=listing,
            message=(f"this problem asks you to do that work yourself, so your solution may "
                     f"not use {either(forbidden)}{extra}; found {either(found, 'and')} "
                     f"on {plural(len(lines), 'line')} {either(lines, 'and', quote=False)}")))

    # -- failures --------------------------------------------------------------

    def take_learner_answer(self, answer: Dict[str, Any]) -> None:
        """Take the output of one of the learner's answers, and stop the check
        when a guard's evidence in it amounts to a failure."""
        self.take_output(answer)
        broken = self.evidence_failure(answer, None)
        if broken is not None:
            raise Abort(broken)

    def evidence_failure(self, answer: Dict[str, Any], case: Optional[str]) -> Optional[Failure]:
        """The failure a guard's evidence in ``answer`` amounts to, if any."""
        for kind, detail in answer.get("evidence") or ():
            if kind in EVIDENCE_SAYS:
                stage, says = EVIDENCE_SAYS[kind]
                return Failure(stage=stage, case=case, message=says.format(detail))
        return None

    def error_failure(self, failure: Dict[str, Any], case: Optional[str], *,
                      where: str = "on this input", stage: str = "correctness") -> Failure:
        """A failure for an exception raised in the learner's worker."""
        name = failure.get("type") or "an exception"
        if failure.get("kind") == "rule":
            message = str(failure.get("error") or "your code broke a rule of the problem")
            return Failure(stage="rules", case=case, message=message.split(": ", 1)[-1])
        if failure.get("kind") == "notplain":
            return Failure(stage=stage, case=case, actual=None, message=(
                f"your code returned something that is not a plain value {where}: "
                f"{failure.get('error')}"))
        if failure.get("memory"):
            return Failure(stage=stage, case=case, message=f"your code ran out of memory {where}")
        if failure.get("recursion"):
            message = (f"your code raised RecursionError {where}: it called itself too "
                       "deeply (endless recursion, or recursion as deep as the input is long; "
                       f"Python stops at about {sys.getrecursionlimit():,} nested calls, so a "
                       "loop is safer)")
        elif failure.get("exit"):
            message = f"your code called sys.exit() {where}; a solution must return instead"
        elif not failure.get("mine"):
            message = (f"{name} was raised {where} while checking what your code returned "
                       "(not inside your code): is the result of the right type?")
        else:
            message = f"your code raised {name} {where}"
        return Failure(message=message, case=case, error=failure.get("error"),
                       line=failure.get("line"), source=failure.get("source"), stage=stage)

    # -- the report ------------------------------------------------------------

    def fail(self, failure: Failure) -> bool:
        """Copy ``failure`` into the report; returns False for the caller."""
        report = self.report
        report.passed = False
        report.verdict = failure.verdict
        report.stage = failure.stage
        report.message = failure.message
        report.advice = failure.advice
        report.counterexample = failure.case
        report.expected = failure.expected
        report.actual = failure.actual
        report.error = failure.error
        report.learner_line = failure.line
        report.learner_source = failure.source
        self._attach_output(failure)
        return False

    def _internal(self, message: str) -> None:
        self.report.passed = False
        self.report.verdict = "failed"
        self.report.stage = "internal"
        self.report.message = message

    def _attach_output(self, failure: Optional[Failure]) -> None:
        """The output a report shows: what loading printed plus the failing
        run's, or everything (capped) when there is no single failing run."""
        if failure is None:
            text = "".join(self.all_output)
            dropped = self.dropped
        else:
            text = self.load_output + failure.output
            dropped = self.load_dropped + failure.dropped
        if len(text) > OUTPUT_LIMIT:
            dropped += len(text) - OUTPUT_LIMIT
            text = text[:OUTPUT_LIMIT]
        self.report.output = text
        self.report.output_truncated = dropped

    def _late_output(self, text: str, dropped: int) -> None:
        report = self.report
        room = max(0, OUTPUT_LIMIT - len(report.output))
        report.output += text[:room]
        report.output_truncated += dropped + max(0, len(text) - room)

    def rng(self, *parts: Any) -> random.Random:
        """A random source for one family and size (or the large cases)."""
        return random.Random(":".join(map(str, (self.seed, self.problem.name) + parts)))

    def show(self, case: Any) -> str:
        try:
            return str(self.problem.show_case(case))
        except Exception:
            return safe_repr(case, 1000)


class _Lost(Exception):
    """The learner's worker was lost during a request."""

    def __init__(self, lost: WorkerLost, starting: bool) -> None:
        super().__init__(str(lost))
        self.lost = lost
        self.starting = starting

    def failure(self, session: Session, case: Optional[str], *,
                where: str = "on this input", seconds: Optional[float] = None) -> Failure:
        """What the loss means, in words."""
        lost = self.lost
        stage = session.stage
        if lost.why == "timeout":
            limit = f"{seconds:g} s" if seconds is not None else "its time limit"
            return Failure(stage=stage, case=case, message=(
                f"your code took longer than {limit} {where} (an endless loop?)"))
        if lost.why == "forged":
            return Failure(stage="rules", case=case, message=(
                "your code wrote to the grader's channel itself; the check cannot trust "
                "what came back"))
        code = lost.returncode
        if code is not None and code > 128:
            import signal as signals
            try:
                name = signals.Signals(code - 128).name
            except ValueError:
                name = f"signal {code - 128}"
            if name == "SIGSEGV":
                why = ("a crash inside Python itself, most often recursion so deep that the "
                       "C stack ran out (after raising sys.setrecursionlimit)")
            elif name == "SIGKILL":
                why = "it was killed, perhaps for using too much memory"
            else:
                why = "the process was stopped by a signal"
            message = f"your code crashed ({name}) {where}: {why}"
        elif code is not None and code < 0:
            message = f"your code crashed (signal {-code}) {where}"
        else:
            message = (f"the process running your code ended early {where}, with exit code "
                       f"{code}: does your file call os._exit() (or end the process some "
                       "other way)?")
        return Failure(stage=stage, case=case, message=message)


Lost = _Lost
