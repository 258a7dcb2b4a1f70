"""SLOW: counts the whole rest of the list before every group.

To know whether a complete group is left, it walks to the end of the list
each time, instead of only k nodes ahead.  Right, relinking, O(1) memory,
but with n / k groups each paying up to n steps the cost is O(n**2 / k):
quadratic when k is small.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_k_group(head: ListNode | None, k: int) -> ListNode | None:
    """Reverse every complete group of k nodes, counting the rest each time."""
    dummy = ListNode(0, head)
    before = dummy
    while True:
        remaining = 0
        node = before.next
        while node is not None:  # counts every node left, not just k of them
            remaining += 1
            node = node.next
        if remaining < k:
            return dummy.next
        first = before.next
        prev, node = None, first
        for _ in range(k):
            nxt = node.next
            node.next = prev
            prev = node
            node = nxt
        before.next = prev
        first.next = node
        before = first
