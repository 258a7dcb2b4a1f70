"""Remove the n-th node from the end: two pointers n nodes apart, and a dummy.

The idea
--------
"n-th from the end" is hard to find walking forwards, because the end is not
known until you get there.  So send a ``lead`` pointer ahead first, ``n``
nodes in front of a ``trail`` pointer, then move the two together, one node
at a time, until ``lead`` is on the last node.  They are still ``n`` nodes
apart, so ``trail`` is now on the node just *before* the n-th from the end:
exactly the node whose ``next`` must skip over it::

    dummy -> 1 -> 2 -> 3 -> 4 -> 5
    trail         lead                  after the head start of n = 2
                       trail     lead   after moving together: unlink 4

Why the dummy node
------------------
Unlinking a node means changing the ``next`` of the node before it, and the
head has no node before it.  Without help, removing the head (``n ==
length``) needs its own branch, and it is the case people forget.  A dummy
node placed in front of the head gives *every* real node a predecessor, so
one line unlinks any of them, the head included.  The new head is then
``dummy.next``, whichever node was removed.

Why it is correct
-----------------
Counting the dummy as position 0 and the real nodes as 1 to L, ``lead``
starts at ``n`` and the loop stops when it reaches ``L``, after ``L - n``
steps; ``trail`` moves as many steps from 0, so it stops at ``L - n``, the
node just before position ``L - n + 1``: the n-th from the end.  Since
``1 <= n <= L``, ``lead`` never walks off the list and ``trail.next`` always
exists.

Cost
----
``lead`` walks the list once and ``trail`` follows behind it: one pass, O(L)
time.  One dummy node and two names: O(1) extra memory.

The classic pitfall
-------------------
Off by one: starting ``lead`` ``n + 1`` nodes ahead, or stopping when
``lead`` is ``None`` instead of on the last node, unlinks the neighbour of
the right node.  And without the dummy node, removing the head is either a
crash (``None`` has no ``next``) or removes the second node instead.
A trick known from "delete a node given only that node", copying the next
node's value over the target and unlinking the next node, does not
re-link the target out: it moves a value, which this problem forbids (and
it cannot remove the last node at all).
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def remove_nth_from_end(head: ListNode | None, n: int) -> ListNode | None:
    """Unlink the n-th node from the end; return the (possibly new) head."""
    dummy = ListNode(0, head)  # a predecessor for every node, the head included
    lead = trail = dummy
    for _ in range(n):  # give lead a head start of n nodes
        lead = lead.next
    while lead.next is not None:  # until lead stands on the last node
        lead = lead.next
        trail = trail.next
    trail.next = trail.next.next  # trail is just before the n-th from the end
    return dummy.next
