"""SLOW: sorts the stones again at every turn.

Right, but each turn sorts the whole list to find the two heaviest.  Python's
sort sees that the list is sorted but for one stone and takes O(n) for it,
so the game costs O(n**2) instead of the O(n log n) of a heap.
"""

from __future__ import annotations


def last_stone_weight(stones: list[int]) -> int:
    """Return the weight of the stone left at the end, or 0."""
    stones = list(stones)
    while len(stones) > 1:
        stones.sort()  # again and again: O(n) per turn at best
        x = stones.pop()
        y = stones.pop()
        if x != y:
            stones.append(x - y)
    return stones[0] if stones else 0
