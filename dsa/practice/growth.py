"""The complexity stage: how the learner's cost grows, on its worst inputs.

For every :class:`~dsa.practice.problem.Family` of growth inputs the
problem lists (random, sorted, reverse-sorted, the answer last, a graph
that makes a label-correcting search relax edges again and again...), both
solutions run on cases of growing size ``n``, taking turns so that whatever
else the machine is doing weighs on both alike.  The clock is the
supervisor's: each run is timed from the request sent to the answer read,
less the round trip of an empty request.  Every answer is judged as well:
a solution wrong only on long inputs fails here, at the smallest size of
that family that shows it.

Each timed run gets an input of its own, drawn with a seed that is new for
every check (:meth:`~dsa.practice.grader.Session.measured_random`): a file
that remembers its answers, or works them out in advance from the
problem's generators, would otherwise be timed on its lookups.  (A family
whose ``make_case`` ignores its random generator gives the same input
every time; every problem should also have a family that does not.)

What is fitted (:mod:`dsa.practice.complexity`):

* ``e``, the learner's time exponent, with its 95 % interval;
* ``d``, the exponent of the ratio learner time / reference time at the
  same sizes: how much faster the learner's cost grows than the
  reference's, which a busy machine mostly cancels out;
* where the problem counts comparisons, the exponents of the exact counts.

A family **fails** when the counts grow too fast (``e_ops`` over the limit
and over the reference's by more than :data:`MARGIN`) or when time clearly
does: the whole interval of ``e`` over the limit, and either the whole
interval of ``d`` over :data:`MARGIN` or the reference itself growing within
the limit (then the machine is not what makes the learner's cost grow).
A family also fails when the learner's time grows far more slowly than the
reference's: flatter than any correct solution, which must at least read
its input (a file that spins until a fixed time has passed, or that answers
from memory).  It **passes** when time clearly does not (the
interval of ``e`` under the limit, or that of ``d`` under the margin) and
the counts agree.  Anything between is measured once more, the best of all
runs kept; a family still between is *inconclusive*.

Counts are exact but can be dodged: a solution comparing ``int()`` copies
makes no counted comparisons.  So counts only ever add evidence, never
replace time, and a count below the problem's ``min_ops(n)`` (the fewest
comparisons any correct solution makes) is set aside with a note.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from .complexity import Fit, fit, format_exponent
from .correctness import expected_outcome
from .grader import Abort, Failure, Lost, Session, cut, safe_repr
from .problem import Family

__all__ = ["check", "MARGIN", "BUDGET_FULL", "BUDGET_QUICK"]

#: How far above the reference's exponent a learner's must be to fail.
MARGIN = 0.25
#: Seconds one timed run of the learner's may take before no larger sizes
#: of its family are tried.
BUDGET_FULL = 1.0
BUDGET_QUICK = 0.5
#: The shortest time taken at face value (seconds): below it, the round
#: trip of the channel is most of what is measured.
TIME_FLOOR = 2e-5
#: A learner's time growing this much more slowly than the reference's
#: (the whole interval of the ratio's exponent below minus this), where the
#: reference grows at least like n ** FLAT_REFERENCE, is flatter than any
#: correct solution can be: one that waits until a fixed time has passed, or
#: answers from memory.
FLAT_MARGIN = 0.5
FLAT_REFERENCE = 0.7
#: How much more processor time than wall-clock time a run may report
#: (seconds): clocks read at slightly different moments.
CLOCK_SLACK = 0.005


@dataclass
class _Measured:
    """One family's measurements."""

    family: Family
    sizes: List[int] = field(default_factory=list)
    mine: Dict[int, List[float]] = field(default_factory=dict)
    reference: Dict[int, List[float]] = field(default_factory=dict)
    mine_ops: Dict[int, float] = field(default_factory=dict)
    reference_ops: Dict[int, float] = field(default_factory=dict)
    #: Timed rounds after the first pass, each on inputs of its own.
    rounds: int = 0
    #: "pass", "fail" or "unclear", and why.
    verdict: str = "unclear"
    why: str = ""
    time: Optional[Fit] = None
    reference_time: Optional[Fit] = None
    excess: Optional[Fit] = None
    ops: Optional[Fit] = None
    reference_ops_fit: Optional[Fit] = None
    ops_trusted: bool = True

    def best(self, runs: Dict[int, List[float]]) -> List[float]:
        return [max(min(runs[n]), TIME_FLOOR) for n in self.sizes]


