"""WRONG: a heap of the plain weights, so each turn smashes the two lightest.

``heapq`` keeps a min-heap: ``heappop`` gives the *smallest* weight.  On
``[1, 2, 4]`` the game smashes 4 and 2 (leaving 2), then 2 and 1, and the
answer is 1; popping the two lightest smashes 1 and 2 first (leaving 1), then
1 and 4, and returns 3.
"""

from __future__ import annotations

import heapq


def last_stone_weight(stones: list[int]) -> int:
    """Return the weight of the last stone (but smashes the lightest two)."""
    heap = list(stones)
    heapq.heapify(heap)  # the mistake: a min-heap of the weights themselves
    while len(heap) > 1:
        y = heapq.heappop(heap)
        x = heapq.heappop(heap)
        if x != y:
            heapq.heappush(heap, x - y)
    return heap[0] if heap else 0
