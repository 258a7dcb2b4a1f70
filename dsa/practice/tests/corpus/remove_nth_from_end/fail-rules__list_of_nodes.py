"""Indexes into a Python list of all the nodes: fails the O(1) memory rule.

Simple and right, in O(L) time, but the list of L nodes is extra memory
growing with the list, which the rules stage measures.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def remove_nth_from_end(head: ListNode | None, n: int) -> ListNode | None:
    nodes = []
    node = head
    while node is not None:
        nodes.append(node)
        node = node.next
    index = len(nodes) - n
    if index == 0:
        return head.next
    nodes[index - 1].next = nodes[index].next
    return head
