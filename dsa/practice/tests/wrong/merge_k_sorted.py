"""WRONG: the loop stops one entry too early (``while len(heap) > 1``).

When only one list is left in the heap its remaining nodes are never
appended, so the merged list loses its tail: merging ``[[0]]`` gives an
empty list instead of ``[0]``.
"""

from __future__ import annotations

import heapq

from dsa.practice.nodes import ListNode


def merge_k_lists(lists: list[ListNode | None]) -> ListNode | None:
    """Merge the sorted linked lists (but lose what the last list still holds)."""
    heap = [(head.val, i, head) for i, head in enumerate(lists) if head is not None]
    heapq.heapify(heap)
    dummy = tail = ListNode()
    while len(heap) > 1:  # the mistake: should run while the heap is not empty
        _, i, node = heapq.heappop(heap)
        tail.next = node
        tail = node
        if node.next is not None:
            heapq.heappush(heap, (node.next.val, i, node.next))
    tail.next = None
    return dummy.next
