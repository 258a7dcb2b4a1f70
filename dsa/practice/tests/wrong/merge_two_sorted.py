"""WRONG: drops whatever is left of the longer list.

The loop ``while a and b`` is the right loop, but when it ends one list
still has nodes in it, and this version returns without attaching them.
Merging ``[1]`` with an empty list gives an empty list.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def merge_two_lists(a: ListNode | None, b: ListNode | None) -> ListNode | None:
    """Meant to merge the two chains; loses the leftover nodes."""
    dummy = ListNode()
    tail = dummy
    while a is not None and b is not None:
        if a.val <= b.val:
            tail.next = a
            a = a.next
        else:
            tail.next = b
            b = b.next
        tail = tail.next
    tail.next = None  # bug: the rest of a or b is never attached
    return dummy.next
