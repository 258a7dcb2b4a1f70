"""WRONG: drops whatever is left of the longer list.

The loop ``while a and b`` is the right loop, but when it ends one list
still has nodes in it, and this version returns without attaching them.
Merging ``[1]`` with an empty list gives an empty list.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def merge_two_lists(a: ListNode | None, b: ListNode | None) -> ListNode | None:
    """Meant to merge the two chains; loses the leftover nodes."""
    head = tail = None
    while a and b:
        if b.val < a.val:
            a, b = b, a  # a now holds the smaller front node
        if tail is None:
            head = a
        else:
            tail.next = a
        tail, a = a, a.next
    if tail is not None:
        tail.next = None  # bug: the rest of a or b is never attached
    return head
