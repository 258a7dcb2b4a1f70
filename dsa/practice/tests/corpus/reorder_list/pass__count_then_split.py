"""Counts the nodes first and splits by the count, not by two pointers: valid, O(n) and O(1) memory, so it passes.

A second walk costs a constant factor only.  The back half is reversed by
taking nodes off its front one at a time, and the weave runs on a counter.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reorder_list(head: ListNode | None) -> None:
    length = 0
    node = head
    while node is not None:
        length += 1
        node = node.next
    if length < 3:
        return
    last_front = head
    for _ in range((length + 1) // 2 - 1):
        last_front = last_front.next
    rest, last_front.next = last_front.next, None
    reversed_back = None
    while rest is not None:
        rest.next, reversed_back, rest = reversed_back, rest, rest.next
    front = head
    for _ in range(length // 2):
        taken, reversed_back = reversed_back, reversed_back.next
        taken.next, front.next = front.next, taken
        front = taken.next
