"""WRONG: counts the slots each operation reads, not the lines they lie in.

The replay is right, but the cost of an operation is taken to be the number
of array slots it reads or writes.  The cache does not fetch slots, it
fetches 64-byte lines of eight: on ``[0, 1, 2, 3]`` the fourth push reads
two slots at every arity, but at arity 2 its parent (slot 1) shares a line
with it, while at arity 8 the parent is slot 0, alone in line 0.  Counted
in slots every arity ties and this returns 2 by luck; slightly longer
workloads make it pick an arity that touches more lines.
"""

from __future__ import annotations


def _push(heap: list[int], x: int, d: int) -> set:
    i = len(heap)
    heap.append(x)
    touched = {i}
    while i > 0:
        parent = (i - 1) // d
        touched.add(parent)
        if not x < heap[parent]:
            break
        heap[i] = heap[parent]
        i = parent
    heap[i] = x
    return touched


def _pop(heap: list[int], d: int) -> set:
    n = len(heap)
    touched = {0, n - 1}  # the mistake: slots, where lines are fetched
    last = heap.pop()
    size = n - 1
    hole, first = 0, 1
    while first < size:
        end = min(first + d, size)
        touched.update(range(first, end))
        best = min(range(first, end), key=heap.__getitem__)
        heap[hole] = heap[best]
        hole, first = best, d * best + 1
    if size:
        while hole > 0 and not heap[(hole - 1) // d] < last:
            heap[hole] = heap[(hole - 1) // d]
            hole = (hole - 1) // d
        heap[hole] = last
    return touched


def _replay(ops: list, d: int) -> int:
    heap: list[int] = []
    return sum(len(_pop(heap, d) if x is None else _push(heap, x, d)) + 1 for x in ops)


def best_arity(ops: list) -> int:
    """The arity whose heap reads the fewest slots (not lines) over ops."""
    return min(range(2, 17), key=lambda d: _replay(ops, d))
