"""Reorder a list: split it at the middle, reverse the back half, weave.

The idea
--------
In the order asked for, ``L0, Ln, L1, Ln-1, ...``, the nodes of the front
half appear in their own order and those of the back half in reverse, one
after each front node.  So the job splits into three walks you may know on
their own:

1. **Find the middle.**  ``slow`` moves one node while ``fast`` moves two;
   when ``fast`` cannot move two more, ``slow`` is the last node of the
   front half.  For ``1 2 3 4 5`` that is ``3``; for ``1 2 3 4`` it is ``2``.
2. **Cut and reverse the back half** in place (``prev``/``node``/``nxt``,
   as in reversing a list): ``4 5`` becomes ``5 4``.  Cutting first,
   ``slow.next = None``, is what ends the front half.
3. **Weave**: take one node from the front half, then one from the reversed
   back half, and so on: ``1 5 2 4 3``.

Why it is correct
-----------------
The front half is ``L0 .. Lm`` with ``m = n // 2`` (``slow`` stops there),
so it holds as many nodes as the back half or one more.  Reversed, the back
half reads ``Ln, Ln-1, ..., Lm+1``.  Weaving puts ``Ln`` after ``L0``,
``Ln-1`` after ``L1``, and so on; when the back half runs out, the rest of
the front half (its last node, if it was the longer one) is already linked
in place and its ``next`` is None from the cut.  Every node is relinked,
none is created and no value moves.

Cost
----
Three walks over at most n nodes: O(n) time.  A handful of names pointing at
nodes: O(1) extra memory, which is what rules out the easy ways (a Python
list of the nodes to index from both ends, or a stack of the back half).

The classic pitfalls
--------------------
Forgetting the cut: without ``slow.next = None`` the front half's last node
still points into the back half, and after weaving the chain loops.  Taking
the middle one node too early on even lengths is harmless only if the split
and the weave agree on which half is longer.  And recursion ("reorder the
rest, then attach") looks elegant but uses a stack frame per node, which is
O(n) memory and fails on long lists.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reorder_list(head: ListNode | None) -> None:
    """Reorder the chain at ``head`` in place as L0, Ln, L1, Ln-1, ..."""
    if head is None or head.next is None:
        return
    # 1. slow stops at the last node of the front half.
    slow = fast = head
    while fast.next is not None and fast.next.next is not None:
        slow = slow.next
        fast = fast.next.next
    # 2. Cut, then reverse the back half.
    back = slow.next
    slow.next = None
    prev = None
    while back is not None:
        nxt = back.next
        back.next = prev
        prev = back
        back = nxt
    # 3. Weave: one node from the front, one from the reversed back.
    front, back = head, prev
    while back is not None:
        front_next, back_next = front.next, back.next
        front.next = back
        back.next = front_next
        front, back = front_next, back_next
