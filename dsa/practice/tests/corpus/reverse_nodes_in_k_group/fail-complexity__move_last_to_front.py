"""Reverses each group by walking to its last unplaced node again and again: right and O(1) memory, but O(k**2) per group, so on one group of n - 1 nodes the growth check fails it.

Small k hides the cost (groups of 3 are fast); the grader also measures a
group holding all the nodes but one, where k**2 is n**2.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_k_group(head: ListNode | None, k: int) -> ListNode | None:
    dummy = ListNode(0, head)
    before = dummy
    while True:
        probe = before
        for _ in range(k):
            probe = probe.next
            if probe is None:
                return dummy.next
        first = before.next
        insert_after = before
        for placed in range(k - 1):
            # walk to the node just before the last node not yet placed
            walker = insert_after
            for _ in range(k - placed - 1):
                walker = walker.next
            last = walker.next
            walker.next = last.next
            last.next = insert_after.next
            insert_after.next = last
            insert_after = last
        before = first
