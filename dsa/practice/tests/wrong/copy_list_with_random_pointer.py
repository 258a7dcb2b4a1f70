"""WRONG: finds the copies by value instead of by node.

The dictionary is keyed by ``node.val``.  With repeated values, later nodes
overwrite earlier entries, so a random pointer aimed at an earlier node with
the same value lands on the copy of the last one: for
``[(1, None), (1, 0)]`` the second copy's random points to itself, not to
the first copy.
"""

from __future__ import annotations

from dsa.practice.nodes import RandomListNode


def copy_random_list(head: RandomListNode | None) -> RandomListNode | None:
    """Copy the list, looking copies up by value (wrong when values repeat)."""
    by_value = {}
    dummy = tail = RandomListNode(0)
    node = head
    while node is not None:  # first the copies, linked in order
        tail.next = tail = by_value[node.val] = RandomListNode(node.val)  # the mistake:
        node = node.next  # values are not unique, so later copies replace earlier ones
    node, twin = head, dummy.next
    while node is not None:  # then their random pointers
        twin.random = None if node.random is None else by_value[node.random.val]
        node, twin = node.next, twin.next
    return dummy.next
