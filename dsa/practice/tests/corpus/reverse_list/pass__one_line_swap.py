"""Reverses with one tuple assignment per node, in the one order that works: passes.

``prev, node.next, node = node, prev, node.next`` evaluates the right-hand
side first and assigns left to right, so ``node.next`` is set while
``node`` still names the current node.  (Written ``node, node.next, prev =
...`` it would set the next of the *following* node.)  O(n) time, three
names: O(1) extra memory.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_list(head: ListNode | None) -> ListNode | None:
    prev, node = None, head
    while node:
        prev, node.next, node = node, prev, node.next
    return prev
