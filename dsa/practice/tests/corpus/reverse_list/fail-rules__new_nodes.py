"""Builds a reversed copy out of new ListNode objects: fails, the nodes must be the given ones.

Pushing ``ListNode(node.val)`` onto a new chain gives the right values in
the right order, in one pass and with the old nodes untouched, but the
statement asks to re-link the nodes given, and the grader checks each node
of the result by identity.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_list(head: ListNode | None) -> ListNode | None:
    copy = None
    while head is not None:
        copy = ListNode(head.val, copy)
        head = head.next
    return copy
