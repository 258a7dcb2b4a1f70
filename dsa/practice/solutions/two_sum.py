"""Two sum: one pass with a dict from value to index.

The idea
--------
The double loop asks, for every pair, "do these two add up to the target?"
Turn the question around: standing at position ``j`` with value ``x``, the
only partner that works is ``target - x``.  So the question becomes "have I
already seen the value ``target - x``, and where?", and a dict from value to
index answers it in O(1) on average.

Walk the list once.  At each position, *first* look the complement up among
the values seen so far, and only *then* record the current value.

Why it is correct
-----------------
Take the valid pair ``(i, j)`` with the smallest ``j``.  When the loop
reaches ``j``, position ``i < j`` has already been recorded, so the lookup
succeeds there, if not earlier with another valid pair.  Whatever is found
was recorded at an earlier position, so the answer always has ``i < j``.

A repeated value overwrites the index stored for it.  That is harmless: any
earlier copy of the same value is an equally good partner.

Complexity
----------
O(n) time on average (one dict lookup and one store per element) and O(n)
extra space for the dict.

The classic pitfall
-------------------
Storing ``x`` *before* looking up ``target - x``.  When ``target == 2 * x``
the lookup then finds ``x`` itself and returns the same position twice,
``(j, j)``.  Looking up first means the dict only ever holds *earlier*
positions.
"""

from __future__ import annotations


def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    """Return positions ``i < j`` with ``nums[i] + nums[j] == target``."""
    index_of: dict[int, int] = {}  # value -> a position where it was seen
    for j, x in enumerate(nums):
        i = index_of.get(target - x)
        if i is not None:  # a partner to the left of j
            return i, j
        index_of[x] = j  # record x only after the lookup: never pair x with itself
    raise ValueError("no two values in nums add up to target")
