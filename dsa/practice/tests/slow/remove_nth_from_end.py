"""SLOW: correct but O(L^2): measure "how far from the end" again at every step.

Walk forward from a dummy node placed before the head.  At each node, count
the nodes that follow it; stop at the first node with exactly ``n`` nodes
after it: its successor is the n-th from the end.  Right every time, but the
count walks all the rest of the list at every step, so removing a node
halfway along a list of L nodes costs about L^2 / 4 steps.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def _length(node: ListNode | None) -> int:
    """How many nodes the chain from ``node`` has."""
    count = 0
    while node is not None:
        count += 1
        node = node.next
    return count


def remove_nth_from_end(head: ListNode | None, n: int) -> ListNode | None:
    """Unlink the n-th node from the end, recounting the rest at every step."""
    dummy = ListNode(0, head)
    before = dummy
    while _length(before.next) > n:  # more than n nodes after us: keep walking
        before = before.next
    before.next = before.next.next
    return dummy.next
