"""Builds the merged list out of new nodes holding the values: fails, the nodes must be the given ones.

The values come out right and stable, in O(n + m), but the statement asks
to re-link the nodes given; the grader checks every node of the result by
identity, so copies holding equal values do not pass for them.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def merge_two_lists(a: ListNode | None, b: ListNode | None) -> ListNode | None:
    dummy = tail = ListNode()
    while a is not None or b is not None:
        if b is None or (a is not None and a.val <= b.val):
            tail.next, a = ListNode(a.val), a.next
        else:
            tail.next, b = ListNode(b.val), b.next
        tail = tail.next
    return dummy.next