def check(session: Session) -> bool:
    problem = session.problem
    complexity = problem.complexity
    if complexity is None:
        return True
    report = session.report
    report.expected_complexity = complexity.expected
    report.max_exponent = complexity.max_exponent
    _settle_latency(session)
    measured = [_Measured(family) for family in complexity.all_families()]
    for result in measured:
        _measure(session, result, first=True)
        _judge(session, result)
        if result.verdict == "fail":
            return _fail(session, result, measured)
    for result in measured:
        if result.verdict == "unclear":
            _measure(session, result, first=False)
            _judge(session, result)
            if result.verdict == "fail":
                return _fail(session, result, measured)
    unclear = [result for result in measured if result.verdict == "unclear"]
    worst = max(measured, key=_badness)
    _fill(session, worst, measured)
    if unclear:
        result = unclear[0]
        return session.fail(Failure(
            stage="complexity", verdict="inconclusive",
            message=(f"the timings were too noisy to tell how your solution grows on "
                     f"{result.family.name} input: {_range(result.time)} against a limit of "
                     f"{complexity.max_exponent:g} (reference: "
                     f"{format_exponent(_exponent(result.reference_time))}), twice"),
            advice=("close other busy programs and run the check again; if it stays "
                    "inconclusive, compare your loops with the expected complexity")))
    for result in measured:
        if not result.ops_trusted:
            report.notes.append(
                f"on {result.family.name} input your code made fewer counted comparisons "
                "than any correct solution can (it compares copies of the items, such as "
                "int(x)?), so its growth was judged by time alone")
    report.message = (f"growth {format_exponent(_exponent(worst.time))} on its worst input "
                      f"({worst.family.name}), within {complexity.expected}")
    return True


# --------------------------------------------------------------------------
# Measuring


def _settle_latency(session: Session) -> None:
    """Time empty trials again, now that the workers are warm, and keep the
    smallest estimate of what a trial costs around the solution.

    Every time measured is reduced by it.  Taken once at start-up, on a busy
    machine it can come out too large, and then the smallest sizes lose more
    than their overhead: a learner's 0.2 ms was once measured as 0.02 ms,
    which made an O(n) solution look like n**2.
    """
    for role, worker in (("learner", session.learner), ("reference", session.reference)):
        if worker is None:
            continue
        session.latency[role] = min([session.latency[role]] + empty_trials(session, worker))


def empty_trials(session: Session, worker: Any, count: int = 7) -> List[float]:
    """Processor seconds of ``count`` trials that call nothing."""
    return [float(session.ask(worker, {"op": "run", "null": True, "timed": True}, 5.0)[0]
                  .get("cpu") or 0.0) for _ in range(count)]


