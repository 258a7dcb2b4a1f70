"""Walks a once, splicing each node of b in front of the first node of a that is larger: passes.

One pass over each list (the walk in a never goes back), ties leave b's
node after a's equal ones, every node is re-linked and none created:
O(n + m) time, O(1) memory.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def merge_two_lists(a: ListNode | None, b: ListNode | None) -> ListNode | None:
    head = a
    prev = None  # the last node of a that is <= the current node of b
    node = a
    while b is not None:
        while node is not None and node.val <= b.val:
            prev, node = node, node.next
        taken, b = b, b.next
        taken.next = node
        if prev is None:
            head = taken
        else:
            prev.next = taken
        prev = taken
    return head
