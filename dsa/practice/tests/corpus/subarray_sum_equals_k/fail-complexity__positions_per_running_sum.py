"""Keeps, for each running sum, the list of positions where it occurred and walks that list to count: quick when matches are rare, but on all zeros with k = 0 it walks every one of the n**2 / 2 matches, and that family fails it."""

from __future__ import annotations


def subarray_sum(nums: list[int], k: int) -> int:
    where: dict[int, list[int]] = {0: [0]}
    total = found = 0
    for j, x in enumerate(nums, 1):
        total += x
        for _ in where.get(total - k, ()):  # one step per matching subarray
            found += 1
        where.setdefault(total, []).append(j)
    return found
