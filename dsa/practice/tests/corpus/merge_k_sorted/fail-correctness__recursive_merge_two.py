"""Merges the lists in pairs with the recursive two-list merge: right on short lists, but it recurses once per node and runs out of stack on the long ones the constraints allow.

Python stops at about a thousand nested calls; the large inputs hold lists
of tens of thousands of nodes.
"""

from dsa.practice.nodes import ListNode


def _merge(a, b):
    if a is None:
        return b
    if b is None:
        return a
    if a.val <= b.val:
        a.next = _merge(a.next, b)
        return a
    b.next = _merge(a, b.next)
    return b


def merge_k_lists(lists):
    lists = [head for head in lists if head is not None]
    if not lists:
        return None
    while len(lists) > 1:
        paired = [_merge(lists[i], lists[i + 1]) for i in range(0, len(lists) - 1, 2)]
        if len(lists) % 2:
            paired.append(lists[-1])
        lists = paired
    return lists[0]
