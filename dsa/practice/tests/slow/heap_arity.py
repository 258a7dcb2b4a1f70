"""SLOW: builds a fresh copy of the heap, item by item, before every operation.

To keep the state before and after each operation apart, this copies the
heap by pushing its items into a new list in array order (a heap's items
pushed in that order rebuild the very same array, each stopping where it
is put), then applies the operation to the copy.  Every count is right,
but each copy costs O(n) pushes for a heap of n items: O(m * n) for the
workload, quadratic since the heap grows with it, where updating one heap
per arity costs O(m log m).
"""

from __future__ import annotations


def _line(slot: int) -> int:
    return (slot + 7) // 8


def _push(heap: list[int], x: int, d: int) -> set:
    """Push x; the lines of the slots read or written."""
    heap.append(x)
    i = len(heap) - 1
    touched = {_line(i)}
    while i > 0:
        parent = (i - 1) // d
        touched.add(_line(parent))
        if x < heap[parent]:
            heap[i], i = heap[parent], parent
        else:
            break
    heap[i] = x
    return touched


def _pop(heap: list[int], d: int) -> set:
    """Remove the smallest item the C way; the lines it touched."""
    n = len(heap)
    touched = {_line(0), _line(n - 1)}
    last = heap.pop()
    if heap:
        hole, first = 0, 1
        while first < n - 1:
            end = min(first + d, n - 1)
            touched.update(range(_line(first), _line(end - 1) + 1))
            best = min(range(first, end), key=heap.__getitem__)
            heap[hole] = heap[best]
            hole, first = best, d * best + 1
        while hole > 0 and not heap[(hole - 1) // d] < last:
            heap[hole] = heap[(hole - 1) // d]
            hole = (hole - 1) // d
        heap[hole] = last
    return touched


def _copy(heap: list[int], d: int) -> list[int]:
    fresh: list[int] = []
    for item in heap:  # the slow part: n pushes for every operation
        _push(fresh, item, d)
    return fresh


def _cost(ops: list, d: int) -> int:
    heap: list[int] = []
    total = 0
    for op in ops:
        heap = _copy(heap, d)
        touched = _pop(heap, d) if op is None else _push(heap, op, d)
        total += len(touched) + 1
    return total


def best_arity(ops: list) -> int:
    """The arity whose heap touches the fewest lines over ops."""
    return min(range(2, 17), key=lambda d: _cost(ops, d))
