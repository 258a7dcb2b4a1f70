"""Reverse k nodes at a time: look k ahead, reverse that many, reconnect.

The idea
--------
Work group by group, keeping ``before``: the node just in front of the group
about to be reversed.  A dummy node placed in front of the head plays that
part for the first group, so the head needs no special case.  For each
group:

1. **Look ahead.**  Walk ``k`` nodes from ``before``.  If the list ends
   first, what is left is a short group, which stays as it is: stop.
2. **Reverse exactly k nodes**, as in reversing a whole list (``prev``,
   ``node``, ``nxt``), but starting with ``prev`` set to the node *after* the
   group.  The group's old first node then points straight at what follows
   the group, so the tail of the group is connected by the reversal itself.
3. **Reconnect the front**: ``before.next`` becomes the group's new first
   node (the old k-th), and ``before`` moves to the group's new last node
   (its old first), ready for the next group.

Why it is correct
-----------------
Before each group, the nodes up to ``before`` are finished (every complete
group so far reversed, in order) and ``before.next`` is the first node not
yet handled.  Step 1 decides whether a complete group starts there.  Step 2
turns exactly its k links around and links its old first node to the first
node after it, step 3 links the finished part to the reversed group, so
the statement holds again one group further on.  When fewer than k nodes
remain they are still linked as given.  No node is created (the dummy is
never returned) and no value moves.

Cost
----
Each node is passed twice, once looking ahead and once reversing: O(n)
time whatever k is.  Five names pointing at nodes: O(1) extra memory.

The classic pitfalls
--------------------
Reversing the short group at the end as well ("[1, 2, 3] with k = 2" must
give ``2 1 3``).  Counting the rest of the list before every group, which is
O(n) per group and O(n**2 / k) in all.  Keeping a group's nodes in a Python
list to relink them, which is O(k) memory, and recursing once per group,
which is O(n / k) memory and fails on long lists with small k.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_k_group(head: ListNode | None, k: int) -> ListNode | None:
    """Reverse every complete group of k nodes in place; return the new head."""
    dummy = ListNode(0, head)
    before = dummy  # the last node of the finished part
    while True:
        last = before  # 1. is there a complete group after `before`?
        for _ in range(k):
            last = last.next
            if last is None:
                return dummy.next
        after = last.next
        first = before.next
        prev, node = after, first  # 2. reverse the k nodes, the first linking to `after`
        while node is not after:
            nxt = node.next
            node.next = prev
            prev = node
            node = nxt
        before.next = last  # 3. the old k-th node now starts the group
        before = first
