"""Leaves the links alone and swaps values between mirror-image nodes: fails, values moved instead of nodes.

It uses O(1) extra memory (it walks from the head to find each mirror
node, O(n^2) time), and the values read right, but the statement asks for
the nodes to be re-linked: the first node now holds the value of the last
one, which the grader sees by identity on the first input with two
different values.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_list(head: ListNode | None) -> ListNode | None:
    length = 0
    node = head
    while node:
        node = node.next
        length += 1
    left = head
    for i in range(length // 2):
        right = head
        for _ in range(length - 1 - i):
            right = right.next
        left.val, right.val = right.val, left.val
        left = left.next
    return head
