"""How the linked-list and deque problems choose their growth sizes.

The grader times each run of the learner's code by the processor time of
the thread that runs it, which other programs on a busy machine barely
change, so short runs measure well: the reference takes about 0.1 ms at
the smallest size and 2 ms at the largest, which keeps a check quick
while fixed costs (building the input, walking the answer) weigh little.
The grader fits a line through (log n, log time) and asks whether its 95 %
interval clears the limit; seven sizes spread evenly over a factor of 16,
each timed seven times (the best run kept), give intervals a few tenths
wide, far from the limits of these problems for both honest and slow code.
"""

from __future__ import annotations

from typing import Tuple

__all__ = ["growth_sizes"]


def growth_sizes(smallest: int, span: int = 16, count: int = 7) -> Tuple[int, ...]:
    """``count`` sizes from ``smallest`` to ``smallest * span``, spaced evenly
    on a log scale: ``growth_sizes(128)`` is 128, 203, 323, 512, 813, 1290,
    2048."""
    step = span ** (1 / (count - 1))
    return tuple(round(smallest * step ** i) for i in range(count))
