"""WRONG: forgets to cut the list in the middle before reversing the back half.

The middle is found and the back half reversed in place, but the front
half's last node still points to the first node of the back half.  After the
weave that node is reached twice: on ``[1, 2, 3]`` the chain comes out as
``1 -> 3 -> 2 -> 3 -> ...``, a loop.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reorder_list(head: ListNode | None) -> None:
    """Meant to reorder in place; leaves the front half linked to the back half."""
    if head is None or head.next is None:
        return
    slow = fast = head
    while fast.next is not None and fast.next.next is not None:
        slow = slow.next
        fast = fast.next.next
    back = slow.next  # the mistake: slow.next is never set to None
    prev = None
    while back is not None:
        nxt = back.next
        back.next = prev
        prev = back
        back = nxt
    front, back = head, prev
    while back is not None:
        front_next, back_next = front.next, back.next
        front.next = back
        back.next = front_next
        front, back = front_next, back_next
