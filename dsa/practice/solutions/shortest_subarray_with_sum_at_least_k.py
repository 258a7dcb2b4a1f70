"""Shortest subarray with sum at least k: a deque of increasing prefix sums.

The idea
--------
Write ``P[0] = 0`` and ``P[j + 1] = P[j] + nums[j]``; the sum of
``nums[i:j]`` is ``P[j] - P[i]``.  So the question becomes: over all pairs
``i < j`` with ``P[j] - P[i] >= k``, the smallest ``j - i``.

Walk ``j`` from left to right, keeping in a deque the positions that may
still be the best start for some later end:

* **front**: while ``P[j] - P[front] >= k``, the front is a valid start for
  ``j``; record ``j - front`` and pop it.  A later end could only use it for
  a *longer* subarray, so it is done.
* **back**: while ``P[back] >= P[j]``, pop the back.  Position ``j`` is a
  later start with a prefix sum no larger, so for any later end it gives a
  shorter subarray with a sum at least as large: the old one can never win.
* then append ``j``.

The deque's prefix sums therefore increase from front to back: a
*monotonic* deque.

Why it is correct
-----------------
Only two kinds of start are ever dropped: one that already gave its
shortest subarray (front), and one beaten for every future end by a later
start (back).  The best start for each end is the latest ``i`` with
``P[i] <= P[j] - k``; among the candidates kept, those satisfying it form a
prefix of the deque (the sums increase), and the front pops visit all of
them, the last popped being the latest.  So the answer is seen.

Cost
----
Every position enters the deque once and leaves it at most once: O(n) time
and O(n) extra memory.

The classic pitfalls
--------------------
The sliding window that shrinks from the left while the sum is ``>= k`` is
right only for non-negative numbers: with negatives, dropping a number can
raise the sum, and the window misses shorter answers (``[1, -1, 2]`` with
k = 2 has the answer 1).  Trying every start (or every pair) is O(n**2),
and even a monotonic stack scanned from its start for each end is O(n**2)
when the prefix sums only rise.
"""

from __future__ import annotations

from collections import deque


def shortest_subarray(nums: list[int], k: int) -> int:
    """Length of the shortest subarray with sum >= k, or -1."""
    prefix = [0]
    for x in nums:
        prefix.append(prefix[-1] + x)
    best = len(nums) + 1
    starts: deque[int] = deque()  # positions whose prefix sums increase front to back
    for j, total in enumerate(prefix):
        while starts and total - prefix[starts[0]] >= k:
            best = min(best, j - starts.popleft())
        while starts and prefix[starts[-1]] >= total:
            starts.pop()
        starts.append(j)
    return best if best <= len(nums) else -1
