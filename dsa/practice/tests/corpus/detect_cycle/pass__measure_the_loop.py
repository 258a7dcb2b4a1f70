"""Floyd's meeting point, then the loop measured by walking once round it, then two pointers that far apart: passes.

Instead of the usual "one pointer back to the head" step, this counts the
loop's length c from the meeting node and starts a lead pointer c nodes
ahead of a trail pointer at the head: they meet on the loop's first node.
O(n) time, O(1) memory, the list only read.
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
    length, node = 1, slow.next
    while node is not slow:
        length, node = length + 1, node.next
    lead = trail = head
    for _ in range(length):
        lead = lead.next
    while lead is not trail:
        lead, trail = lead.next, trail.next
    return trail
