"""WRONG: returns the node where the two pointers meet, not where the loop starts.

Phase 1 of Floyd's method (a slow and a fast pointer) is right, and it does
answer "is there a loop?".  But the meeting node is only *somewhere* in the
loop; the second phase, one pointer back to the head and both stepping
together, is missing.  It happens to be right when the list loops back to its
head, or whenever the meeting falls on the loop's first node.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def detect_cycle(head: ListNode | None) -> ListNode | None:
    """Meant to find where the loop begins; returns the meeting node instead."""
    slow = fast = head
    while fast is not None and fast.next is not None:
        slow = slow.next
        fast = fast.next.next
        if slow is fast:
            return slow  # bug: a node of the loop, not necessarily its start
    return None
