"""Finds a node of the loop, then for each node from the head walks once round the loop to see whether it is on it: fails on the loop-halfway lists.

Correct, O(1) memory, the list only read, and fast when the loop is the
whole list (the head is on it at once) or a single node (one step per
check): but with the loop starting halfway it costs (n/2)^2 steps.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def detect_cycle(head: ListNode | None) -> ListNode | None:
    slow = fast = head
    while fast is not None and fast.next is not None:
        slow, fast = slow.next, fast.next.next
        if slow is fast:
            break
    else:
        return None
    candidate = head
    while True:
        node = slow
        while True:  # once round the loop, from the meeting node
            if node is candidate:
                return candidate
            node = node.next
            if node is slow:
                break
        candidate = candidate.next
