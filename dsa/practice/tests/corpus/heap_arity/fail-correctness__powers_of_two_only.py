"""Counts exactly right but tries only the arities 2, 4, 8 and 16: fails, others can win.

The aligned arities are the ones the lesson times, but nothing makes the
best arity a power of two: on ``[4, 3, 5, 0, 1, 2]`` arity 3 touches 16
lines and every other arity 17.
"""

from __future__ import annotations


def _path_down(heap: list[int], d: int, size: int) -> list[int]:
    """The slots the gap of a pop passes, root first, down to a leaf."""
    path = [0]
    while d * path[-1] + 1 < size:
        first = d * path[-1] + 1
        path.append(min(range(first, min(first + d, size)), key=heap.__getitem__))
    return path


def _cost(ops: list, d: int) -> int:
    heap: list[int] = []
    total = 0
    for x in ops:
        if x is not None:
            heap.append(x)
            slot, seen = len(heap) - 1, set()
            seen.add((slot + 7) // 8)
            while slot and heap[(slot - 1) // d] > heap[slot]:
                parent = (slot - 1) // d
                heap[parent], heap[slot] = heap[slot], heap[parent]
                slot = parent
                seen.add((slot + 7) // 8)
            if slot:
                seen.add(((slot - 1) // d + 7) // 8)
            total += len(seen) + 1
            continue
        size = len(heap) - 1
        path = _path_down(heap, d, size)
        seen = {0, (size + 7) // 8}
        for slot in path[:-1]:
            first = d * slot + 1
            seen.update(range((first + 7) // 8, (min(first + d, size) + 6) // 8 + 1))
        total += len(seen) + 1
        last = heap.pop()
        if heap:  # the textbook sift leaves the same array as the C pop
            i = 0
            while d * i + 1 < len(heap):
                first = d * i + 1
                child = min(range(first, min(first + d, len(heap))), key=heap.__getitem__)
                if heap[child] >= last:
                    break
                heap[i], i = heap[child], child
            heap[i] = last
    return total


def best_arity(ops: list) -> int:
    return min((2, 4, 8, 16), key=lambda d: _cost(ops, d))
