"""Merges the costs seen from the head and from the tail, like two sorted runs: must pass.

Walking inwards from the head, the cost of each position only grows; so it
does walking inwards from the tail.  Two pointers hand out positions
cheapest first without sorting them: take the cheaper of the two next
positions, the head's on a tie, until they meet.
"""

from __future__ import annotations


def _lines(first: int, last: int) -> int:
    return (24 * last + 23) // 64 - (24 * first) // 64 + 1


def list_order(values: list[int], counts: list[int]) -> list[int]:
    n = len(values)
    hottest = sorted(range(n), key=lambda k: -counts[k])
    order = [0] * n
    head, tail = 0, n - 1
    for k in hottest:
        from_head = _lines(0, head) if head <= n - 1 - head else None
        from_tail = _lines(tail, n - 1) if tail > n - 1 - tail else None
        if from_tail is None or (from_head is not None and from_head <= from_tail):
            order[head] = values[k]
            head += 1
        else:
            order[tail] = values[k]
            tail -= 1
    return order
