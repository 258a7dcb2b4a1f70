"""What a practice problem is made of.

Every problem lives in its own module ``dsa/practice/problems/<module>.py``
that defines one module-level name, ``PROBLEM``, an instance of
:class:`Problem`.  The registry (``dsa.practice.registry``) finds them by
walking that package, so adding a problem never means editing a shared list.

The grader only ever talks to a problem through the fields below:

* ``cases`` is a Hypothesis strategy drawing one *case*: the whole input of a
  single trial.  For a function problem a case is usually a tuple of
  arguments; for a design problem (the learner writes a class) it is a
  sequence of operations.
* ``run(solution, case)`` performs that trial against ``solution`` (the
  learner's function or class, or the reference one) and returns an
  *outcome*: a plain, comparable, printable value.  ``run`` builds fresh
  inputs every time (never hands the same mutable object to two solutions)
  and turns node chains back into Python lists so that outcomes print well.
  For a design problem ``run`` replays the operations and records every
  result, including exceptions the contract asks for, as data.
* ``judge(case, expected, actual)`` returns ``None`` when ``actual`` is an
  acceptable outcome and otherwise a short sentence saying what is wrong.
  The default is equality.  Problems with several right answers (any valid
  pair of indices, groups in any order) judge validity instead.

Exceptions raised by the learner's code inside ``run`` are not caught by the
problem: the grader catches them, reports the line in the learner's file and
treats the case as failed, so Hypothesis shrinks it like any other failure.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Optional, Sequence

__all__ = ["Complexity", "Problem", "STRUCTURES", "DIFFICULTIES"]

#: The groups ``list`` shows, in this order.
STRUCTURES = ("heap", "hash table", "linked list", "deque")
DIFFICULTIES = ("easy", "medium", "hard")

Judge = Callable[[Any, Any, Any], Optional[str]]


def equal_outcomes(case: Any, expected: Any, actual: Any) -> Optional[str]:
    """The default judge: the outcomes must be equal."""
    if expected == actual:
        return None
    return "the result differs from the expected one"


@dataclass(frozen=True)
class Complexity:
    """The growth a problem demands and how the grader measures it.

    ``expected`` is what the learner reads ("O(n log k)").  ``max_exponent``
    is the largest growth exponent in ``n`` that passes: the grader runs
    ``make_case(n, rng)`` for every ``n`` in ``sizes``, measures the cost of
    ``run(solution, case)`` for the learner and for the reference (runs of
    the two taking turns), fits ``cost ~ n**e`` on a log-log scale and flags
    the solution when ``e`` exceeds ``max_exponent`` *and* the reference's
    exponent by more than a margin, so that a busy machine slowing both
    cannot fail a good solution (see :mod:`dsa.practice.grader`).  Typical
    limits:
    1.3 for O(n) or O(n log n) (n log n fits an exponent of about 1.1 over
    the usual sizes), 0.35 for O(1) per operation when a fixed number of
    operations runs against a structure already holding ``n`` items, 2.5 when
    O(n**2) is allowed but O(n**3) is not.

    ``measure`` says what "cost" is:

    ``"time"``
        wall-clock seconds, the best of up to ``repeats`` runs at each size;
    ``"ops"``
        the number of comparisons counted by :class:`dsa.practice.counting.Counted`
        items, which ``make_case`` must then put into the case.  Exact and
        immune to machine noise, so preferred where the input is made of
        comparable items.

    ``sizes`` should make the reference take roughly 1 to 30 ms at the
    largest size when measured by time, and span at least a factor of 16.
    """

    expected: str
    max_exponent: float
    sizes: Sequence[int]
    make_case: Callable[[int, random.Random], Any]
    measure: Literal["time", "ops"] = "time"
    repeats: int = 5
    #: Extra words shown with the verdict, e.g. "O(1) per get and put".
    note: str = ""


@dataclass(frozen=True)
class Problem:
    """One practice problem: its statement, its grader and its stub."""

    #: Command-line name, lowercase words joined by hyphens: ``"kth-largest"``.
    name: str
    title: str
    #: One of :data:`STRUCTURES`.
    structure: str
    #: One of :data:`DIFFICULTIES`.
    difficulty: str
    #: Name of the function or class the learner's file must define.
    entry: str
    kind: Literal["function", "class"]
    #: Markdown.  The task in our own words, including the exact signature.
    statement: str
    #: Markdown lines: worked examples ("`kth_largest([3, 2, 1, 5], 2)` returns `3`").
    examples: Sequence[str]
    constraints: Sequence[str]
    #: Shown one at a time by ``hint``.
    hints: Sequence[str]
    #: The complete text of the stub file ``start`` writes.  It must import
    #: and define ``entry`` (a body that raises NotImplementedError).
    stub: str
    #: Dotted module name of the reference solution; its module docstring is
    #: the explanation ``solution`` prints above the code.
    reference: str
    cases: Any  # hypothesis.strategies.SearchStrategy
    run: Callable[[Any, Any], Any]
    judge: Judge = equal_outcomes
    complexity: Optional[Complexity] = None
    #: How a case is shown in a failure report; ``repr`` by default.
    show_case: Callable[[Any], str] = repr
    #: Names the learner's file must not use (e.g. ``("dict", "set")`` for
    #: "design a hash map"); the grader rejects a file whose code calls or
    #: builds them, with a message saying why.
    forbidden: Sequence[str] = ()
    #: Sort key inside its structure group in ``list``.
    order: int = 0
    #: Extra Hypothesis examples tried first (edge cases worth a name).
    explicit_cases: Sequence[Any] = field(default_factory=tuple)

    @property
    def module_name(self) -> str:
        """File/module name for the stub and the reference: ``kth_largest``."""
        return self.name.replace("-", "_")
