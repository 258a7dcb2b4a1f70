"""Task scheduler: run the label with the most copies left, cross idle time at once.

The idea
--------
Simulate the processor, choosing greedily.  At each busy unit, among the
labels allowed to run, run one copy of the label with the **most copies
left**.  Two structures make each choice cheap:

* a max-heap of the remaining counts of the labels that may run now
  (``heapq`` with negated counts);
* a queue of the labels cooling down, as ``(ready_time, count)`` in the
  order they ran.  Every label waits the same ``cooldown + 1`` units, so the
  queue is also in order of ready time: its front is always the next label
  to come back, and a plain ``deque`` is enough.

After each unit, the labels whose ready time has come move from the queue
back to the heap.  When the heap is empty but labels are still cooling, the
processor must idle until the front of the queue is ready: the clock jumps
straight there, however long the wait, instead of ticking through it.

Why it is correct
-----------------
Running the label with the most copies left is never worse than running
another one.  Only the counts matter, not the names, and the label with the
most copies is the one that can least afford to wait: any schedule that runs
a smaller count first can be rearranged, by swapping the two labels' later
runs, into one that runs the larger count first and ends no later.  Idling
while a label may run never helps either.  So the greedy schedule is as
short as any.

There is also a closed form.  If the most frequent label has ``f`` copies
and ``c`` labels have that many, the frame of ``f - 1`` blocks of
``cooldown + 1`` units, plus ``c`` final runs, is needed and is always
enough unless the tasks fill it completely:
``max(len(tasks), (f - 1) * (cooldown + 1) + c)``, in O(N).

Cost
----
Counting is O(N).  Every busy unit costs one pop and maybe one push on a heap
of at most m labels, O(log m); every label passes through the queue once per
run; an idle stretch costs O(1).  O(N log m) time, O(m) extra space.
Stepping through idle units one by one costs as many steps as the answer,
which can be about N * cooldown; choosing each unit's label by scanning all
the labels costs O(m) a unit, O(N * m) in all.

The classic pitfalls
--------------------
In the closed form, forgetting ``max(len(tasks), ...)``: with many labels
and a short cooldown the frame is too small and no idle time is needed at
all.  In the simulation, running the labels in a fixed order rather than
by copies left (``["x", "y", "y", "y"]`` with cooldown 1 takes 5 units when
y goes first, 6 when x does), and counting idle time by ticking the clock.
"""

from __future__ import annotations

import heapq
from collections import Counter, deque


def least_interval(tasks: list[str], cooldown: int) -> int:
    """Return the least number of units of time to run every task."""
    ready = [-count for count in Counter(tasks).values()]  # may run now, most copies on top
    heapq.heapify(ready)
    cooling: deque[tuple[int, int]] = deque()  # (time it may run again, -copies left)
    time = 0
    while ready or cooling:
        if ready:
            left = heapq.heappop(ready) + 1  # one copy runs in this unit
            if left:
                cooling.append((time + cooldown + 1, left))
            time += 1
        else:
            time = cooling[0][0]  # idle until the next label is ready: one step
        while cooling and cooling[0][0] <= time:
            heapq.heappush(ready, cooling.popleft()[1])
    return time
