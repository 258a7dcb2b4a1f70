"""Keeps the old head in place and moves the node after it to the front, again and again: passes.

The old head slides to the end one step at a time: each round unlinks
``head.next`` and puts it in front of the current first node.  Every node
is moved once, O(n) time, and only two names are kept: O(1) extra memory.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_list(head: ListNode | None) -> ListNode | None:
    if head is None:
        return None
    first = head
    while head.next is not None:
        moving = head.next
        head.next = moving.next
        moving.next = first
        first = moving
    return first
