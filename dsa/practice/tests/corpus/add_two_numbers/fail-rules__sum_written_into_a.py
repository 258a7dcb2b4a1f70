"""Writes the sum into the nodes of a and returns a: a common trick, but the result must be new nodes and the inputs left as they were, so the rules stage refuses it.

The digits of the result are right; but the result is made of a's nodes, and
a no longer holds its number.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def add_two_numbers(a: ListNode, b: ListNode) -> ListNode:
    node, carry = a, 0
    while True:
        total = node.val + carry + (b.val if b is not None else 0)
        node.val, carry = total % 10, total // 10
        b = b.next if b is not None else None
        if node.next is None:
            if b is not None:
                node.next = ListNode(0)
            elif carry:
                node.next = ListNode(0)
            else:
                return a
        node = node.next
