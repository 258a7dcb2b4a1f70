"""Plays each turn in a recursive call: right on short games, but a game of a thousand turns goes deeper than Python allows and raises RecursionError, a wrong answer on a long input (correctness)."""

from __future__ import annotations

import heapq


def _play(heap: list[int]) -> int:
    if not heap:
        return 0
    if len(heap) == 1:
        return -heap[0]
    x = -heapq.heappop(heap)
    y = -heapq.heappop(heap)
    if x != y:
        heapq.heappush(heap, y - x)
    return _play(heap)  # one call deeper for every turn


def last_stone_weight(stones: list[int]) -> int:
    heap = [-weight for weight in stones]
    heapq.heapify(heap)
    return _play(heap)
