"""WRONG: forgets the carry out of the last column.

The loop stops as soon as both lists have run out, so a carry still waiting
is dropped: 5 + 5 comes out as 0 instead of 10, and 99 + 1 as 00.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def add_two_numbers(a: ListNode, b: ListNode) -> ListNode:
    """Column-by-column addition that loses the final carry."""
    head = tail = None
    carry = 0
    while a or b:  # the mistake: `or carry` is missing
        total = carry + (a.val if a else 0) + (b.val if b else 0)
        node = ListNode(total % 10)
        carry = total // 10
        if tail is None:
            head = tail = node
        else:
            tail.next = tail = node
        a, b = a and a.next, b and b.next
    return head
