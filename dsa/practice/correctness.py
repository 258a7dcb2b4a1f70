"""The correctness stage: named edge cases, random inputs shrunk, large inputs.

Every input goes to the reference worker first, for the expected outcome,
then to the learner's worker; the problem's judge compares the two plain
outcomes here, in the supervisor.  Three sources of inputs, in order:

1. the problem's ``explicit_cases``, edge cases worth a name;
2. inputs drawn by Hypothesis (150, or 60 with ``--quick``).  On the first
   wrong answer or exception Hypothesis *shrinks* the input, trying smaller
   and simpler ones that still fail, so the report shows one small enough
   to work through by hand;
3. the problem's ``large_cases``: a few inputs at the sizes the
   constraints allow, for a solution that is right only on short inputs.
   These run last of all, after the complexity stage (:func:`check_large`):
   a correct but slow solution would only time out on them, and growth says
   why it is slow.

On problems that say "do not modify the input", the small inputs of 1 and 2
run *watched*: the input is compared after every step of the learner's
code, not only at the end.  Broken rules, a timeout and a lost worker stop
the stage at once; there is nothing useful to shrink in them.
"""

from __future__ import annotations

from typing import Any, List, Optional

from .grader import MAX_CASE_CHARS, Abort, Failure, Lost, ProblemBug, Session, cut, safe_repr
from .wire import NotPlain

__all__ = ["check", "check_large", "trial", "expected_outcome", "EXAMPLES_FULL",
           "EXAMPLES_QUICK"]

#: Random inputs Hypothesis draws (after shrinking starts, it may run more).
EXAMPLES_FULL = 150
EXAMPLES_QUICK = 60
#: Seconds one large case may take, at least.
LARGE_TIMEOUT = 10.0


def expected_outcome(session: Session, case: Any, *, timeout: float = 60.0) -> Any:
    """The reference outcome for ``case``."""
    assert session.reference is not None
    try:
        answer, _ = session.ask(session.reference, {"op": "run", "case": case}, timeout)
    except NotPlain as exc:
        raise ProblemBug(f"a case of {session.problem.name} is not plain data ({exc}); "
                         "a mistake in the problem") from None
    if not answer.get("ok"):
        failure = answer.get("failure") or {}
        raise ProblemBug(
            f"the reference solution of {session.problem.name} failed on "
            f"{cut(session.show(case), 300)} ({failure.get('error') or failure.get('kind')}); "
            "this is a mistake in the problem, not in your solution")
    return answer.get("outcome")


def trial(session: Session, case: Any, *, watch: bool = False,
          timeout: Optional[float] = None, where: str = "on this input",
          show_limit: Optional[int] = None) -> Optional[Failure]:
    """Run ``case`` on both solutions; the learner's failure, or None.

    Raises :class:`Abort` for what must not be shrunk: a timeout, a lost
    worker, an unwritten stub, a broken rule, no memory.
    """
    problem = session.problem
    session.report.cases_run += 1
    shown = session.show(case)
    if show_limit is not None:
        shown = cut(shown, show_limit)
    expected = expected_outcome(session, case)
    limit = session.case_timeout if timeout is None else timeout
    assert session.learner is not None
    try:
        answer, _ = session.ask(session.learner, {"op": "run", "case": case, "watch": watch},
                                limit)
    except Lost as lost:
        raise Abort(lost.failure(session, cut(shown, 2000), where=where,
                                 seconds=limit)) from None
    output, dropped = session.take_output(answer)
    broken = session.evidence_failure(answer, shown)
    if broken is not None:
        broken.output, broken.dropped = output, dropped
        raise Abort(broken)
    if not answer.get("ok"):
        failure = answer.get("failure") or {}
        if failure.get("not_written"):
            raise Abort(session.not_written([], failure.get("line"), failure.get("source")))
        if failure.get("memory"):
            raise Abort(Failure(case=cut(shown, 2000), output=output, dropped=dropped,
                                message=f"your code ran out of memory {where}"))
        if failure.get("kind") == "rule":
            result = session.error_failure(failure, shown)
            result.output, result.dropped = output, dropped
            raise Abort(result)
        result = session.error_failure(failure, shown, where=where)
        result.output, result.dropped = output, dropped
        return result
    actual = answer.get("outcome")
    try:
        verdict = problem.judge(case, expected, actual)
    except Exception as exc:
        return Failure(case=shown, expected=safe_repr(expected), actual=safe_repr(actual),
                       error=f"{type(exc).__name__}: {exc}", output=output, dropped=dropped,
                       message="your result could not be checked (is it of the right type?)")
    if verdict is not None:
        return Failure(case=shown, expected=safe_repr(expected), actual=safe_repr(actual),
                       output=output, dropped=dropped, message=f"wrong result: {verdict}")
    if problem.rules.scans:
        found = scan(session, case)
        if found:
            raise Abort(Failure(stage="rules", case=shown, output=output, dropped=dropped,
                                message=f"the rules forbid what your code stores: {found[0]}"))
    return None


