"""WRONG: reverses the short group at the end too.

Groups are cut every k nodes and each one is reversed, including the last
one when fewer than k nodes are left, which the statement says must stay as
it is.  A single leftover node hides the mistake, two do not:
``[1, 2, 3, 4, 5]`` with k = 3 comes out ``3 2 1 5 4`` instead of
``3 2 1 4 5``.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_k_group(head: ListNode | None, k: int) -> ListNode | None:
    """Reverse every group of up to k nodes, the last short one included."""
    dummy = ListNode(0, head)
    before = dummy
    while before.next is not None:
        first = before.next
        prev, node, count = None, first, 0
        while node is not None and count < k:  # the mistake: no check for a full group
            nxt = node.next
            node.next = prev
            prev = node
            node = nxt
            count += 1
        before.next = prev
        first.next = node
        before = first
    return dummy.next