def _run(session: Session, worker: Any, case: Any, *, count: bool, n: int,
         family: Family) -> Tuple[Dict[str, Any], float]:
    """One timed run: the answer and the processor seconds it took.

    The cost is the processor time of the trial's thread, which other
    programs on a busy machine barely change; it is checked against the
    time the supervisor saw pass, which nothing in the learner's process
    can shorten.  Raises Abort for the learner's failures.
    """
    mine = worker is session.learner
    timeout = session.growth_timeout if mine else 120.0
    where = f"on an input of size n = {n:,} ({family.name})"
    try:
        session.ask(worker, {"op": "case", "case": case}, 60.0)
        # "timed": the input is not described before and after the call for
        # keep_input (the other stages check that), which would cost more than
        # the solution and hide how it grows.
        answer, seconds = session.ask(worker, {"op": "run", "count": count, "timed": True},
                                      timeout)
    except Lost as lost:
        failure = lost.failure(session, None, where=where, seconds=timeout)
        if lost.lost.why == "timeout":
            failure.message = (f"your solution took longer than {timeout:g} s {where}; "
                               f"{_asks(session)}")
        raise Abort(failure) from None
    if not mine:
        if not answer.get("ok"):
            from .grader import ProblemBug
            raise ProblemBug(f"the reference solution of {session.problem.name} failed while "
                             f"its growth was measured ({(answer.get('failure') or {}).get('error')})"
                             "; this is a mistake in the problem, not in your solution")
        # Timed like the learner, by its trial thread's processor time: the
        # round trip and the machine's load stay out of the reference's cost.
        cpu = answer.get("cpu")
        return answer, cpu if isinstance(cpu, float) and 0.0 <= cpu <= seconds else seconds
    session.take_learner_answer(answer)
    if not answer.get("ok"):
        failure = answer.get("failure") or {}
        if failure.get("memory"):
            raise Abort(Failure(stage="complexity", message=(
                f"your solution ran out of memory {where}; {_asks(session)}")))
        # An exception is a wrong answer, found on a longer input than the
        # correctness stage tried: it is reported as a correctness failure.
        raise Abort(session.error_failure(failure, None, stage="correctness",
                                          where=f"on a large input (n = {n:,}, {family.name})"))
    cpu = answer.get("cpu")
    if not isinstance(cpu, float) or not 0.0 <= cpu <= seconds + CLOCK_SLACK:
        raise Abort(Failure(stage="rules", message=(
            "the processor time reported from your code's process does not fit the time "
            "that passed: the grader's clock was tampered with")))
    return answer, cpu


def _measure(session: Session, result: _Measured, *, first: bool) -> None:
    """Fill ``result``: a first pass up the sizes (answers judged, counts
    taken), then rounds of timings until each size has its repeats."""
    problem = session.problem
    complexity = problem.complexity
    assert complexity is not None
    budget = BUDGET_QUICK if session.quick else BUDGET_FULL
    repeats = max(2, complexity.repeats - (2 if session.quick else 0))
    family = result.family
    latency = session.latency
    if first:
        counting = complexity.counted is not None
        for n in complexity.sizes_of(family):
            case, ref_seconds, seconds = _timed(session, result, n, 0)
            result.sizes.append(n)
            result.reference[n] = [ref_seconds - latency["reference"]]
            result.mine[n] = [seconds - latency["learner"]]
            if seconds > budget:
                counting = False  # a counted run is slower still: time alone from here
            if counting:
                result.reference_ops[n] = float(_run(session, session.reference, case,
                                                     count=True, n=n, family=family)[0]
                                                .get("ops") or 0)
                counted, counted_seconds = _run(session, session.learner, case, count=True,
                                                n=n, family=family)
                result.mine_ops[n] = float(counted.get("ops") or 0)
                # Counting costs a Python call per comparison: a solution that
                # took the budget here would take far longer at the next
                # sizes, so those are timed only.
                counting = counted_seconds <= budget
            if len(result.sizes) >= 3 and seconds > budget:
                break
        rounds = repeats - 1
    else:
        rounds = repeats
    for _ in range(rounds):
        # Every round times inputs the learner's code has not seen (a file
        # remembering answers would otherwise be timed on its lookups), and
        # judges them.
        result.rounds += 1
        for n in result.sizes:
            if sum(result.mine[n]) >= budget / 4:
                continue
            _, ref_seconds, seconds = _timed(session, result, n, result.rounds)
            result.reference[n].append(ref_seconds - latency["reference"])
            result.mine[n].append(seconds - latency["learner"])


