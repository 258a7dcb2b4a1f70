"""Meeting rooms: sort by start, keep the busy rooms' end times in a min-heap.

The idea
--------
Hand out rooms to the meetings in order of their start times.  When a
meeting starts, the only room worth looking at is the one whose meeting
ends earliest: if that room is not free yet, no room is.  A min-heap of the
rooms' end times gives that earliest end at ``ends[0]``:

* ``ends[0] <= start``: that room is free (its meeting ended at or before
  this start), so this meeting takes it: replace its end time;
* otherwise every room is busy: open a new room, push this end time.

Each room keeps one entry, so the heap's size is the number of rooms used.

Why it is correct
-----------------
A new room is opened only when every room is busy at this ``start``: every
end time in the heap is later than ``start``, and every one of those meetings
started no later than ``start`` (they were taken in order of start).  So at
that instant all those meetings and this one are in progress together, and
no schedule can use fewer rooms.  Reusing the earliest-ending room is always
safe because any free room is as good as any other for what comes later.

Cost
----
Sorting is O(n log n); each meeting then costs one heap operation of
O(log n).  Total O(n log n) time, O(n) extra space.  Keeping the rooms in
a plain list and looking through it for a free one costs O(rooms) per
meeting, O(n**2) when many meetings overlap; counting, for every meeting,
how many others are in progress at its start costs O(n**2) always.  And a
timeline with one counter per moment of the day grows with the range of
the times, not with n: a day of 10**9 moments is a billion counters.

The classic pitfall
-------------------
Intervals are half-open: ``[start, end)``.  A meeting ending at 5 and one
starting at 5 can share a room, so the test is ``ends[0] <= start``.  Writing
``<`` treats touching meetings as overlapping and opens rooms for nothing.
"""

from __future__ import annotations

import heapq


def min_meeting_rooms(meetings: list[tuple[int, int]]) -> int:
    """Return the smallest number of rooms that can host all the meetings."""
    ends: list[int] = []  # one entry per room: when its latest meeting ends
    for start, end in sorted(meetings, key=lambda meeting: meeting[0]):
        if ends and ends[0] <= start:
            # The room that frees up first is free already: reuse it.
            heapq.heapreplace(ends, end)
        else:
            heapq.heappush(ends, end)  # every room is busy: open another
    return len(ends)
