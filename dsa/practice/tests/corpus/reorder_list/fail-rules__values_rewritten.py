"""Reads the values into a list and writes them back in the new order, leaving every next alone: the statement asks for nodes to be relinked, so the rules stage refuses it.

From outside the values read right, but the nodes hold other values than
they were given; the grader checks each node's val is the one it started with.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reorder_list(head: ListNode | None) -> None:
    values = []
    node = head
    while node is not None:
        values.append(node.val)
        node = node.next
    low, high = 0, len(values) - 1
    node = head
    take_low = True
    while node is not None:
        if take_low:
            node.val = values[low]
            low += 1
        else:
            node.val = values[high]
            high -= 1
        take_low = not take_low
        node = node.next
