"""Estimating how fast a cost grows: the exponent of a power law.

The method
----------
If a solution's cost at input size ``n`` behaves like ``cost = c * n**e``,
then taking logarithms gives a straight line::

    log(cost) = log(c) + e * log(n)

so the growth exponent ``e`` is the slope of ``log(cost)`` against
``log(n)``.  :func:`fit_exponent` measures that slope by ordinary least
squares over all the sizes measured: the slope that minimises the squared
vertical distances between the points and the line.  With sizes that double,
O(n) fits about 1.0, O(n**2) about 2.0 and O(1) about 0.

Its limits
----------
* Only powers of ``n`` are exact.  O(n log n) fits a little above 1 (about
  1.1 over sizes spanning a factor of 16 to 64) and O(log n) a little above
  0, which is why a problem's ``max_exponent`` leaves some room.
* Fixed overheads flatten the line at small sizes: a cost of ``1000 + n``
  looks like O(1) until ``n`` passes 1000.  Sizes must be large enough for
  the real work to dominate, and a solution stopped early (because it was
  already slow) is fitted on its small sizes only.
* Wall-clock time is noisy: another program, a cache miss pattern that
  changes with ``n``, the garbage collector.  The grader takes the best of
  several runs and prefers counting comparisons, which is exact, when the
  input is made of comparable items.
* Zero costs have no logarithm.  An exact count of 0 is fitted as
  ``log(1 + count)`` for every point; a time of 0 (a clock too coarse to
  see the call) is raised to one nanosecond.

How sure a fit is
-----------------
:func:`fit` also gives an interval for the slope: the slope plus or minus
``t * se``, where ``se`` is the standard error of a least-squares slope
(from how far the points lie from the line) and ``t`` the two-sided 95 %
point of Student's t distribution for the number of points less two.  Five
points on a clean power law give an interval a few hundredths wide; a
timing hit by a burst of load in the middle widens it, and the grader reads
a wide interval that straddles the limit as "cannot tell yet", never as a
verdict.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional, Sequence

__all__ = ["Fit", "fit", "fit_exponent", "format_cost", "format_exponent"]

#: The smallest time, in seconds, a fit takes at face value.
TIME_FLOOR = 1e-9


#: Two-sided 95 % points of Student's t, by degrees of freedom (1 to 10);
#: more degrees of freedom use the normal distribution's 1.96.
_T95 = (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23)


@dataclass(frozen=True)
class Fit:
    """A fitted exponent and its 95 % interval ``[low, high]``."""

    exponent: float
    low: float
    high: float

    def above(self, limit: float) -> bool:
        """The whole interval lies above ``limit``."""
        return self.low > limit

    def below(self, limit: float) -> bool:
        """The whole interval lies at or below ``limit``."""
        return self.high <= limit


def fit(sizes: Sequence[float], costs: Sequence[float], *,
        counts: bool = False) -> Optional[Fit]:
    """The least-squares exponent of ``costs`` against ``sizes``, with its
    interval; None for fewer than two distinct sizes.

    With exactly two sizes the line passes through both points and the
    interval is the exponent alone: two points cannot show noise.
    """
    points = _points(sizes, costs, counts)
    if points is None:
        return None
    xs, ys = points
    mean_x = sum(xs) / len(xs)
    mean_y = sum(ys) / len(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys)) / spread
    freedom = len(xs) - 2
    if freedom <= 0:
        return Fit(slope, slope, slope)
    intercept = mean_y - slope * mean_x
    residual = sum((y - intercept - slope * x) ** 2 for x, y in zip(xs, ys))
    error = math.sqrt(residual / freedom / spread)
    t = _T95[freedom - 1] if freedom <= len(_T95) else 1.96
    return Fit(slope, slope - t * error, slope + t * error)


def _points(sizes: Sequence[float], costs: Sequence[float],
            counts: bool) -> Optional[tuple]:
    if len(sizes) != len(costs):
        raise ValueError("sizes and costs must have the same length")
    points = [(float(n), float(c)) for n, c in zip(sizes, costs) if n > 0]
    if len({n for n, _ in points}) < 2:
        return None
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(1.0 + c) if counts else math.log(max(c, TIME_FLOOR))
          for _, c in points]
    return xs, ys


def fit_exponent(sizes: Sequence[float], costs: Sequence[float], *,
                 counts: bool = False) -> Optional[float]:
    """The least-squares slope of ``log(cost)`` against ``log(size)``.

    ``counts`` says the costs are exact counts (comparisons), which may be
    zero: then every cost is fitted as ``1 + count``.  Otherwise costs are
    seconds and are raised to :data:`TIME_FLOOR` when smaller.

    Returns None when fewer than two distinct sizes are given, since a
    single point has no slope.
    """
    found = fit(sizes, costs, counts=counts)
    return None if found is None else found.exponent


def format_exponent(exponent: Optional[float]) -> str:
    """``n^1.1`` (one decimal), or ``n^?`` when nothing could be fitted."""
    if exponent is None:
        return "n^?"
    shown = round(exponent, 1)
    if shown == 0:  # avoid "n^-0.0"
        shown = 0.0
    return f"n^{shown:.1f}"


def format_cost(cost: Optional[float], measure: str) -> str:
    """A cost for a table: ``1,234`` comparisons or ``12.3 ms``; None is ``-``."""
    if cost is None:
        return "-"
    if measure == "ops":
        return f"{int(cost):,}"
    if measure == "bytes":
        return f"{int(cost):,} B"
    if cost >= 1.0:
        return f"{cost:.2f} s"
    if cost >= 1e-3:
        return f"{cost * 1e3:.1f} ms"
    return f"{cost * 1e6:.0f} µs"
