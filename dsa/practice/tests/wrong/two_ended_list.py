"""WRONG: counts nodes walked instead of lines touched.

Handing the most read values to the head and the tail alternately, by the
number of nodes a read walks, is almost right: 24-byte nodes share lines.
But the end of the list need not end on a line boundary.  In a list of 3
nodes (bytes 0 to 71) position 2 is one node from the tail, yet that node
straddles two lines, while positions 0 and 1 together fit one line: on
``list_order([1, 2, 3], [5, 1, 9])`` the second most read value belongs at
position 1, not at the tail.
"""

from __future__ import annotations


def list_order(values: list[int], counts: list[int]) -> list[int]:
    """Hot values at both ends, nearest first by nodes walked (the mistake)."""
    n = len(values)
    by_walk = sorted(range(n), key=lambda i: (min(i + 1, n - i), i))
    hottest_first = sorted(range(n), key=counts.__getitem__, reverse=True)
    order = [0] * n
    for position, v in zip(by_walk, hottest_first):
        order[position] = values[v]
    return order
