"""Last stone weight: a max-heap of the weights, made from heapq's min-heap.

The idea
--------
Every turn asks for the two heaviest stones and may give back one new stone.
A max-heap does both in O(log n): pop the top twice, push the difference.
Python's ``heapq`` keeps a *min*-heap, so store every weight negated: the
smallest negated number is the heaviest stone, ``-heap[0]``.

* Negate the weights and ``heapify`` the list: O(n).
* While at least two stones are left, pop ``x`` and then ``y`` (so
  ``x >= y``).  When they differ, push ``-(x - y)``, the stone that is left.
* The answer is the one weight left, or 0 when the heap is empty.

Why it is correct
-----------------
The heap always holds exactly the stones still in the game, so its top two
are the two heaviest stones, which is the rule of the game.  When two stones
tie for heaviest it does not matter which one is taken: equal weights are
interchangeable.  Each turn removes at least one stone, so the game ends
after at most n - 1 turns.

Cost
----
``heapify`` is O(n); each of the at most n - 1 turns makes two pops and at
most one push, O(log n) each.  O(n log n) time in all; the heap is the
input's own list, O(n) extra space for the negated copy.

Sorting the list again every turn costs O(n) even for Python's sort, which
notices the list is nearly sorted already, so O(n**2) over the game.
Keeping the list sorted and putting the new stone in its place with
``bisect.insort`` finds the place in O(log n) but still shifts the items
after it, O(n) a turn.  The shift is one block copy done in C, so on small
inputs it looks as fast as the heap; it still grows like n**2, and at the
larger sizes of the check it usually shows (how soon depends on the
machine's memory speed).

The classic pitfalls
--------------------
Forgetting that ``heapq`` is a min-heap: popping twice from a heap of the
plain weights smashes the two *lightest* stones.  Pushing the difference
with the wrong sign (``x - y`` into a heap of negated weights) puts a heavy
stone at the bottom of the heap for good.  And returning ``heap[0]`` without
checking that a stone is left at all.
"""

from __future__ import annotations

import heapq


def last_stone_weight(stones: list[int]) -> int:
    """Return the weight of the stone left at the end, or 0."""
    heap = [-weight for weight in stones]  # negated: heap[0] is the heaviest stone
    heapq.heapify(heap)
    while len(heap) > 1:
        x = -heapq.heappop(heap)  # the heaviest
        y = -heapq.heappop(heap)  # the next heaviest, so x >= y
        if x != y:
            heapq.heappush(heap, y - x)  # -(x - y): the stone that is left
    return -heap[0] if heap else 0
