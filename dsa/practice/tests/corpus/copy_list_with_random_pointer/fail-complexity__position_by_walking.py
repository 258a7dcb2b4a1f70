"""Keeps the copies in a Python list and finds each random target's position by counting from the head: right, but every count walks up to n nodes, O(n**2) in all, so the growth check fails it.

The list of copies makes the last step O(1); the walk before it is what
grows.
"""

from __future__ import annotations

from dsa.practice.nodes import RandomListNode


def copy_random_list(head: RandomListNode | None) -> RandomListNode | None:
    copies = []
    node = head
    while node is not None:
        copies.append(RandomListNode(node.val))
        if len(copies) > 1:
            copies[-2].next = copies[-1]
        node = node.next
    node = head
    for twin in copies:
        if node.random is not None:
            position, probe = 0, head
            while probe is not node.random:
                probe = probe.next
                position += 1
            twin.random = copies[position]
        node = node.next
    return copies[0] if copies else None
