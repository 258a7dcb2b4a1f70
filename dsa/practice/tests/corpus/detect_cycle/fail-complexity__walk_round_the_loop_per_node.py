"""Finds a node of the loop, then for each node from the head walks round the loop to test it: fails on the loop-halfway lists.

Correct, O(1) memory, the list only read.  For each candidate it measures
the loop's length again, walking once round it from the meeting node, and
then walks that many steps from the candidate: back on the candidate means
it is on the loop.  Fast when the loop is the whole list (the head passes
at once) or a single node (each test is one step), but with the loop
starting halfway it costs about n^2 / 2 steps.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def _loop_length(meeting: ListNode) -> int:
    length, node = 1, meeting.next
    while node is not meeting:
        length, node = length + 1, node.next
    return length


def _meeting(head: ListNode | None) -> ListNode | None:
    """Where Floyd's two pointers meet, or None when there is no loop."""
    slow = fast = head
    while fast and fast.next:
        slow, fast = slow.next, fast.next.next
        if slow is fast:
            return slow
    return None


def detect_cycle(head: ListNode | None) -> ListNode | None:
    meeting = _meeting(head)
    if meeting is None:
        return None
    candidate = head
    while True:
        node = candidate
        for _ in range(_loop_length(meeting)):
            node = node.next
        if node is candidate:
            return candidate
        candidate = candidate.next
