"""Deletes by copying the next node's value over the target and unlinking the next node: fails, a value was moved.

The classic "delete a node you cannot reach the predecessor of" trick: the
values left read right, but the node kept in the target's place now holds
its successor's value, and the statement asks for the nodes to be
re-linked with their values untouched (the grader checks each by identity).
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def remove_nth_from_end(head: ListNode | None, n: int) -> ListNode | None:
    length, node = 0, head
    while node:
        length, node = length + 1, node.next
    target = head
    for _ in range(length - n):
        target = target.next
    if target.next is None:  # the last node has no successor to copy
        if target is head:
            return None
        before = head
        while before.next is not target:
            before = before.next
        before.next = None
        return head
    target.val = target.next.val
    target.next = target.next.next
    return head
