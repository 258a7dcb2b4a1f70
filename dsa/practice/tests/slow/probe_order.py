"""SLOW: picks the most looked-up remaining key, again and again.

The order is right (largest count first), but each pick scans all the keys
still left for the largest count and then removes it from the middle of a
list: O(n) per key, O(n**2) in all, where one sort takes O(n log n).
"""

from __future__ import annotations


def insertion_order(keys: list[int], counts: list[int], capacity: int) -> list[int]:
    """The keys, most looked-up first, picked one at a time."""
    left_keys, left_counts = list(keys), list(counts)
    order = []
    while left_keys:
        i = left_counts.index(max(left_counts))  # a scan of everything left
        order.append(left_keys.pop(i))
        left_counts.pop(i)
    return order
