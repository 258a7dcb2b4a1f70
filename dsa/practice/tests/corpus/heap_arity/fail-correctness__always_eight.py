"""Always answers 8, since eight children fill one line: fails, pushes and small heaps favour others.

A rule of thumb from the lesson, not a measurement.  On ``[0, 1, 2, 3]`` the
fourth push reads slot 3 and its parent: at arity 8 that parent is slot 0,
alone in line 0, while at arity 2 it is slot 1, in slot 3's own line.
"""

from __future__ import annotations


def best_arity(ops: list) -> int:
    return 8
