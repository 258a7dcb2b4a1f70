"""SLOW: finds the cheapest free position again for every value.

The costs per position are right and so is the pairing, but for each value,
most read first, this scans the costs of all the positions still free for
the cheapest, then removes it from the middle of two lists: O(n) per value,
O(n**2) in all, where sorting the positions once by cost takes O(n log n).
"""

from __future__ import annotations


def _cost(i: int, n: int) -> int:
    first, last = (0, i) if i <= n - 1 - i else (i, n - 1)
    return (24 * last + 23) // 64 - (24 * first) // 64 + 2


def list_order(values: list[int], counts: list[int]) -> list[int]:
    """The values in list order: each, hottest first, at the cheapest free position."""
    n = len(values)
    free = list(range(n))
    free_costs = [_cost(i, n) for i in free]
    order = [0] * n
    for v in sorted(range(n), key=counts.__getitem__, reverse=True):
        j = free_costs.index(min(free_costs))  # a scan of every free position
        free_costs.pop(j)
        order[free.pop(j)] = values[v]
    return order
