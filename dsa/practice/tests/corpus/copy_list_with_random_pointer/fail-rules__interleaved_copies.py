"""The classic O(1)-memory trick: weaves each copy in after its original, sets the randoms, then unweaves; the original comes back intact, but it changed while the code ran, which the statement forbids, so the rules stage fails it.

Assigning to a node of the original is refused as it happens, on inputs of
any length.
"""

from __future__ import annotations

from dsa.practice.nodes import RandomListNode


def copy_random_list(head: RandomListNode | None) -> RandomListNode | None:
    node = head
    while node is not None:
        node.next = RandomListNode(node.val, node.next)
        node = node.next.next
    node = head
    while node is not None:
        if node.random is not None:
            node.next.random = node.random.next
        node = node.next.next
    dummy = tail = RandomListNode()
    node = head
    while node is not None:
        tail.next = node.next
        tail = tail.next
        node.next = tail.next
        node = node.next
    return dummy.next
