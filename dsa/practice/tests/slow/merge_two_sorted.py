"""SLOW: correct but O(n * m): insert each node of b by searching from the head.

Take the nodes of ``b`` one at a time and insert each into the chain that
starts with ``a``, walking from the head every time until the next node is
larger.  Walking past equal values keeps the merge stable, and every node is
re-linked rather than copied, so the answer is right.  But each insertion
walks over everything merged so far instead of continuing where the
previous one stopped: about n * m comparisons for lists of n and m nodes.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def merge_two_lists(a: ListNode | None, b: ListNode | None) -> ListNode | None:
    """Insert every node of ``b`` into ``a``, searching from the head each time."""
    head = a
    while b is not None:
        node, b = b, b.next
        if head is None or node.val < head.val:  # smaller than everything: new head
            node.next = head
            head = node
            continue
        prev = head
        while prev.next is not None and prev.next.val <= node.val:  # past equal values too
            prev = prev.next
        node.next = prev.next
        prev.next = node
    return head
