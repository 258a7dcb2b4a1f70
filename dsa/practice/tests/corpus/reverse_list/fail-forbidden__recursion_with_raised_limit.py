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


def _reverse(node: ListNode | None, previous: ListNode | None) -> ListNode | None:
    if node is None:
        return previous
    following = node.next
    node.next = previous
    return _reverse(following, node)


def reverse_list(head: ListNode | None) -> ListNode | None:
    return _reverse(head, None)
