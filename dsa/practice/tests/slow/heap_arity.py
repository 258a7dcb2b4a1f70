"""SLOW: checks the whole heap after every operation.

The replay and the counts are right, but after each push or pop this makes
sure that every item is no smaller than its parent, the kind of check one
adds while debugging and forgets to take out.  That check reads all n items
of the heap, so each operation costs O(n) instead of O(log n), and the
workload O(m * n): quadratic, since the heap grows with the workload.
"""

from __future__ import annotations


def _line(slot: int) -> int:
    return (slot + 7) // 8


def _is_heap(heap: list[int], d: int) -> bool:
    return all(heap[(i - 1) // d] < heap[i] for i in range(1, len(heap)))


def _push(heap: list[int], x: int, d: int) -> int:
    i = len(heap)
    heap.append(x)
    touched = {_line(i)}
    while i > 0:
        parent = (i - 1) // d
        touched.add(_line(parent))
        if not x < heap[parent]:
            break
        heap[i] = heap[parent]
        i = parent
    heap[i] = x
    return len(touched) + 1


def _pop(heap: list[int], d: int) -> int:
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
    return len(touched) + 1


def _cost(ops: list, d: int) -> int:
    heap: list[int] = []
    total = 0
    for op in ops:
        total += _pop(heap, d) if op is None else _push(heap, op, d)
        if not _is_heap(heap, d):  # the slow part: O(n) after every operation
            raise AssertionError("the heap rule is broken")
    return total


def best_arity(ops: list) -> int:
    """The arity whose heap touches the fewest lines over ops."""
    return min(range(2, 17), key=lambda d: _cost(ops, d))
