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
    length, node = 0, head
    while node is not None:
        length, node = length + 1, node.next
    if head is None or length < 2:
        return
    middle = head  # the last node of the front half
    for _ in range((length - 1) // 2):
        middle = middle.next
    back, prev = middle.next, None  # the mistake: middle.next is never set to None
    while back is not None:
        back.next, prev, back = prev, back, back.next
    front = head
    while prev is not None:
        front.next, prev.next, front, prev = prev, front.next, front.next, prev.next
