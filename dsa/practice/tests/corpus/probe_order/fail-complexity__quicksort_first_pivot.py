"""Quicksorts the keys by count around the first key, ties to one side: fails, O(n**2) on few counts.

On counts that are mostly different the pivot splits the keys evenly and
the sort takes O(n log n), so friendly inputs hide the flaw.  But every key
whose count equals the pivot's goes to the same side: when only a handful
of different counts occur, each split peels off little more than the
pivot, and the sort takes about n**2 / 10 steps.
"""

from __future__ import annotations


def insertion_order(keys: list[int], counts: list[int], capacity: int) -> list[int]:
    done: list[int] = []
    stack = [list(zip(counts, keys))]
    while stack:  # the hotter part is always taken first
        part = stack.pop()
        if len(part) <= 1:
            done.extend(key for _, key in part)
            continue
        pivot = part[0]
        hotter = [item for item in part[1:] if item[0] > pivot[0]]
        colder = [item for item in part[1:] if item[0] <= pivot[0]]
        stack.extend((colder, [pivot], hotter))
    return done
