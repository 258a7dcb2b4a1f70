"""Top k frequent values: count with a dict, then keep the k best in a heap.

The idea
--------
Two steps.  First count every value in one pass (``Counter`` is a dict from
value to count).  Then pick the k largest counts, which is the "k-th
largest" problem again, asked of ``(count, value)`` pairs: keep a *min*-heap
of at most k pairs.  Push each pair; when the heap grows to k + 1 pairs, pop
its top, the least frequent of them.  What remains are k values that no
popped value beats.

Why it is correct
-----------------
A popped pair was the smallest of k + 1 pairs, so at least k values occur at
least as often as it does: it can be left out.  The pairs that survive are
k distinct values (each value has one pair) with the k largest counts.  When
counts tie, the heap breaks the tie by value; any tie-break is acceptable.

Cost
----
Counting is O(n).  Each of the d distinct values costs one push and maybe
one pop on a heap of at most k + 1 pairs: O(d log k).  Total
O(n + d log k) = O(n log k) time, O(d) extra space for the counts.  Counting
each distinct value with its own pass over the list (``nums.count(v)``)
costs O(n * d), which is O(n**2) when most values are distinct.

The classic pitfalls
--------------------
The order inside the pair.  The heap compares tuples item by item, so
``(value, count)`` ranks the values by *value* and returns the k largest
numbers, however rarely they occur.  The count must come first.

Two slow ways look fast while k is small: taking the most frequent value
out k times (``max(counts, key=counts.get)``, O(k * d)), and walking every
count from the largest down while scanning all the values at each one
(O(largest count * d), n**2 / 4 when one value fills half the list).  The
speed check asks for half of the distinct values, and has a list that one
value half fills.  Buckets indexed by count (no value occurs more than n
times) are a fine O(n) answer; buckets indexed by *value* are not, since
values range over two billion.
"""

from __future__ import annotations

import heapq
from collections import Counter


def top_k_frequent(nums: list[int], k: int) -> list[int]:
    """Return k distinct values of nums that occur most often, in any order."""
    counts = Counter(nums)  # value -> how many times it occurs
    heap: list[tuple[int, int]] = []  # the k most frequent so far, least frequent on top
    for value, count in counts.items():
        heapq.heappush(heap, (count, value))  # count first: the heap orders by it
        if len(heap) > k:
            heapq.heappop(heap)  # drop the least frequent of the k + 1
    return [value for _, value in heap]
