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


def wide(rng: random.Random) -> int:
    """One number anywhere in [-LIMIT, LIMIT]."""
    return rng.randint(-LIMIT, LIMIT)


def wide_list(n: int, rng: random.Random) -> List[int]:
    """``n`` numbers anywhere in [-LIMIT, LIMIT] (hardly any repeats)."""
    return [rng.randint(-LIMIT, LIMIT) for _ in range(n)]


def few_values(n: int, rng: random.Random, distinct: int = 3) -> List[int]:
    """``n`` numbers that are copies of ``distinct`` wide values: many equal keys."""
    values = wide_list(distinct, rng)
    return [rng.choice(values) for _ in range(n)]


def small_or_extreme(low: int = -9, high: int = 9) -> Any:
    """A Hypothesis strategy: mostly small numbers, now and then a limit.

    Shrinking takes a failing input to the small ones when they show the
    mistake, and keeps a limit only when the mistake needs it.
    """
    return st.one_of(st.integers(low, high), st.sampled_from((-LIMIT, LIMIT)))


def sizes(smallest: int, largest: int) -> Tuple[int, ...]:
    """Growth sizes from ``smallest`` to ``largest``, each about 1.41 times
    the one before (two per doubling).

    Nine sizes over a factor of 16 rather than five: on a busy machine one
    timing in a few comes out slow, and with more points a fitted exponent's
    interval is half as wide, so an honest solution is told from a slow one
    the first time more often than not.

    The heap problems keep their largest input to a megabyte or two of
    objects: beyond that, on a machine shared with other busy programs, the
    time per item jumps by half or more from one size to the next (the
    processor's cache no longer holds the input), which a fit reads as
    growth.  So their smallest inputs take the reference 0.1 to 0.5 ms.
    """
    found = []
    size = float(smallest)
    while size <= largest * 1.01:
        found.append(int(round(size)))
        size *= 2 ** 0.5
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
