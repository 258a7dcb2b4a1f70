"""Once the shorter list and the carry are used up, links the rest of the longer list into the result: the digits are right and no input changes, but the result shares nodes with an input, so the rules stage refuses it.

The statement asks for the sum as a new list.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def add_two_numbers(a: ListNode, b: ListNode) -> ListNode:
    dummy = tail = ListNode()
    carry = 0
    while a is not None or b is not None or carry:
        if carry == 0 and (a is None or b is None):
            tail.next = a if a is not None else b  # the rest, as it is
            break
        total = carry + (a.val if a else 0) + (b.val if b else 0)
        carry = total // 10
        tail.next = ListNode(total % 10)
        tail = tail.next
        a = a.next if a else None
        b = b.next if b else None
    return dummy.next
