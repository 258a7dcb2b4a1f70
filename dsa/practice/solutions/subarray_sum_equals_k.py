"""Subarray sum equals k: running sums, and a dict counting them.

The idea
--------
Write ``P[j]`` for the sum of the first j numbers, with ``P[0] = 0``.  The
subarray ``nums[i:j]`` adds up to ``P[j] - P[i]``, so it adds up to k exactly
when ``P[i] == P[j] - k``.  Standing at position j, the subarrays that end
there and count are one for each earlier running sum equal to
``P[j] - k``.

So walk the list once with the running sum ``total`` and a dict ``counts``
from each running sum seen so far to how many times it occurred.  At each
number: add it to ``total``, add ``counts[total - k]`` to the answer, then
count ``total`` itself.  The dict starts as ``{0: 1}``: the empty prefix
``P[0]``, without which the subarrays starting at position 0 are missed.

Why it is correct
-----------------
Every subarray ``nums[i:j]`` is counted exactly once: at step j, through
the one occurrence of ``P[i]`` the dict recorded at step i (or at the start,
for i = 0).  ``total`` is counted only *after* the lookup, so a subarray is
never empty: with k = 0, ``P[j]`` itself must not pair with ``P[j]``.
Negative numbers and zeros change nothing in this reasoning, which is why
it works where a sliding window does not.

Cost
----
One dict lookup and one update per number: O(n) time on average, O(n)
extra space for the running sums.  The answer itself can be about n**2 / 2
(all zeros, k = 0); it is added up from counts, never listed.

Trying every pair of ends (with a running sum for each start) is O(n**2)
on every input.  Keeping, for each running sum, the *list* of positions
where it occurred and walking that list to count costs as much as the
answer: quick when matches are rare, O(n**2) on a list of zeros.

The classic pitfalls
--------------------
Forgetting ``{0: 1}``: the subarrays that start at position 0 are missed.
Counting ``total`` before looking up ``total - k``: with k = 0 every
position then pairs with itself, counting empty subarrays.  And the sliding
window (grow the right end, shrink the left while the sum is too big): it
relies on sums only growing as the window grows, which negative numbers
break.
"""

from __future__ import annotations


def subarray_sum(nums: list[int], k: int) -> int:
    """Return the number of subarrays of nums that add up to k."""
    counts: dict[int, int] = {0: 1}  # running sum -> how often it occurred; 0: the empty prefix
    total = 0
    found = 0
    for x in nums:
        total += x
        found += counts.get(total - k, 0)  # earlier prefixes P[i] with P[j] - P[i] == k
        counts[total] = counts.get(total, 0) + 1  # only now: no empty subarray
    return found
