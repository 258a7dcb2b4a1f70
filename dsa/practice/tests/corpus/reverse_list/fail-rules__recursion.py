"""Reverses recursively, one call per node: fails the O(1) memory rule when Python stops the recursion.

Right on short lists, but the recursion is as deep as the list is long: on
the lists of a thousand nodes and more that the rules stage measures,
Python raises RecursionError at its limit of about 1,000 nested calls.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_list(head: ListNode | None) -> ListNode | None:
    if head is None or head.next is None:
        return head
    new_head = reverse_list(head.next)
    head.next.next = head
    head.next = None
    return new_head
