"""Reverse a linked list: turn every arrow around in one walk.

The idea
--------
Walk the list from the head.  Every node you reach should end up pointing at
the node you visited just before it, so you carry that node along in
``prev``.  Turning ``node.next`` around cuts the node off from the rest of
the list, so save the rest first::

    prev    node    nxt
    None    [1] --> [2] --> [3] --> None      before the first step

    None <-- [1]    [2] --> [3] --> None      node.next = prev, then
             prev   node                      both names move one node on

When ``node`` falls off the end, ``prev`` is the old last node: the new head.

Why it is correct
-----------------
At the top of every loop the nodes already visited form a reversed chain
starting at ``prev``, and the nodes not yet visited form the original chain
starting at ``node``.  One step moves a node from the second chain to the
front of the first, so both statements stay true.  At the start the reversed
chain is empty (``prev is None``); at the end nothing is left to visit and
``prev`` heads the whole list reversed.  An empty list skips the loop and
returns ``None``; a single node is re-linked to ``None`` and returned.

Cost
----
One visit per node: O(n) time.  Three names whatever the length: O(1) extra
memory, and no node is created, only re-linked.

The classic pitfall
-------------------
Losing the rest of the list: writing ``node.next = prev`` before saving
``node.next`` leaves no way forward.  Close behind comes returning ``head``
(which is now the *last* node) instead of ``prev``, and stopping the loop at
``node.next is None``, which leaves the old last node out of the result.

Two shortcuts break the statement's rules.  Copying the values into a
Python list and writing them back reversed moves values instead of nodes
(and the list is O(n) memory).  The recursive reversal, ``new_head =
reverse_list(head.next)`` then ``head.next.next = head``, is short and
right, but it keeps one call per node waiting: O(n) memory, and Python
stops it at about 1,000 nested calls.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_list(head: ListNode | None) -> ListNode | None:
    """Reverse the chain starting at ``head`` in place; return the new head."""
    prev = None  # head of the part already reversed
    node = head  # first node not yet reversed
    while node is not None:
        nxt = node.next  # save the way forward before cutting it
        node.next = prev  # turn this node's arrow around
        prev = node
        node = nxt
    return prev
