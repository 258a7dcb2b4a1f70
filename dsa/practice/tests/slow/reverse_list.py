"""SLOW: correct but O(n^2): detach the tail again and again.

Each round walks from the head to the node before the last, cuts the last
node off and appends it to the reversed chain.  Every node is re-linked, none
is created, and the result is right, but each round walks the whole remaining
list: n + (n - 1) + ... + 1 steps, O(n^2).
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_list(head: ListNode | None) -> ListNode | None:
    """Reverse the chain starting at ``head`` by detaching its tail n times."""
    new_head = None
    new_tail = None
    while head is not None:
        if head.next is None:  # one node left: it is the last one
            last = head
            head = None
        else:
            before = head
            while before.next.next is not None:  # walk to the node before the tail
                before = before.next
            last = before.next
            before.next = None
        if new_tail is None:
            new_head = last
        else:
            new_tail.next = last
        new_tail = last
    return new_head
