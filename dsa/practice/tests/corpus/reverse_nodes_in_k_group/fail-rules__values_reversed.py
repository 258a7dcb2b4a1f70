"""Leaves the links alone and reverses each group's values instead (read into a list, written back): the statement asks for nodes to be relinked, so the rules stage refuses it.

The values read right from outside, but the nodes no longer hold the values
they were given.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_k_group(head: ListNode | None, k: int) -> ListNode | None:
    start = head
    while True:
        node, seen = start, []
        while node is not None and len(seen) < k:
            seen.append(node.val)
            node = node.next
        if len(seen) < k:
            return head
        node = start
        for value in reversed(seen):
            node.val = value
            node = node.next
        start = node
