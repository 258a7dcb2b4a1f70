"""Scans every list's front for the smallest, comparing int() copies: O(N * k), hidden from the comparison count, so time alone must fail it.

The count stays at zero, below what any correct solution needs, so it is
set aside; the clock sees N**2 because k grows with N.
"""

from dsa.practice.nodes import ListNode


def merge_k_lists(lists):
    fronts = [head for head in lists if head is not None]
    dummy = tail = ListNode()
    while fronts:
        best = 0
        for i in range(1, len(fronts)):
            if int(fronts[i].val) < int(fronts[best].val):
                best = i
        node = fronts[best]
        tail.next = node
        tail = node
        if node.next is None:
            fronts.pop(best)
        else:
            fronts[best] = node.next
    return dummy.next
