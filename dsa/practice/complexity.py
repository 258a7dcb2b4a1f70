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
"""

from __future__ import annotations

import math
from typing import Optional, Sequence

__all__ = ["fit_exponent", "format_cost", "format_exponent"]

#: The smallest time, in seconds, a fit takes at face value.
TIME_FLOOR = 1e-9


def fit_exponent(sizes: Sequence[float], costs: Sequence[float], *,
                 counts: bool = False) -> Optional[float]:
    """The least-squares slope of ``log(cost)`` against ``log(size)``.

    ``counts`` says the costs are exact counts (comparisons), which may be
    zero: then every cost is fitted as ``1 + count``.  Otherwise costs are
    seconds and are raised to :data:`TIME_FLOOR` when smaller.

    Returns None when fewer than two distinct sizes are given, since a
    single point has no slope.
    """
    if len(sizes) != len(costs):
        raise ValueError("sizes and costs must have the same length")
    points = [(float(n), float(c)) for n, c in zip(sizes, costs) if n > 0]
    if len({n for n, _ in points}) < 2:
        return None
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(1.0 + c) if counts else math.log(max(c, TIME_FLOOR))
          for _, c in points]
    mean_x = sum(xs) / len(xs)
    mean_y = sum(ys) / len(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys)) / spread
    return slope


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
    if cost >= 1.0:
        return f"{cost:.2f} s"
    if cost >= 1e-3:
        return f"{cost * 1e3:.1f} ms"
    return f"{cost * 1e6:.0f} µs"
