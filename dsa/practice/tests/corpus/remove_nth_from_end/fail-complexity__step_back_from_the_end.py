"""Walks to the last node, then steps back n - 1 times, each step a walk from the head to the predecessor: fails when n is near the length.

Correct and O(1) memory, and quick when n is small (removing the last node
costs two walks), but each step back is a walk from the head: about n * L
steps, L^2 when n is near the length.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def _before(head: ListNode, node: ListNode) -> ListNode | None:
    """The node whose next is ``node`` (None for the head)."""
    if node is head:
        return None
    walk = head
    while walk.next is not node:
        walk = walk.next
    return walk


def remove_nth_from_end(head: ListNode | None, n: int) -> ListNode | None:
    target = head
    while target.next is not None:
        target = target.next
    for _ in range(n - 1):
        target = _before(head, target)
    before = _before(head, target)
    if before is None:
        return head.next
    before.next = target.next
    return head
