"""Copy a list with random pointers: make every copy first, then link them.

The idea
--------
Copying ``val`` and ``next`` is an ordinary walk.  ``random`` is what makes
the problem: when a node is copied, its random target may lie further on,
so its copy does not exist yet; and values may repeat, so a value cannot
say which node a pointer meant.  Two walks solve both:

1. walk the original and make one new node per node, keeping a ``dict``
   from each original node to its copy (nodes are hashable and compare by
   identity, so equal values never mix them up);
2. walk again and, for every original node, set its copy's ``next`` to
   ``copies[node.next]`` and its ``random`` to ``copies[node.random]``,
   with ``None`` mapped to ``None``.

Why it is correct
-----------------
After the first walk ``copies`` is a one-to-one map from the original's
nodes to new nodes holding the same values.  The second walk gives every
copy the images of its original's two pointers, so the copy is the
original's exact picture: the same shape through ``next`` and ``random``,
made only of new nodes.  The original is only read: nothing of it changes,
at any moment.

Cost
----
Two walks and one dictionary lookup per pointer: O(n) time, and O(n) extra
memory for the dictionary.  (A well-known trick weaves each copy in right
after its original to avoid the dictionary, then unweaves them: O(1) extra
memory, but it changes the original while it runs, which this problem
forbids.)

The classic pitfalls
--------------------
Mapping by value (``{node.val: copy}``): with repeated values two nodes
share one entry and randoms point to the wrong copy.  Setting
``copy.random = node.random``, which points into the original.  Finding
each random target by walking from the head, O(n) per node and O(n**2) in
all.  And recursion over ``next`` and ``random``, one call deep per node,
which fails on long lists.
"""

from __future__ import annotations

from dsa.practice.nodes import RandomListNode


def copy_random_list(head: RandomListNode | None) -> RandomListNode | None:
    """A deep copy of the list at ``head``, random pointers included."""
    copies = {None: None}  # original node -> its copy
    node = head
    while node is not None:
        copies[node] = RandomListNode(node.val)
        node = node.next
    node = head
    while node is not None:
        twin = copies[node]
        twin.next = copies[node.next]
        twin.random = copies[node.random]
        node = node.next
    return copies[head]
