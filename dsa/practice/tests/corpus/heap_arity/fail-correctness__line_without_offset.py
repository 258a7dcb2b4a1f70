"""Puts slot s in line s // 8, forgetting that the array starts 56 bytes into a line: fails.

With the offset, slot 0 is alone in line 0 and slots 1 to 8 share line 1,
so the children of every slot line up with the lines for d = 2, 4, 8, 16.
Without it the families seem to straddle lines they do not, and a few
pushes and pops are enough to make this pick an arity that touches more.
"""

from __future__ import annotations


def _cost(ops: list, d: int) -> int:
    heap: list[int] = []
    total = 0
    for x in ops:
        if x is None:
            n = len(heap)
            lines = {0, (n - 1) // 8}
            last = heap.pop()
            hole, first = 0, 1
            while first < n - 1:
                end = min(first + d, n - 1)
                lines.update(range(first // 8, (end - 1) // 8 + 1))
                best = min(range(first, end), key=heap.__getitem__)
                heap[hole], hole = heap[best], best
                first = d * hole + 1
            if heap:
                while hole and not heap[(hole - 1) // d] < last:
                    heap[hole], hole = heap[(hole - 1) // d], (hole - 1) // d
                heap[hole] = last
        else:
            i = len(heap)
            heap.append(x)
            lines = {i // 8}
            while i:
                p = (i - 1) // d
                lines.add(p // 8)
                if not x < heap[p]:
                    break
                heap[i], i = heap[p], p
            heap[i] = x
        total += len(lines) + 1
    return total


def best_arity(ops: list) -> int:
    return min(range(2, 17), key=lambda d: _cost(ops, d))
