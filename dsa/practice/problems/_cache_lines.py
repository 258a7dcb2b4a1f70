"""What the cache-line problems share: counting lines with the C twins.

Three problems (``heap-arity``, ``probe-order``, ``two-ended-list``) ask
for plain data that decides how a C structure lays out or uses its memory:
an arity, an insertion order, a list order.  Their score is the number of
distinct 64-byte cache lines the structure touches over a workload, as the
traced build of :mod:`dsa.native` counts them (``last_lines``).

Where the counting happens.  The learner's worker may not import
``dsa.native`` or ``cffi`` (raw memory would undo its guards), so ``run``
only checks the kind of answer and hands it back.  The judge runs in the
supervisor: it builds the C structure the learner's way and the
reference's way, replays the workload on the traced build and compares the
two totals.  The learner passes with a total no larger than the
reference's, and a failure names both totals.

Without the C twins.  When dsa was installed without a C compiler, the
twins are missing and :func:`twins` says so.  The judges then count with
the exact Python model that each problem's reference solution defines
(:func:`model`); the tests check that model against the traced build, line
for line, wherever the twins exist.  The statements say this, so a learner
on such a machine knows what the grader did.  The models live with the
reference solutions, in the folder the learner's worker cannot see or
import: the model *is* most of the answer.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, List, Optional

__all__ = ["twins", "model", "plain_int", "plain_ints", "not_a_permutation",
           "no_more_lines", "order_no_more_lines", "FALLBACK_NOTE"]

#: The sentence every statement ends its grading rules with.
FALLBACK_NOTE = (
    "On a machine where the C twins are not built, the grader counts with an "
    "exact Python model of these rules instead; the package's tests check that "
    "the model agrees with the traced build, line for line."
)


def twins() -> Optional[Any]:
    """The :mod:`dsa.native` package when its traced build loads, else None.

    Imported here, at judging time, never when a problem module is imported:
    the workers import the problem modules too, and the learner's may not
    load the C twins.
    """
    try:
        import dsa.native as native
    except ImportError:
        return None
    return native if native.available else None


def model(module: str, name: str) -> Callable[..., Any]:
    """The function ``name`` of the reference solution ``module``: the
    Python model the judge counts with when :func:`twins` is None."""
    return getattr(importlib.import_module(module), name)


def plain_int(value: Any, what: str) -> int:
    """``value`` as an exact int, or TypeError naming ``what`` it should be.

    ``int.__int__`` reads the number an int subclass really holds, so one
    whose ``==`` always says yes gains nothing.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    return int.__int__(value)


def plain_ints(result: Any, function: str, what: str) -> List[int]:
    """A list (or tuple) of ints as a plain list, or TypeError saying what
    ``function`` must return."""
    if not isinstance(result, (list, tuple)):
        raise TypeError(f"{function} must return a list of {what}, "
                        f"not {type(result).__name__}")
    items = list(list.__iter__(result)) if isinstance(result, list) else list(
        tuple.__iter__(result))
    return [plain_int(item, f"every item of the list {function} returns") for item in items]


def not_a_permutation(answer: List[int], items: List[int], noun: str) -> Optional[str]:
    """What is wrong with ``answer`` as an order of ``items`` (each exactly
    once), in a sentence; None when it is one.  ``noun`` names an item."""
    if sorted(answer) == sorted(items):
        return None
    wanted, got = set(items), set(answer)
    if len(answer) != len(got):
        seen: set = set()
        twice = next(item for item in answer if item in seen or seen.add(item))
        return f"the order holds {twice} more than once"
    if got - wanted:
        return f"{min(got - wanted)} is not one of the {noun}"
    return f"the order leaves out {min(wanted - got)}"


def no_more_lines(actual: Any, expected: Any, lines: Callable[[Any], int],
                  says: Callable[[int, int], str]) -> Optional[str]:
    """The judge's verdict on an answer that may be any of several: None when
    ``actual`` touches no more cache lines (``lines`` of it) than the
    reference's ``expected``, else what ``says`` makes of the two counts."""
    if actual == expected:  # the reference's own answer touches the same lines
        return None
    mine, best = lines(actual), lines(expected)
    return None if mine <= best else says(mine, best)


def order_no_more_lines(actual: List[int], expected: List[int], items: List[int], noun: str,
                        lines: Callable[[List[int]], int], doing: str) -> Optional[str]:
    """The judge's verdict on an answer that must be an order of ``items``
    (each once; ``noun`` names one): what is wrong with it as an order, or
    else :func:`no_more_lines`, whose failure reads "``doing`` 1,234 cache
    lines in all; the fewest possible is 1,200"."""
    wrong = not_a_permutation(actual, items, noun)
    if wrong is not None:
        return wrong
    return no_more_lines(actual, expected, lines,
                         lambda mine, best: (f"{doing} {mine:,} cache lines in all; "
                                             f"the fewest possible is {best:,}"))
