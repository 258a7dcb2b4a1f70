"""Inserts the rarely looked-up keys first, to get them out of the way: fails.

It is exactly backwards: the keys inserted first take their homes, and the
hot keys that come last are pushed along the run, across line boundaries,
and pay for it on every lookup.
"""

from __future__ import annotations


def insertion_order(keys: list[int], counts: list[int], capacity: int) -> list[int]:
    return [key for _, key in sorted(zip(counts, keys))]
