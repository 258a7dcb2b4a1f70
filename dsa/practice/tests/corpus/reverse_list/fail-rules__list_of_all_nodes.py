"""Puts every node in a Python list and re-links them from the back: fails the O(1) memory rule.

The answer is right and the nodes are the given ones, but the list of n
nodes is extra memory that grows with the list; the rules stage measures
it with tracemalloc and finds it growing like n.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_list(head: ListNode | None) -> ListNode | None:
    nodes = []
    while head is not None:
        nodes.append(head)
        head = head.next
    for earlier, later in zip(nodes, nodes[1:]):
        later.next = earlier
    if nodes:
        nodes[0].next = None
        return nodes[-1]
    return None
