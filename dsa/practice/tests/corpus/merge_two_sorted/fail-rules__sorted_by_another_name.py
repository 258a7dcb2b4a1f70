"""Gathers every node in a list and sorts it with sorted reached through getattr: fails the O(1) memory rule.

The syntax check cannot see ``getattr(builtins, "sor" + "ted")``, and the
sort is stable, so the result is right; but a list of all the nodes is
memory that grows with the lists, which the rules stage measures.
"""

from __future__ import annotations

import builtins

from dsa.practice.nodes import ListNode

_order = getattr(builtins, "sor" + "ted")


def merge_two_lists(a: ListNode | None, b: ListNode | None) -> ListNode | None:
    nodes = []
    for head in (a, b):
        while head is not None:
            nodes.append(head)
            head = head.next
    nodes = _order(nodes, key=lambda node: node.val)
    for node, successor in zip(nodes, nodes[1:]):
        node.next = successor
    if not nodes:
        return None
    nodes[-1].next = None
    return nodes[0]
