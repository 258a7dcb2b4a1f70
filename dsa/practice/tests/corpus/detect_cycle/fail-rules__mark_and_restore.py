"""Marks each visited node by wrapping its value, then puts every value back: fails, the list was modified.

The first node found already wrapped is where the loop begins, and a second
walk unwraps every value, so the list looks untouched once the function
returns.  But the statement forbids changing the list even for a moment,
and on the small inputs the grader compares it after every step.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


class _Seen:
    __slots__ = ("val",)

    def __init__(self, val: object) -> None:
        self.val = val


def detect_cycle(head: ListNode | None) -> ListNode | None:
    found = None
    node = head
    while node is not None:
        if isinstance(node.val, _Seen):
            found = node
            break
        node.val = _Seen(node.val)
        node = node.next
    node = head
    while node is not None and isinstance(node.val, _Seen):
        node.val = node.val.val
        node = node.next
    return found
