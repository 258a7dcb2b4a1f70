"""One pass with a lead pointer n nodes ahead and no dummy node, the head handled on its own: passes.

When the lead falls off the list after its n steps, the node to remove is
the head; otherwise the trail stops on the node before the target.
O(L), O(1) memory, nodes re-linked.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def remove_nth_from_end(head: ListNode | None, n: int) -> ListNode | None:
    lead = head
    for _ in range(n):
        lead = lead.next
    if lead is None:
        return head.next
    trail = head
    while lead.next is not None:
        lead, trail = lead.next, trail.next
    trail.next = trail.next.next
    return head
