"""Where does the cycle begin?  Floyd's tortoise and hare, in two phases.

The idea
--------
Phase 1 decides *whether* there is a loop.  Send two pointers from the head:
the tortoise moves one step at a time, the hare two.  If the list ends, the
hare reaches ``None`` first and there is no loop.  If there is a loop, both
end up going round it, and there the hare gains one step on the tortoise at
every move, so it cannot jump over it: the gap shrinks by one each time until
they land on the same node.

Phase 2 finds *where* the loop starts.  Put one pointer back at the head,
leave the other at the meeting node, and move both one step at a time.  They
meet exactly at the first node of the loop.

Why phase 2 works
-----------------
Let the loop start ``a`` steps from the head and have length ``c``, and let
the pointers meet ``b`` steps after the loop's start.  Once the tortoise
enters the loop the hare closes the gap between them by one node per move,
and that gap is shorter than ``c``, so they meet before the tortoise
completes one lap: the tortoise has walked ``a + b`` steps.  The hare walked
twice as far, ``2(a + b)``, which is ``a + b`` plus some whole number ``k >=
1`` of laps::

    2(a + b) = a + b + k*c      so      a = k*c - b

A pointer that starts at the meeting node, ``b`` steps into the loop, and
walks ``a`` steps ends ``b + a = k*c`` steps into the loop: back at its
start.  The pointer from the head reaches the loop's start after the same
``a`` steps, and (having been outside the loop until then) not before.  So
the first node the two share is the start of the loop.

Cost
----
Phase 1 ends within ``a + c`` moves of the tortoise, phase 2 takes ``a``
moves: O(n) time.  Two pointers whatever the length: O(1) extra memory, and
the list is only read, never changed.

The classic pitfall
-------------------
Returning the meeting node of phase 1.  It is *some* node of the loop, and
it is the start only when ``b == 0``, which is always so when the list
loops back to its head (``a == 0``): the mistake hides in the simplest
tests.  Others: checking ``hare.next`` without first checking ``hare`` (a
crash on loop-free lists of even length), and marking visited nodes by
changing their values or links, which breaks "leave the list as you found
it".
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def detect_cycle(head: ListNode | None) -> ListNode | None:
    """Return the node where the chain from ``head`` starts looping, or None."""
    # Phase 1: the hare runs two steps per move of the tortoise.
    tortoise = hare = head
    while True:
        if hare is None or hare.next is None:
            return None  # the hare reached the end: no loop
        tortoise = tortoise.next
        hare = hare.next.next
        if tortoise is hare:
            break

    # Phase 2: from the head and from the meeting node, one step at a time.
    # Both reach the start of the loop after the same number of steps.
    finder = head
    while finder is not tortoise:
        finder = finder.next
        tortoise = tortoise.next
    return finder
