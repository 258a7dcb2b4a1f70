"""Merge k sorted lists: a min-heap of the k front nodes.

The idea
--------
The next node of the merged list is always the smallest of the lists' front
nodes.  Keep those front nodes (at most one per list, so at most k) in a
min-heap.  Then repeat: pop the smallest, append it to the result, and push
the node that followed it in its own list.  When the heap is empty, every
node has been appended.

Why the tie-breaker
-------------------
``heapq`` orders its entries with ``<``.  If the entries were
``(node.val, node)``, two equal values would make Python compare the nodes
themselves, and ``ListNode`` defines no ordering: ``TypeError``.  The entry
``(node.val, i, node)``, with ``i`` the index of the list the node comes
from, settles every tie at ``i``: the heap never holds two nodes of the same
list at once, so two entries never have the same ``i`` and the node is never
looked at.  (A running counter works just as well.)

Why it is correct
-----------------
Every list is sorted, so the smallest node not yet appended is the front of
some list, and the heap holds all the fronts.  Popping the smallest therefore
appends nodes in sorted order.

Cost
----
The heap never holds more than k entries, so each of the N nodes costs one
push and one pop of O(log k): O(N log k) time and O(k) extra space (the
nodes are relinked, not copied).  Merging the lists one after the other
re-walks the growing result for every list: O(N * k).

The classic pitfalls
--------------------
Forgetting the tie-breaker (it works until two values are equal); pushing
``None`` for empty lists; and stopping the loop one entry early, which drops
the last list's remaining nodes.  Giving ``ListNode`` a ``__lt__`` instead
of a tie-breaker changes a class that is not yours (here the grader refuses
it).  And a two-list merge that calls itself once per node, the neat
recursive version, runs out of stack on lists of a few thousand nodes.
"""

from __future__ import annotations

import heapq

from dsa.practice.nodes import ListNode


def merge_k_lists(lists: list[ListNode | None]) -> ListNode | None:
    """Merge the sorted linked lists and return the head of the merged list."""
    # One entry per non-empty list: (value, list index as tie-breaker, node).
    heap = [(head.val, i, head) for i, head in enumerate(lists) if head is not None]
    heapq.heapify(heap)

    dummy = tail = ListNode()  # the merged list hangs off dummy.next
    while heap:
        _, i, node = heapq.heappop(heap)
        tail.next = node
        tail = node
        if node.next is not None:
            heapq.heappush(heap, (node.next.val, i, node.next))
    # The last node appended ended its own list, so its next is already None.
    return dummy.next
