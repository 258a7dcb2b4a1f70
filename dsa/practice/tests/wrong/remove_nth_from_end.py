"""WRONG: removing the head was patched only for the one-node list.

This version counts the length, then walks ``length - n - 1`` nodes from the
head to the node before the one to remove.  Without a dummy node, removing
the head (``n == length``) has no "node before"; the one-node list crashed,
so it got a special case, but for longer lists ``range(-1)`` is empty, the
walk stays on the head, and the *second* node is removed instead.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def _length(node: ListNode | None) -> int:
    count = 0
    while node is not None:
        node, count = node.next, count + 1
    return count


def remove_nth_from_end(head: ListNode | None, n: int) -> ListNode | None:
    """Meant to unlink the n-th node from the end; wrong when that is the head."""
    length = _length(head)
    if length == 1:
        return None
    before = head
    for _ in range(length - n - 1):  # bug: when n == length this is range(-1)
        before = before.next
    before.next = before.next.next
    return head
