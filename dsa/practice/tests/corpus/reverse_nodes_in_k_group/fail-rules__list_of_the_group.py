"""Collects each group's nodes in a Python list and relinks them backwards: right, but the list holds k nodes, O(k) memory, so the memory check fails it.

With a group as long as the list, the extra memory grows like n;
the problem asks for O(1).
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_k_group(head: ListNode | None, k: int) -> ListNode | None:
    dummy = ListNode(0, head)
    before = dummy
    while True:
        group = []
        node = before.next
        while node is not None and len(group) < k:
            group.append(node)
            node = node.next
        if len(group) < k:
            return dummy.next
        for left, right in zip(group[1:], group):
            left.next = right
        group[0].next = node
        before.next = group[-1]
        before = group[0]
