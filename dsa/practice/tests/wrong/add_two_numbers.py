"""WRONG: forgets the carry out of the last column.

The loop stops as soon as both lists have run out, so a carry still waiting
is dropped: 5 + 5 comes out as 0 instead of 10, and 99 + 1 as 00.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def add_two_numbers(a: ListNode, b: ListNode) -> ListNode:
    """Column-by-column addition that loses the final carry."""
    dummy = tail = ListNode()
    carry = 0
    while a is not None or b is not None:  # the mistake: `or carry` is missing
        total = carry
        if a is not None:
            total += a.val
            a = a.next
        if b is not None:
            total += b.val
            b = b.next
        carry, digit = divmod(total, 10)
        tail.next = ListNode(digit)
        tail = tail.next
    return dummy.next
