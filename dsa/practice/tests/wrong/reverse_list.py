"""WRONG: the loop stops one node early and loses the old last node.

The loop runs ``while node.next is not None``, the habit of "stop at the last
node".  Here it stops *on* the last node without re-linking it, so the result
starts from the second-to-last node and the old tail is lost; a one-node list
comes back empty.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_list(head: ListNode | None) -> ListNode | None:
    """Meant to reverse the chain in place; drops the old last node."""
    if head is None:
        return None
    prev = None
    node = head
    while node.next is not None:  # bug: the last node is never re-linked
        nxt = node.next
        node.next = prev
        prev = node
        node = nxt
    return prev
