"""Reverses recursively after raising the recursion limit: fails, sys.setrecursionlimit is not allowed.

Each of the n nested calls keeps a frame alive until the deepest one
returns, memory that grows like n; tracemalloc does not see frames, so the
grader relies on Python's limit of about 1,000 calls to stop such a
recursion, and this problem forbids raising it.
"""

from __future__ import annotations

import sys

from dsa.practice.nodes import ListNode

sys.setrecursionlimit(300_000)


def reverse_list(head: ListNode | None) -> ListNode | None:
    if head is None or head.next is None:
        return head
    new_head = reverse_list(head.next)
    head.next.next = head
    head.next = None
    return new_head
