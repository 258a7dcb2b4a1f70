"""Merge two sorted lists: always take the smaller head, splice, repeat.

The idea
--------
The first node of the merged list is the smaller of the two heads.  Once it
is taken, what is left is the same problem with one list a node shorter.  So
keep a ``tail``, the last node of the result so far, and repeat: compare the
heads of ``a`` and ``b``, link the smaller one after ``tail``, and advance
in the list it came from.  When one list runs out, the rest of the other is
already sorted and already linked together: attach it whole.

A *dummy* node in front of the result gives ``tail`` somewhere to start, so
the very first link is done by the same line as all the others instead of
needing an "is the result still empty?" case.  It is never part of the
answer: the function returns ``dummy.next``.

Why it is correct
-----------------
Every node of the result so far is no larger than any node still waiting in
``a`` or ``b`` (both lists ascend, and we always took the smaller head).  So
appending the smaller head keeps the result ascending, and each node is
moved exactly once.  Ties go to ``a`` because the test is ``a.val <=
b.val``: that keeps equal values in their original order, a from before b,
which is what makes the merge *stable* (merge sort depends on it).

Cost
----
Each comparison moves one node into the result, and the loop stops when one
list is empty: at most n + m - 1 comparisons, O(n + m) time.  Only the
dummy and two names are extra: O(1) memory, and no node of the input is
copied.

The classic pitfall
-------------------
Forgetting the leftovers: the loop ``while a and b`` stops as soon as one
list is empty, and the rest of the other list must still be attached.
Using ``<`` instead of ``<=`` quietly breaks stability, since ties then go
to ``b``.  And the textbook recursive merge (``a.next = merge(a.next, b)``)
is right but keeps one call waiting per node of the result: O(n + m)
memory where the loop needs O(1), and Python stops it at about 1,000
nested calls.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def merge_two_lists(a: ListNode | None, b: ListNode | None) -> ListNode | None:
    """Splice the ascending chains ``a`` and ``b`` into one; return its head."""
    dummy = ListNode()  # stands in front of the result; never returned
    tail = dummy
    while a is not None and b is not None:
        if a.val <= b.val:  # "<=": on a tie the node of a goes first (stable)
            tail.next = a
            a = a.next
        else:
            tail.next = b
            b = b.next
        tail = tail.next
    # One list is empty; the other's remaining nodes are sorted and linked.
    tail.next = a if a is not None else b
    return dummy.next
