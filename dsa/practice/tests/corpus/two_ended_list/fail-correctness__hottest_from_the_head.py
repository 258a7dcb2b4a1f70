"""Puts the values in order of count from the head, as for a list searched from the head: fails.

``a[i]`` walks from the nearer end, so the positions at the tail are as
cheap as those at the head; this leaves them to the least read values.
"""

from __future__ import annotations


def list_order(values: list[int], counts: list[int]) -> list[int]:
    return [value for _, value in sorted(zip(counts, values), reverse=True)]
