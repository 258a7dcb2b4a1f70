"""Reaches heapq.nsmallest through getattr and a built-up name, which the syntax check cannot see: the tripwire catches the call while the code runs."""

from __future__ import annotations

import heapq


def k_closest(points: list[tuple[int, int]], k: int) -> list[tuple[int, int]]:
    pick = getattr(heapq, "nsmal" + "lest")
    return pick(k, points, key=lambda p: p[0] * p[0] + p[1] * p[1])
