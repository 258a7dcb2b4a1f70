"""Weaves with a recursive helper that returns the next front node, at Python's default recursion limit: fine on short lists, RecursionError at thousands of nodes (the inputs at the constraints' size), so correctness fails.

The random inputs are short; the large inputs (10,000 nodes) and the
growth inputs go deeper than Python's limit of about 1,000 nested calls.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def _weave(front: ListNode, back: ListNode | None) -> ListNode | None:
    """Attach the nodes from ``back`` onward; return the front node reached."""
    if back is None:
        return front
    front = _weave(front, back.next)
    if front is None:
        return None
    if front is back or front.next is back:
        back.next = None
        return None
    back.next = front.next
    front.next = back
    return back.next


def reorder_list(head: ListNode | None) -> None:
    if head is not None:
        _weave(head, head)
