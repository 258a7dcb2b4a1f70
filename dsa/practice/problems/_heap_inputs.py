"""Inputs the heap problems share: numbers over the whole allowed range.

The statements allow numbers from -10**9 to 10**9.  Small numbers make
small counterexamples, so the random inputs mostly stay small, but the
growth inputs and the large cases spread over the whole range: a solution
that keeps an array indexed by value, or a sentinel such as -1 or 10**6 that
a real number can beat, is then wrong or out of memory where the
constraints say it must work.
"""

from __future__ import annotations

import random
from typing import Any, Iterable, List, Sequence, Tuple

from hypothesis import strategies as st

#: The largest magnitude the statements allow.
LIMIT = 10**9
_WIDE = range(-LIMIT, LIMIT + 1)


def wide(rng: random.Random) -> int:
    """One number anywhere in [-LIMIT, LIMIT]."""
    return rng.randint(-LIMIT, LIMIT)


def wide_list(n: int, rng: random.Random) -> List[int]:
    """``n`` numbers anywhere in [-LIMIT, LIMIT] (hardly any repeats).

    Drawn with ``choices``, four times as fast as ``randint`` one by one:
    every timed run gets an input of its own, so drawing them is a good
    part of a check's time.
    """
    return rng.choices(_WIDE, k=n)


def few_values(n: int, rng: random.Random, distinct: int = 3) -> List[int]:
    """``n`` numbers that are copies of ``distinct`` wide values: many equal keys."""
    return rng.choices(wide_list(distinct, rng), k=n)


def small_or_extreme(low: int = -9, high: int = 9) -> Any:
    """A Hypothesis strategy: mostly small numbers, now and then a limit.

    Shrinking takes a failing input to the small ones when they show the
    mistake, and keeps a limit only when the mistake needs it.
    """
    return st.one_of(st.integers(low, high), st.sampled_from((-LIMIT, LIMIT)))


def sizes(smallest: int, largest: int) -> Tuple[int, ...]:
    """Growth sizes from ``smallest`` to ``largest``, each twice the one
    before: five sizes over a factor of 16.

    The grader times the processor time of the run's own thread, which other
    busy programs barely change, so five sizes fit an honest solution's
    exponent to within a few hundredths; more sizes would only lengthen the
    check, since every timed run gets an input of its own.

    The heap problems keep their largest input to a megabyte or two of
    objects: beyond that the processor's cache no longer holds the input,
    and the time per item jumps from one size to the next, which a fit
    reads as growth.  So their smallest inputs take the reference 0.1 to
    0.5 ms.
    """
    found = []
    size = smallest
    while size <= largest:
        found.append(size)
        size *= 2
    return tuple(found)


# Cases travel between the processes as JSON, and a flat list of ints is
# written and read in C, while every tuple inside a list costs a Python call
# on both sides: for 2 * 10**5 edges, seconds on a busy machine.  So the
# problems whose inputs are pairs or triples keep them flat in their cases
# and rebuild the tuples in ``run``.


def flatten(groups: Iterable[Sequence[Any]]) -> List[Any]:
    """``[(1, 2), (3, 4)]`` as ``[1, 2, 3, 4]``."""
    return [item for group in groups for item in group]


def regroup(flat: Sequence[Any], width: int) -> List[Tuple[Any, ...]]:
    """The tuples of ``width`` items that ``flatten`` made ``flat`` from."""
    return list(zip(*(flat[i::width] for i in range(width))))


def show_groups(flat: Sequence[Any], width: int, limit: int = 40) -> str:
    """The first ``limit`` groups of ``flat`` as tuples, and how many more."""
    shown = ", ".join(repr(group) for group in regroup(flat[:limit * width], width))
    more = len(flat) // width - limit
    return f"[{shown}{f', ... {more:,} more' if more > 0 else ''}]"
