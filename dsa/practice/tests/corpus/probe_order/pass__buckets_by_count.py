"""Groups the keys by count in a dict and walks the counts from the largest: must pass.

No sort of the keys themselves: one pass puts each key in the bucket of its
count, then the distinct counts are sorted (there are at most n of them)
and each bucket is emptied in turn.  Keys with equal counts come out in any
order, which costs nothing.
"""

from __future__ import annotations


def insertion_order(keys: list[int], counts: list[int], capacity: int) -> list[int]:
    buckets: dict[int, list[int]] = {}
    for key, count in zip(keys, counts):
        buckets.setdefault(count, []).append(key)
    order: list[int] = []
    for count in sorted(buckets, reverse=True):
        order.extend(buckets[count])
    return order
