"""WRONG: the closed form without its ``max(len(tasks), ...)``.

``(f - 1) * (cooldown + 1) + c``, with ``f`` the largest number of copies of
a label and ``c`` the number of labels that have that many, counts the
frame the most frequent label needs.  When there are many labels and the
cooldown is short, the other tasks overflow that frame and no unit is idle:
``["A", "A", "B", "C", "D"]`` with cooldown 1 needs 5 units, the formula
says 3.
"""

from __future__ import annotations

from collections import Counter


def least_interval(tasks: list[str], cooldown: int) -> int:
    """Return the least number of units (but too few when nothing idles)."""
    counts = Counter(tasks).values()
    most = max(counts)
    tied = sum(1 for count in counts if count == most)
    return (most - 1) * (cooldown + 1) + tied  # the mistake: no max with len(tasks)
