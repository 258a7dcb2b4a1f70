"""SLOW: merge the lists one after the other.

Merging the i-th list into the result walks the result built so far, which
keeps growing, so the total is O(N * k) for N nodes in k lists instead of
the heap's O(N log k).
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def _merge_two(a: ListNode | None, b: ListNode | None) -> ListNode | None:
    """Merge two sorted chains by relinking their nodes."""
    dummy = tail = ListNode()
    while a is not None and b is not None:
        if b.val < a.val:
            tail.next, b = b, b.next
        else:
            tail.next, a = a, a.next
        tail = tail.next
    tail.next = a if a is not None else b
    return dummy.next


def merge_k_lists(lists: list[ListNode | None]) -> ListNode | None:
    """Merge the sorted linked lists one at a time into a growing result."""
    merged: ListNode | None = None
    for head in lists:
        merged = _merge_two(merged, head)
    return merged
