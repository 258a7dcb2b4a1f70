"""Linked lists, written to be read.

An array and a chain
====================
Python's ``list`` is an *array*: one block of memory holding a reference to
each item, side by side.  Item ``i`` lives at "start of block + 8 * i", so
``lst[i]`` is one multiplication away, whatever ``i`` is.

A *linked list* keeps every item in a small object of its own, a **node**,
and each node holds a reference to the next one (and, in a *doubly* linked
list, to the previous one too)::

    head                                          tail
     |                                             |
     v                                             v
    [ 3 | *-]---> [ 9 | *-]---> [ 4 | *-]---> [ 7 | / ]     singly linked

    [ / | 3 | *-]<-->[ *- | 9 | *-]<-->[ *- | 4 | / ]       doubly linked

Nothing says where the nodes are.  To reach item ``i`` you start at one end
and follow ``i`` references, one after the other: O(n) where the array needs
O(1).  In exchange, a node can be cut out of the chain, or a new one spliced
in, by rewriting two or four references, without moving any other item: O(1)
where the array must shift everything after the position, O(n).

What a node costs: a cache line
===============================
Big-O counts steps, not what a step costs.  A list's array holds 8
references per 64-byte cache line and is read in address order, which the
prefetcher follows; a node is a whole Python object (a :class:`DoublyNode`
is 64 bytes: a cache line to hold one reference), wherever the allocator put
it, and each step of a walk waits for the load before it.  So walking a
linked list is much slower than walking a list, both "O(n)"; the lessons
measure by how much.

Where a linked list wins: a position you already hold
=====================================================
"Insert in O(1)" is only true once you *have* the node.  Finding the node by
its index, or by searching for a value, is a walk, and a walk is the slow
kind of O(n) described above, while ``list.insert`` shifts its items with one
``memmove``, which streams through memory at full speed.  So inserting "in the
middle" by position is faster with a plain list.

A linked list wins only when the program keeps hold of nodes: a dict from key
to node (the LRU cache in :mod:`dsa.lru` is the worked example), a scheduler
holding each task's node, an editor holding the cursor's node.  Then removing
that node, moving it to an end, or inserting beside it really is O(1).  So
these lists hand out their nodes, **node handles**: ``nodes()``,
``head_node``, ``tail_node``, ``find_node(value)``, ``node_at(i)``, and
``insert_after``, ``insert_before``, ``remove_node``, ``move_to_front``,
``move_to_back``, ``append_node``, ``appendleft_node``.

A singly linked node knows only its successor.  To remove a node, or to
insert before it, you need its *predecessor*, so :class:`SinglyLinkedList`
must walk from the head to find it: O(n) (except at the head itself).  That
one extra reference per node is exactly what :class:`DoublyLinkedList` pays
to make those operations O(1).

Sentinels
=========
Both lists start their chain with a **sentinel**, a node with no value that
is never removed.  In the singly linked list it stands *before* the first
node (a "dummy head"), so every real node has a predecessor and "insert at
the front" is just "insert after the sentinel": one code path instead of two.
In the doubly linked list the sentinel stands before the first node *and*
after the last: the chain is a circle through it.  Then every real node has a
real ``prev`` and a real ``next``, so splicing in and cutting out never ask
"is this the head?  the tail?  the only node?" (those special cases are where
linked-list bugs live).  The price is one extra node per list.  Learners never
see a sentinel: ``node.next`` and ``node.prev`` say ``None`` at the ends.

The C twin, :class:`dsa.native.DoublyLinkedList`, is laid out differently
on purpose: no sentinel, a ``head`` and a ``tail`` in the list's header and
``NULL`` past either end, as in Redis's ``adlist.c`` and most lists written
in C, so its splices keep the "is this the head?" branches the sentinel
removes here.  It stands for the C lists whose walks the lessons time, and
those walks stop at ``NULL``; and a node handle's "no node" is then plainly
address 0, never a sentinel that Python must not be handed.  The cache-line
counts would be the same with a sentinel (one kept inside the header, as
Linux's ``list_head`` is, shares the header's line), so the lessons' figures
do not depend on the choice.  ``docs/twins.md`` lists this difference with
the others.

Owned nodes
===========
A node handle is a raw pointer into the chain, and a handle used on the wrong
list, or after its node was removed, would silently corrupt a naive linked
list (the size would be wrong, or a node would be linked into two chains).
So every node records the list that owns it, and every operation that takes
a node checks that the owner is this list, raising ``ValueError`` otherwise.
Removal clears the owner and the node's links.  ``clear()`` does that for
every node, which makes it O(n); an "ownership token" replaced by ``clear()``
would make it O(1), but the old nodes would keep their stale links, and a
learner walking from an old node would still find its former neighbours.
``list.clear()`` is O(n) as well (it drops a reference to every item).

Behaving like ``list``
======================
Both classes are complete :class:`collections.abc.MutableSequence` types and
behave like ``list`` wherever a list's behaviour applies; that surface is
``dsa/_list_surface.py``, built on each list's pointer surgery, and its
header lists the few differences and why.

Where the code lives
====================
``dsa/linked_nodes.py``: the nodes, the sentinels, owned nodes and the node
handles both lists share; ``dsa/singly_linked.py`` and
``dsa/doubly_linked.py``: each list's splicing, cutting, walking, reversal
and invariants; ``dsa/_list_surface.py``: list's surface, and
``dsa/_list_iterators.py`` its iterators.  This module is the public import
path.
"""


from dsa.doubly_linked import DoublyLinkedList
from dsa.linked_nodes import DoublyNode, SinglyNode
from dsa.singly_linked import SinglyLinkedList

__all__ = ["SinglyLinkedList", "DoublyLinkedList", "SinglyNode", "DoublyNode"]
