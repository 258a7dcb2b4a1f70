"""Kth largest number: keep the k largest numbers in a min-heap.

The idea
--------
Walk through the numbers once and remember only the k largest seen so far.
Keep them in a *min*-heap, so that the smallest of them sits at ``heap[0]``.
That smallest one is exactly the k-th largest seen so far, and it is also
the one to drop when a larger number comes along:

* while the heap holds fewer than k numbers, push every number;
* afterwards, a number ``x > heap[0]`` belongs among the k largest, so it
  replaces the top (``heapreplace`` pops the top and pushes ``x`` in one
  sift); a number ``x <= heap[0]`` cannot be among the k largest and is
  skipped.

Why it is correct
-----------------
After each step the heap holds the k largest numbers of the prefix read so
far (as a multiset: duplicates are separate entries).  When a number equal
to ``heap[0]`` is skipped, the heap still holds a valid "k largest" multiset,
because swapping one copy of a value for another copy changes nothing.  At
the end, the smallest of the k largest numbers is the k-th largest.

Cost
----
Each number costs one comparison with ``heap[0]`` and, if it enters the
heap, one sift of O(log k).  Total O(n log k) time and O(k) extra space,
which beats sorting (O(n log n)) when k is much smaller than n.

The classic pitfalls
--------------------
Removing duplicates first (``set(nums)``) answers a different question,
"the k-th largest *distinct* value": the second largest of ``[5, 5, 1]`` is
5, not 1.  And reaching for a *max*-heap: a max-heap of all n numbers, popped
k - 1 times, is right too, but it holds all n numbers, while the min-heap
never holds more than k.

Quickselect (partition around a pivot, keep only the side holding the
answer) is O(n) on average, and a fine answer when written with care.  Two
details make it O(n**2), and the speed check has inputs for both: a fixed
pivot (the first or the last number) on sorted input, where every round
sets only one number aside; and a two-way split that puts every copy of
the pivot on the same side, which does the same on repeated values even
with a random pivot.  Take the pivot at random and keep the numbers equal
to it in a group of their own.
"""

from __future__ import annotations

import heapq


def kth_largest(nums: list[int], k: int) -> int:
    """Return the k-th largest number in nums (duplicates count)."""
    heap: list[int] = []  # the k largest numbers so far; heap[0] is the smallest of them
    for x in nums:
        if len(heap) < k:
            heapq.heappush(heap, x)
        elif x > heap[0]:
            # x beats the weakest of the k largest: it takes that one's place.
            heapq.heapreplace(heap, x)
    return heap[0]
