"""Two-ended list: the cheapest positions, counted in lines, for the hottest values.

The idea
--------
The cost of reading position ``i`` does not depend on what the list holds:
it is the header line plus the lines of the nodes from the nearer end to
``i``.  So first work out that cost for every position, in lines:

* nodes ``first .. last`` occupy the bytes ``[24 * first, 24 * (last + 1))``
  of a block that starts on a line, so they cover the lines
  ``(24 * first) // 64`` to ``(24 * last + 23) // 64``;
* from the head (when ``i <= n - 1 - i``) the walk covers nodes ``0 .. i``,
  from the tail nodes ``i .. n - 1``.

Then hand the positions out cheapest first: the most looked-up value gets
the cheapest position, the next one the next cheapest, and so on.  The
cheap positions sit at both ends, so the hot values end up at the head and
the tail, the cold ones in the middle (an "organ pipe").

Why it is correct
-----------------
Every lookup of value ``v`` costs ``cost[p]`` lines, ``p`` being ``v``'s
position, so the total is ``sum(count[v] * cost[pos[v]])`` with costs that
are fixed in advance.  Pairing the largest counts with the smallest costs
makes such a sum as small as it can be (the rearrangement inequality: if a
heavier value had a dearer position than a lighter one, swapping the two
would lower the total by ``(heavier - lighter) * (dearer - cheaper)``).
Ties, in counts or in costs, can be broken any way.

Cost
----
O(n) for the costs, two sorts of n items: O(n log n) time, O(n) memory.

The classic pitfalls
--------------------
Counting nodes instead of lines.  Three nodes make 72 bytes, which cover
two lines from the head; but the tail of the block need not end on a line
boundary, so the last ``k`` nodes can cover one line more, or fewer, than
the first ``k``.  Alternating head and tail by the number of nodes walked
is almost right, and off by a few lines on most lengths.  Putting the
hottest values at the head only, as for a list searched from the head,
wastes the cheap positions at the tail.  And the tie in the middle: at
``i == n - 1 - i`` the walk starts from the head.
"""

from __future__ import annotations

#: Bytes of one node {prev, next, value}, and of a cache line.
NODE_BYTES = 24
LINE_BYTES = 64


def position_lines(n: int) -> list[int]:
    """The lines ``a[i]`` touches, header included, for each position i of a
    pool list of n nodes.  Also the model the grader counts with where the
    C twins are missing."""
    costs = []
    for i in range(n):
        first, last = (0, i) if i <= n - 1 - i else (i, n - 1)
        lines = ((NODE_BYTES * last + NODE_BYTES - 1) // LINE_BYTES
                 - (NODE_BYTES * first) // LINE_BYTES + 1)
        costs.append(lines + 1)  # + the header line
    return costs


def list_order(values: list[int], counts: list[int]) -> list[int]:
    """The values in list order: the hottest at the cheapest positions."""
    n = len(values)
    cost = position_lines(n)
    cheapest_first = sorted(range(n), key=cost.__getitem__)
    hottest_first = sorted(range(n), key=counts.__getitem__, reverse=True)
    order = [0] * n
    for position, v in zip(cheapest_first, hottest_first):
        order[position] = values[v]
    return order
