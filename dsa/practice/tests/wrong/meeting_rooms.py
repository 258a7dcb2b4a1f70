"""WRONG: treats touching meetings as overlapping (closed intervals).

The test ``ends[0] < start`` refuses a room whose meeting ends exactly when
the new one starts, although meetings are half-open intervals
``[start, end)``.  ``[(0, 1), (1, 2)]`` needs one room; this answers 2.
"""

from __future__ import annotations

import heapq


def min_meeting_rooms(meetings: list[tuple[int, int]]) -> int:
    """Return the number of rooms (but touching meetings never share one)."""
    ends: list[int] = []
    for start, end in sorted(meetings, key=lambda meeting: meeting[0]):
        if ends and ends[0] < start:  # the mistake: should be <=
            heapq.heapreplace(ends, end)
        else:
            heapq.heappush(ends, end)
    return len(ends)
