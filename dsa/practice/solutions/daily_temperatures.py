"""Days until a warmer day: a stack of the days still waiting.

The idea
--------
Searching forward from every day repeats work: a cold spell is searched
through again from each of its days.  Turn the question around and let each
new day answer the earlier days it is warmer than.

Keep a stack of the days that are still waiting for a warmer one.  When day
``i`` arrives, every waiting day cooler than it has found its answer: pop
them off and record ``i - j`` for each.  Then push ``i``, which now waits
too.  Days still on the stack at the end never see a warmer day: 0.

Why it is correct
-----------------
The stack's temperatures never rise from bottom to top: a day is pushed
only after every cooler day above it has been popped.  So the cooler
waiting days are exactly the ones at the top, and the loop pops all of
them and no other.  A day ``j`` is popped by the first later day warmer
than it: every day between them was no warmer than ``j`` (otherwise it
would have popped ``j`` first), so ``i - j`` is the wait.  Days of equal
temperature do not pop each other: ``<`` is strict, as "warmer" is.

Cost
----
Each day is pushed once and popped at most once, and every comparison
either pops a day or ends the loop for ``i``: at most 2n comparisons, O(n)
time, and O(n) extra memory for the stack.  A list is all the stack needs
(``append`` and ``pop`` at its end); this is the stack side of the
monotonic pair whose deque side is the shortest subarray with sum at least
k, where starts also leave from the front.

The classic pitfalls
--------------------
Popping on ``<=``: equal days would count as warmer.  Keeping temperatures
on the stack instead of days: the wait needs the day's position.  And the
forward search from each day, which is O(n**2) when the temperatures keep
falling.
"""

from __future__ import annotations


def daily_temperatures(temps: list[int]) -> list[int]:
    """For each day, the wait until a warmer day (0 if there is none)."""
    waits = [0] * len(temps)
    waiting: list[int] = []  # days without a warmer day yet; the coolest on top
    for day, temp in enumerate(temps):
        while waiting and temps[waiting[-1]] < temp:
            earlier = waiting.pop()
            waits[earlier] = day - earlier
        waiting.append(day)
    return waits
