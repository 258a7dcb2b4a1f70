"""Copies values and next links but sets each copy's random to the original's random target: the copy shares nodes with the original, so the rules stage refuses it.

A deep copy must point only into itself.
"""

from __future__ import annotations

from dsa.practice.nodes import RandomListNode


def copy_random_list(head: RandomListNode | None) -> RandomListNode | None:
    dummy = tail = RandomListNode()
    node = head
    while node is not None:
        tail.next = RandomListNode(node.val, None, node.random)
        tail = tail.next
        node = node.next
    return dummy.next
