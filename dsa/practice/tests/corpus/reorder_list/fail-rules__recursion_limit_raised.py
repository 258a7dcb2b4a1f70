"""Recurses to the tail and weaves on the way back, with the recursion limit raised: right on every input, but each node costs a stack frame, so the memory check fails it.

Frames are memory too: the call's extra memory grows like n, not O(1).
"""

from __future__ import annotations

import sys

from dsa.practice.nodes import ListNode

sys.setrecursionlimit(100_000)


def reorder_list(head: ListNode | None) -> None:
    if head is None:
        return
    state = {"left": head, "done": False}

    def visit(right):
        if right is None:
            return
        visit(right.next)
        left = state["left"]
        if state["done"]:
            return
        if left is right or left.next is right:
            right.next = None
            state["done"] = True
            return
        following = left.next
        left.next = right
        right.next = following
        state["left"] = following

    visit(head)