def _timed(session: Session, result: _Measured, n: int, round_: int
           ) -> Tuple[Any, float, float]:
    """One timed run of each solution on a new input of size ``n``, the
    learner's answer judged; the input and the two times."""
    family = result.family
    case = family.make_case(n, session.measured_random(family.name, n, round_))
    reference, ref_seconds = _run(session, session.reference, case, count=False, n=n,
                                  family=family)
    answer, seconds = _run(session, session.learner, case, count=False, n=n, family=family)
    if _judged(session, family.name, n, round_):
        _judge_answer(session, result, case, n, reference.get("outcome"),
                      answer.get("outcome"))
    return case, ref_seconds, seconds


def _judged(session: Session, family: str, n: int, round_: int) -> bool:
    """Whether this answer is judged: always in the first pass; after it,
    ``judged_share`` of them, drawn from the session's secret seed."""
    share = session.problem.complexity.judged_share  # type: ignore[union-attr]
    if round_ == 0 or share >= 1.0:
        return True
    return session.measured_random(f"judged {family}", n, round_).random() < share


def _judge_answer(session: Session, result: _Measured, case: Any, n: int,
                  expected: Any, actual: Any) -> None:
    """Judge a growth answer; a wrong one fails at the smallest size of the
    family that shows it."""
    problem = session.problem
    try:
        verdict = problem.judge(case, expected, actual)
    except Exception as exc:
        verdict = f"the result could not be checked ({type(exc).__name__})"
    if verdict is None:
        return
    family = result.family
    size, shown_case, shown_expected, shown_actual = n, case, expected, actual
    low = 1
    while size // 2 > low:  # halve while the family still shows the mistake
        smaller = size // 2
        trial_case = family.make_case(smaller, session.measured_random(family.name, smaller))
        want = expected_outcome(session, trial_case)
        got, _ = _run(session, session.learner, trial_case, count=False, n=smaller,
                      family=family)
        try:
            wrong = problem.judge(trial_case, want, got.get("outcome"))
        except Exception:
            wrong = "unchecked"
        if wrong is None:
            break
        size, shown_case, shown_expected, shown_actual, verdict = (
            smaller, trial_case, want, got.get("outcome"), wrong)
    raise Abort(Failure(
        stage="correctness", case=cut(session.show(shown_case), 300),
        expected=safe_repr(shown_expected), actual=safe_repr(shown_actual),
        message=(f"wrong result on a longer input (n = {size:,}, {family.name}), found while "
                 f"measuring growth: {verdict}")))


# --------------------------------------------------------------------------
# Judging


def _judge(session: Session, result: _Measured) -> None:
    complexity = session.problem.complexity
    assert complexity is not None
    limit = complexity.max_exponent
    sizes = result.sizes
    if len(sizes) < 2:
        result.verdict, result.why = "pass", "too few sizes to fit"
        return
    mine = result.best(result.mine)
    reference = result.best(result.reference)
    result.time = fit(sizes, mine)
    result.reference_time = fit(sizes, reference)
    result.excess = fit(sizes, [m / r for m, r in zip(mine, reference)])
    ops_fail = False
    if result.mine_ops:
        assert complexity.min_ops is not None
        result.ops_trusted = all(result.mine_ops[n] >= complexity.min_ops(n) for n in sizes
                                 if n in result.mine_ops)
        if result.ops_trusted:
            counted = [n for n in sizes if n in result.mine_ops]
            result.ops = fit(counted, [result.mine_ops[n] for n in counted], counts=True)
            result.reference_ops_fit = fit(counted, [result.reference_ops[n] for n in counted],
                                           counts=True)
            if result.ops is not None and result.reference_ops_fit is not None:
                ops_fail = (result.ops.exponent > limit and result.ops.exponent
                            > result.reference_ops_fit.exponent + MARGIN)
    time, excess = result.time, result.excess
    assert time is not None and excess is not None
    reference_time = result.reference_time
    assert reference_time is not None
    if ops_fail:
        result.verdict, result.why = "fail", "ops"
    elif excess.below(-FLAT_MARGIN) and reference_time.exponent >= FLAT_REFERENCE:
        # Flatter than any correct solution can be: it waits, or remembers.
        result.verdict, result.why = "fail", "flat"
    elif time.above(limit) and (excess.above(MARGIN)
                                or result.reference_time.exponent <= limit):  # type: ignore[union-attr]
        result.verdict, result.why = "fail", "time"
    elif time.below(limit) or excess.below(MARGIN):
        result.verdict, result.why = "pass", "time"
    else:
        result.verdict, result.why = "unclear", "time"


