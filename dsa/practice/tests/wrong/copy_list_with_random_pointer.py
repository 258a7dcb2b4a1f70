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
    copies = []
    node = head
    while node is not None:
        twin = RandomListNode(node.val)
        if copies:
            copies[-1].next = twin
        copies.append(twin)
        by_value[node.val] = twin  # the mistake: values are not unique
        node = node.next
    node = head
    for twin in copies:
        if node.random is not None:
            twin.random = by_value[node.random.val]
        node = node.next
    return copies[0] if copies else None
