"""SLOW: appends every digit by walking from the head of the result to its end.

Without a name kept on the last node, each new digit is linked after a walk
over all the digits so far: 1 + 2 + ... + n steps, O(n**2) for n digits,
where keeping a `tail` makes each append O(1).
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def add_two_numbers(a: ListNode, b: ListNode) -> ListNode:
    """Column-by-column addition, appending at the end by a walk each time."""
    head = None
    carry = 0
    while a is not None or b is not None or carry:
        total = carry + (a.val if a is not None else 0) + (b.val if b is not None else 0)
        a = a.next if a is not None else None
        b = b.next if b is not None else None
        carry, digit = divmod(total, 10)
        if head is None:
            head = ListNode(digit)
        else:
            last = head
            while last.next is not None:  # the walk to the end, every time
                last = last.next
            last.next = ListNode(digit)
    return head
