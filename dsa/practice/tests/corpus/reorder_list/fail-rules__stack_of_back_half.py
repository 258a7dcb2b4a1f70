"""Pushes the back half's nodes onto a Python list and pops them while walking the front: right order, but O(n) extra memory, so the rules stage fails it.

The problem asks for O(1) extra memory; the grader measures what the call
allocates, and a list of n / 2 node references grows with the list.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reorder_list(head: ListNode | None) -> None:
    if head is None:
        return
    slow = fast = head
    while fast.next is not None and fast.next.next is not None:
        slow, fast = slow.next, fast.next.next
    stack = []
    node = slow.next
    slow.next = None
    while node is not None:
        stack.append(node)
        node = node.next
    front = head
    while stack:
        back = stack.pop()
        back.next = front.next
        front.next = back
        front = back.next
