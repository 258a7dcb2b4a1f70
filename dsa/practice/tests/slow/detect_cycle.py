"""SLOW: correct but O(n^2): for every node, search the path walked so far.

Walk the list, counting steps.  For the node reached after ``steps`` steps,
walk again from the head for ``steps`` steps and see whether the node was
already passed.  The first node found again is the start of the loop; a walk
that reaches None means there is no loop.  It uses O(1) extra memory and
leaves the list alone, but the search from the head makes the total
1 + 2 + ... + n steps: O(n^2).
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def detect_cycle(head: ListNode | None) -> ListNode | None:
    """Return the first node reached twice, checking each against the path so far."""
    node = head
    steps = 0
    while node is not None:
        probe = head
        for _ in range(steps):  # the nodes walked before this one
            if probe is node:
                return node
            probe = probe.next
        node = node.next
        steps += 1
    return None