def scan(session: Session, case: Any, *, stray: bool = False) -> List[str]:
    """What the learner's objects hold that the rules forbid (sentences).

    ``stray`` also looks for instances of the forbidden types anywhere in
    the learner's worker, kept where no walk from its objects finds them.
    """
    rules = session.problem.rules
    keys = list(rules.no_hashed_keys(case)) \
        if rules.no_hashed_keys is not None and not stray else []
    assert session.learner is not None
    try:
        answer, _ = session.ask(session.learner, {"op": "scan", "keys": keys, "stray": stray},
                                30.0)
    except Lost as lost:
        raise Abort(lost.failure(session, None, where="while its objects were examined"))
    broken = session.evidence_failure(answer, None)
    if broken is not None:
        raise Abort(broken)
    return [str(item) for item in answer.get("found") or []]


def check(session: Session) -> bool:
    """Named edge cases first, then Hypothesis with shrinking."""
    problem = session.problem
    watch = problem.rules.keep_input
    explicit: Optional[Failure] = None
    for case in problem.explicit_cases:
        explicit = trial(session, case, watch=watch)
        if explicit is not None:
            break
    if explicit is not None and len(explicit.case or "") <= MAX_CASE_CHARS:
        return session.fail(explicit)
    found = _search(session, watch)
    if found is not None and (explicit is None
                              or len(found.case or "") <= len(explicit.case or "")):
        return session.fail(found)
    if explicit is not None:
        return session.fail(explicit)
    return True


def check_large(session: Session) -> bool:
    """The problem's ``large_cases``, run after the complexity stage."""
    problem = session.problem
    if problem.large_cases is not None:
        for case in problem.large_cases(session.rng("large")):
            failure = trial(session, case, timeout=max(LARGE_TIMEOUT, session.case_timeout * 5),
                            where="on a large input", show_limit=MAX_CASE_CHARS * 2)
            if failure is not None:
                failure.message += " (one of the inputs at the sizes the constraints allow)"
                return session.fail(failure)
    if problem.rules.forbidden_types:
        found = scan(session, None, stray=True)
        if found:
            return session.fail(Failure(stage="rules", message=(
                f"the rules forbid what your code stores: {found[0]}")))
    return True


class _CaseFailed(Exception):
    """Raised inside the Hypothesis test so that it shrinks the input."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.message)
        self.failure = failure


def _search(session: Session, watch: bool) -> Optional[Failure]:
    """Let Hypothesis look for a failing case; the shrunk one, or None."""
    from hypothesis import HealthCheck, Verbosity, given, settings
    from hypothesis.errors import Flaky, HypothesisException

    suppressed = [getattr(HealthCheck, name) for name in
                  ("too_slow", "data_too_large", "filter_too_much", "large_base_example")
                  if hasattr(HealthCheck, name)]
    smallest: List[Failure] = []  # the smallest failure seen, for a flaky one

    @settings(max_examples=EXAMPLES_QUICK if session.quick else EXAMPLES_FULL,
              deadline=None, database=None, derandomize=True, print_blob=False,
              suppress_health_check=suppressed, report_multiple_bugs=False,
              verbosity=Verbosity.quiet)
    @given(session.problem.cases)
    def probe(case: Any) -> None:
        failure = trial(session, case, watch=watch)
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
            raise ProblemBug(f"the inputs of {session.problem.name} could not be generated "
                             "reliably (a mistake in the problem)")
        failure = smallest[0]
        failure.message += (" — but only sometimes: the same input passed when it was tried "
                            "again. Does your code keep something between calls (a global, a "
                            "class attribute, a mutable default argument)?")
        return failure
    except HypothesisException as exc:
        raise ProblemBug(f"the inputs of {session.problem.name} could not be generated "
                         f"({type(exc).__name__}: {exc}); a mistake in the problem") from exc
    return None