def _badness(result: _Measured) -> float:
    complexity_limit = 0.0
    fitted = result.ops if result.why == "ops" else result.time
    return (_exponent(fitted) or 0.0) - complexity_limit


def _exponent(fitted: Optional[Fit]) -> Optional[float]:
    return None if fitted is None else fitted.exponent


def _range(fitted: Optional[Fit]) -> str:
    if fitted is None:
        return "n^?"
    return f"{format_exponent(fitted.exponent)} (between {fitted.low:.2f} and {fitted.high:.2f})"


def _asks(session: Session) -> str:
    complexity = session.problem.complexity
    assert complexity is not None
    return f"the problem asks for {complexity.expected}" + (
        f" ({complexity.note})" if complexity.note else "")


def _fill(session: Session, shown: _Measured, measured: List[_Measured]) -> None:
    """Put ``shown``'s table and every family's line into the report."""
    report = session.report
    counts = shown.why == "ops" and bool(shown.mine_ops)
    report.family = shown.family.name
    report.sizes = list(shown.sizes)
    if counts:
        report.measure = "ops"
        report.costs = [shown.mine_ops.get(n) for n in shown.sizes]
        report.reference_costs = [shown.reference_ops.get(n) for n in shown.sizes]
        report.exponent = _exponent(shown.ops)
        report.reference_exponent = _exponent(shown.reference_ops_fit)
        report.interval = None
    else:
        report.measure = "time"
        report.costs = list(shown.best(shown.mine))
        report.reference_costs = list(shown.best(shown.reference))
        report.exponent = _exponent(shown.time)
        report.reference_exponent = _exponent(shown.reference_time)
        report.interval = [shown.time.low, shown.time.high] if shown.time else None
    report.families = [{
        "name": result.family.name, "verdict": result.verdict,
        "exponent": _exponent(result.time), "reference": _exponent(result.reference_time),
        "low": result.time.low if result.time else None,
        "high": result.time.high if result.time else None,
        "ops": _exponent(result.ops), "reference_ops": _exponent(result.reference_ops_fit),
    } for result in measured if result.sizes]


def _fail(session: Session, result: _Measured, measured: List[_Measured]) -> bool:
    _fill(session, result, measured)
    report = session.report
    if result.why == "ops":
        what = (f"your solution's count of comparisons grows like "
                f"{format_exponent(_exponent(result.ops))}"
                f" (reference: {format_exponent(_exponent(result.reference_ops_fit))})")
    elif result.why == "flat":
        return session.fail(Failure(stage="complexity", message=(
            f"your solution's time stays flat ({format_exponent(_exponent(result.time))}) on "
            f"{result.family.name} input while the reference's grows like "
            f"{format_exponent(_exponent(result.reference_time))}: a correct solution has to "
            "read its input, so it cannot; does it wait, or remember earlier answers?")))
    else:
        what = (f"your solution's time grows like {format_exponent(_exponent(result.time))} "
                f"(reference: {format_exponent(_exponent(result.reference_time))})")
    return session.fail(Failure(stage="complexity", message=(
        f"{what} on {result.family.name} input; {_asks(session)}")))
