"""Reverses the first group and recurses on the rest: right on short lists, but one call per group means RecursionError on 10,000 nodes with k = 2, so correctness fails on the large inputs.

The random inputs are short; the inputs at the constraints' size are not.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_k_group(head: ListNode | None, k: int) -> ListNode | None:
    node, count = head, 0
    while node is not None and count < k:
        node = node.next
        count += 1
    if count < k:
        return head
    prev, current = reverse_k_group(node, k), head
    for _ in range(k):
        current.next, prev, current = prev, current, current.next
    return prev
