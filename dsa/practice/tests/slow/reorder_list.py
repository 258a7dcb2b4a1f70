"""SLOW: walks to the last node again for every node it moves.

At each step the node before the tail is found by walking from the current
node, the tail is unlinked and spliced in after the current node.  Nodes
are relinked, none is created and the memory stays O(1), but each step walks
the whole rest of the list: n + (n - 2) + (n - 4) + ... steps, O(n**2).
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reorder_list(head: ListNode | None) -> None:
    """Reorder in place by splicing in the tail, found by a walk, n/2 times."""
    node = head
    while node is not None and node.next is not None and node.next.next is not None:
        before_tail = node
        while before_tail.next.next is not None:  # walk to the node before the tail
            before_tail = before_tail.next
        tail = before_tail.next
        before_tail.next = None
        tail.next = node.next
        node.next = tail
        node = tail.next
