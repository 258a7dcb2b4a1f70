"""Heap arity: replay the workload once per arity, counting lines as C does.

The idea
--------
No formula tells the best arity from the workload's length: it depends on
how far each push climbs, how deep the heap is when each pop comes, and
where the families of children fall among the 64-byte lines.  So measure.
For each arity ``d`` from 2 to 16, replay the operations on a Python list
that holds the heap exactly as the C array holds it, and for every
operation collect the *line numbers* it touches in a set:

* slot ``s`` lies in line ``(s + 7) // 8`` (the array starts 56 bytes into
  a line, so that slot 1 starts one and the children of every slot are
  aligned for d = 2, 4, 8 and 16);
* a push adds the line of slot ``n`` and of every parent it reads on the
  way up, the one that stops it included;
* a pop adds the lines of slot 0 and slot ``n - 1``, then follows the
  smallest child from the root down to a leaf of the remaining ``n - 1``
  slots, adding the lines of *every* child of each slot on that path (a
  family of 12 children can cover three lines: add the whole range);
* the operation costs the size of its set, plus one for the header line.

The arity with the smallest total wins; ``min`` keeps the smallest such
arity, but any tied one is as good.

Why it is correct
-----------------
The pushed values are distinct, so no sift ever meets a tie, and the
list below makes the same moves as the C code: the same climb for a push,
the same bottom-up pop (the gap to a leaf, then the last item back up).
So after every operation it holds what the C array holds, and the lines
are collected from the slots the C code reads, by the rules its tracing
follows: each total is the traced build's total.  (A textbook pop, which
stops as soon as the last item fits, leaves the same array too; only its
count of lines would differ.)
:func:`workload_lines` is also the model the grader counts with on a
machine without the C twins, and the tests check it against them.

Cost
----
A push reads one slot per level, a pop ``d`` per level: O(d log_d m) per
operation on a heap of at most m items, so O(m log m) for each of the 15
arities, O(m) memory for the list.

The classic pitfalls
--------------------
Counting slots instead of lines: the cache fetches lines of eight slots,
and on ``[0, 1, 2, 3]`` every arity reads the same number of slots while
arity 2 touches a line fewer than arity 8 (slot 3's parent, slot 1, shares
its line; at arity 8 the parent is slot 0, alone in line 0).  Forgetting
the 56-byte offset (slot ``s`` in line ``s // 8``) puts the families of
children across lines that C keeps apart.  Trying only 2, 4, 8 and 16: on
``[4, 3, 5, 0, 1, 2]`` arity 3 touches 16 lines and every other arity 17.
Answering from a rule of thumb ("8 children fill a line"): pushes that
climb to the root favour wider heaps, and small heaps sit in a few lines
whatever ``d``.  Counting a pop the textbook way, stopping as soon as the
last item fits, miscounts the pops whose last item would stop high (rare:
the last item of a heap is usually large and sinks to the bottom anyway).
"""

from __future__ import annotations

#: The arities the C twin offers.
ARITIES = range(2, 17)


def line(slot: int) -> int:
    """The 64-byte line holding array slot ``slot`` (slot 0 is at byte 56)."""
    return (slot + 7) // 8


def push_lines(heap: list[int], x: int, d: int) -> int:
    """Push ``x`` onto the d-ary min-heap ``heap``; the lines it touched."""
    i = len(heap)
    heap.append(x)
    touched = {line(i)}
    while i > 0:
        parent = (i - 1) // d
        touched.add(line(parent))
        if not x < heap[parent]:
            break
        heap[i] = heap[parent]  # the parent moves down into the hole
        i = parent
    heap[i] = x
    return len(touched) + 1  # + the header line


def pop_lines(heap: list[int], d: int) -> int:
    """Pop the smallest item of ``heap``; the lines the C pop touches."""
    n = len(heap)
    touched = {line(0), line(n - 1)}
    last = heap.pop()
    size = n - 1
    if size == 0:
        return len(touched) + 1
    # The gap at the root walks down to a leaf, reading every child of
    # each slot on the way and moving into the smallest.
    hole = 0
    first = 1
    while first < size:
        end = min(first + d, size)
        touched.update(range(line(first), line(end - 1) + 1))
        best = min(range(first, end), key=heap.__getitem__)
        heap[hole] = heap[best]
        hole = best
        first = d * hole + 1
    # The last item climbs back from the leaf, through slots already read.
    while hole > 0:
        parent = (hole - 1) // d
        if heap[parent] < last:
            break
        heap[hole] = heap[parent]
        hole = parent
    heap[hole] = last
    return len(touched) + 1


def workload_lines(ops: list, d: int) -> int:
    """The lines the C heap of arity ``d`` touches over ``ops`` in all."""
    heap: list[int] = []
    total = 0
    for op in ops:
        total += pop_lines(heap, d) if op is None else push_lines(heap, op, d)
    return total


def best_arity(ops: list) -> int:
    """An arity from 2 to 16 whose heap touches the fewest lines over ops."""
    return min(ARITIES, key=lambda d: workload_lines(ops, d))
