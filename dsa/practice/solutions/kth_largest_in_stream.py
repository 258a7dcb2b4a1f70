"""K-th largest in a stream: a min-heap of the k largest numbers seen so far.

The idea
--------
Numbers are only ever added, so a number that is not among the k largest
now can never be among them later: everything that arrives afterwards
only pushes it further down.  Keep just the k largest numbers, in a
*min*-heap, and the answer is always its top, ``heap[0]``, the smallest of
the k largest.

* ``__init__`` heapifies ``nums`` and pops the smallest until at most k
  numbers are left.
* ``add(val)``: while the heap holds fewer than k numbers (only possible
  when ``nums`` had k - 1), push ``val``.  Otherwise a ``val`` larger than
  the top belongs among the k largest and takes the top's place
  (``heapreplace`` pops and pushes in one sift); a smaller or equal one
  changes nothing.  Return ``heap[0]``.

Why it is correct
-----------------
After each step the heap holds the k largest numbers seen so far, as a
multiset: a value equal to the top may be skipped, because swapping one
copy of a value for another changes nothing.  The smallest of the k largest
is the k-th largest, which is what ``add`` returns.

Cost
----
``__init__``: O(n) to heapify and O((n - k) log n) to pop down to k, within
O(n log n).  Each ``add``: one comparison and at most one sift, O(log k).
Memory: k numbers, however long the stream.

Keeping every number in a list and sorting it on each ``add`` costs O(N) per
add even for Python's sort, which sees a list sorted but for one item, so
O(N**2) over a stream of N numbers.  A sorted list of the k largest kept
with ``bisect.insort`` finds the place in O(log k) but shifts up to k items
per add, O(k): the shift is a block copy done in C, fast enough that at
these sizes the check cannot tell it from the heap, but it is the heap that
stays O(log k).

The classic pitfalls
--------------------
Heapifying ``nums`` but not trimming it to k numbers: the top is then the
``len(nums)``-th largest, not the k-th.  Returning ``heap[0]`` before the
heap holds k numbers is fine only because the statement promises
``len(nums) >= k - 1``.  And a max-heap of everything, popped k times per
add, is right but O(k log N) per add.
"""

from __future__ import annotations

import heapq


class KthLargest:
    """The k largest numbers of a stream, the k-th largest on top."""

    def __init__(self, k: int, nums: list[int]) -> None:
        self.k = k
        self.heap = list(nums)  # a min-heap of the k largest numbers
        heapq.heapify(self.heap)
        while len(self.heap) > k:
            heapq.heappop(self.heap)  # too small to be an answer ever again

    def add(self, val: int) -> int:
        """Add val to the stream; return the k-th largest number so far."""
        if len(self.heap) < self.k:
            heapq.heappush(self.heap, val)
        elif val > self.heap[0]:
            heapq.heapreplace(self.heap, val)  # val beats the weakest of the k largest
        return self.heap[0]
