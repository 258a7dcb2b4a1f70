"""Inserts each node of b by walking a from its head, comparing int() copies of the values: fails on time.

Stable and correct, O(1) memory, but each insertion starts again from the
head: about n * m steps when b's values lie after a's.  Comparing
``int(x)`` copies makes no counted comparison at all, so the grader sets
the counts aside and judges by the clock, which sees the n^2.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def merge_two_lists(a: ListNode | None, b: ListNode | None) -> ListNode | None:
    head = a
    while b is not None:
        node, b = b, b.next
        key = int(node.val)
        if head is None or key < int(head.val):
            node.next = head
            head = node
            continue
        prev = head
        while prev.next is not None and int(prev.next.val) <= key:
            prev = prev.next
        node.next = prev.next
        prev.next = node
    return head
