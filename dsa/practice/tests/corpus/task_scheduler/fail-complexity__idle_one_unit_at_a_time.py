"""The heap and the cooling queue of the reference, but idle time ticks by one unit a step: quick when the cooldown is short, O(N * cooldown) when it is long, so the long-cooldown family fails it."""

from __future__ import annotations

import heapq
from collections import Counter, deque


def least_interval(tasks: list[str], cooldown: int) -> int:
    ready = [-count for count in Counter(tasks).values()]
    heapq.heapify(ready)
    cooling: deque = deque()
    time = 0
    while ready or cooling:
        if ready:
            left = heapq.heappop(ready) + 1
            if left:
                cooling.append((time + cooldown + 1, left))
        time += 1  # busy or idle, one unit per step
        while cooling and cooling[0][0] <= time:
            heapq.heappush(ready, cooling.popleft()[1])
    return time
