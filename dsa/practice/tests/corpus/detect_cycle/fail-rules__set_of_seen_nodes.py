"""Remembers every node seen in a set: fails the O(1) memory rule.

Correct and O(n), and the list is left alone, but the set holds one entry
per node: the rules stage measures extra memory growing like n, where the
statement asks for O(1).
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def detect_cycle(head: ListNode | None) -> ListNode | None:
    seen = set()
    node = head
    while node is not None:
        if node in seen:
            return node
        seen.add(node)
        node = node.next
    return None
