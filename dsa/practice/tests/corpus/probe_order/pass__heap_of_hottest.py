"""Pops the most looked-up key from a max-heap built with heapq: must pass.

heapify is O(n) and each of the n pops O(log n), so the order (largest
count first, ties broken by key) costs O(n log n) like a sort.
"""

from __future__ import annotations

import heapq


def insertion_order(keys: list[int], counts: list[int], capacity: int) -> list[int]:
    heap = [(-count, key) for key, count in zip(keys, counts)]
    heapq.heapify(heap)
    return [heapq.heappop(heap)[1] for _ in range(len(heap))]
