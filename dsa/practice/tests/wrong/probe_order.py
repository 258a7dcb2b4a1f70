"""WRONG: fills the table slot by slot: by home first, then by count.

Sorting by ``(home, -count)`` looks tidy, but it inserts every key of home
3 before any key of home 4.  In ``insertion_order([3, 4, 19], [1, 1, 9],
16)`` the keys 3 and 19 share home 3 and 4 has home 4: this inserts 19, 3,
then 4, so 3 takes slot 4 and pushes 4 to slot 5, across a line boundary.
Inserting by count alone lets 4 claim its own home first.
"""

from __future__ import annotations


def insertion_order(keys: list[int], counts: list[int], capacity: int) -> list[int]:
    """The keys by home slot, hottest first within a home (the mistake)."""
    pairs = sorted(zip(keys, counts), key=lambda p: (p[0] % capacity, -p[1]))
    return [key for key, _ in pairs]
