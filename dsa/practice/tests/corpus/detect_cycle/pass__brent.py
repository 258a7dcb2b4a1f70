"""Brent's method: a tortoise that teleports to the hare at powers of two, then two pointers a loop apart: passes.

Phase 1 finds the loop's length: the hare walks on, and each time its step
count reaches a power of two the tortoise jumps to it; once the hare meets
the tortoise, the steps since the last jump are the loop's length.  Phase 2
starts two pointers at the head, one that many steps ahead; they meet where
the loop begins.  O(n) time, four names, the list only read.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def detect_cycle(head: ListNode | None) -> ListNode | None:
    if head is None:
        return None
    power = length = 1
    tortoise, hare = head, head.next
    while hare is not tortoise:
        if hare is None:
            return None
        if power == length:  # time to teleport the tortoise
            tortoise = hare
            power *= 2
            length = 0
        hare = hare.next
        length += 1
    ahead = behind = head
    for _ in range(length):
        ahead = ahead.next
    while ahead is not behind:
        ahead = ahead.next
        behind = behind.next
    return behind
