"""The rules stage: the statement's rules that need a measurement.

Most rules are watched while the other stages run (a forbidden function
called, the input changed, a key kept in a dict) and reported as soon as
they break.  What needs a measurement of its own is **extra memory**: the
learner's function runs, with :mod:`tracemalloc` tracing in its worker, on
the first growth family's inputs, and the peak it allocates above what was
allocated when it was called is fitted like a cost (``peak + 2 KB``
against ``n``, so a few bytes of noise do not look like growth).  The
reference runs the same way beside it.

A solution keeping "a list of all the nodes" in a problem that asks for
O(1) extra memory grows like n; one walking with two pointers stays flat.
"""

from __future__ import annotations

import time
from typing import Any, Dict, List, Optional

from .complexity import fit, format_exponent
from .grader import Abort, Failure, Lost, Session
from .problem import MEMORY_FLOOR

__all__ = ["check", "measure_memory"]

#: How far above the reference's exponent a memory exponent must be to fail.
MEMORY_MARGIN = 0.25
#: Seconds one traced run of the learner's may take before no larger sizes
#: are measured (tracing makes a slow solution several times slower still).
MEMORY_BUDGET = 0.2


def measure_memory(session: Session, worker: Any, case: Any, n: int) -> int:
    """Peak extra bytes one call allocated on ``case``."""
    try:
        answer, _ = session.ask(worker, {"op": "run", "case": case, "memory": True},
                                session.growth_timeout)
    except Lost as lost:
        raise Abort(lost.failure(session, None, where=f"on an input of size n = {n:,}",
                                 seconds=session.growth_timeout)) from None
    if worker is session.learner:
        session.take_learner_answer(answer)
    if not answer.get("ok"):
        failure = answer.get("failure") or {}
        raise Abort(session.error_failure(failure, None, stage="correctness",
                                          where=f"on an input of size n = {n:,}"))
    peaks = [int(detail) for kind, detail in answer.get("evidence") or ()
             if kind == "memory" and isinstance(detail, int)]
    return max(peaks) if peaks else 0


def check(session: Session) -> bool:
    problem = session.problem
    limit = problem.rules.memory
    complexity = problem.complexity
    if limit is None or complexity is None or problem.kind != "function":
        return True
    family = complexity.all_families()[0]
    sizes = complexity.sizes_of(family)
    mine: Dict[int, int] = {}
    reference: Dict[int, int] = {}
    for n in sizes:
        # Inputs of their own: none of them is timed later.
        case = family.make_case(n, session.measured_random(family.name, n, "memory"))
        reference[n] = measure_memory(session, session.reference, case, n)
        began = time.perf_counter()
        mine[n] = measure_memory(session, session.learner, case, n)
        if len(mine) >= 3 and time.perf_counter() - began > MEMORY_BUDGET:
            break  # a slow solution: three sizes fit the memory, time is judged later
    measured = sorted(mine)
    fitted = fit(measured, [mine[n] + MEMORY_FLOOR for n in measured])
    fitted_reference = fit(measured, [reference[n] + MEMORY_FLOOR for n in measured])
    if fitted is None:
        return True
    reference_exponent = fitted_reference.exponent if fitted_reference else 0.0
    if fitted.exponent > limit.max_exponent and \
            fitted.exponent > reference_exponent + MEMORY_MARGIN:
        report = session.report
        report.sizes = measured
        report.costs = [float(mine[n]) for n in measured]
        report.reference_costs = [float(reference[n]) for n in measured]
        report.measure = "bytes"
        report.family = family.name
        largest = measured[-1]
        return session.fail(Failure(stage="rules", message=(
            f"your solution's extra memory grows like {format_exponent(fitted.exponent)} "
            f"({mine[largest]:,} bytes at n = {largest:,}, the reference "
            f"{reference[largest]:,}); the problem asks for {limit.expected} extra memory")))
    session.report.notes.append(
        f"extra memory: {mine[measured[-1]]:,} bytes at n = {measured[-1]:,} "
        f"(grows like {format_exponent(fitted.exponent)}), within {limit.expected}")
    return True
