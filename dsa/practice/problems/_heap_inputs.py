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
from typing import Any, List

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
