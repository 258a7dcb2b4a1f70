"""Keeps a as the list whose head is smaller, swapping the two names as needed, and links one node at a time: passes.

No dummy node: the result's head is fixed first, then each step appends
the smaller head and swaps ``a`` and ``b`` when the other list's head has
become smaller.  Ties keep a's node first (the swap happens only on a
strictly smaller b), so the merge stays stable.  O(n + m), O(1) memory.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def merge_two_lists(a: ListNode | None, b: ListNode | None) -> ListNode | None:
    if a is None or b is None:
        return a if b is None else b
    if b.val < a.val:
        a, b = b, a
        swapped = True
    else:
        swapped = False
    head = tail = a
    a = a.next
    while a is not None and b is not None:
        # "a" and "b" may have traded places: the node of the original a wins ties.
        if b.val < a.val or (b.val == a.val and swapped):
            a, b = b, a
            swapped = not swapped
        tail.next = a
        tail = a
        a = a.next
    tail.next = a if a is not None else b
    return head
