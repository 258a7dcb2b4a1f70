"""Builds the column sums (0 to 18) as new nodes first, then walks them again to carry: two passes, new nodes only, inputs untouched, so it passes.

An unusual order of work, still O(max(m, n)).
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def add_two_numbers(a: ListNode, b: ListNode) -> ListNode:
    head = tail = None
    while a is not None or b is not None:
        column = ListNode((a.val if a else 0) + (b.val if b else 0))
        if tail is None:
            head = column
        else:
            tail.next = column
        tail = column
        a = a.next if a else None
        b = b.next if b else None
    node = head
    while node is not None:
        if node.val > 9:
            node.val -= 10
            if node.next is None:
                node.next = ListNode(0)
            node.next.val += 1
        node = node.next
    return head
