"""SLOW: ticks the clock one unit at a time and looks at every label each unit.

Right, but every unit (busy or idle) scans all m labels for the one with
the most copies left among those allowed to run: O(T * m), where T, the
answer, can be about N * cooldown.  With many labels, or with a long
cooldown, that is O(N**2).
"""

from __future__ import annotations

from collections import Counter


def least_interval(tasks: list[str], cooldown: int) -> int:
    """Return the least number of units, one unit of time per step."""
    left = dict(Counter(tasks))
    next_allowed = {label: 0 for label in left}
    remaining = len(tasks)
    time = 0
    while remaining:
        best = None
        for label, count in left.items():  # every label, every unit
            if count and next_allowed[label] <= time and (best is None or count > left[best]):
                best = label
        if best is not None:
            left[best] -= 1
            remaining -= 1
            next_allowed[best] = time + cooldown + 1
        time += 1
    return time
