"""SLOW: looks through every room for a free one, O(n * rooms).

The meetings are taken by start time, as in the reference, but the rooms'
end times sit in a plain list, and each meeting scans it from the first
room until one is free.  When few meetings overlap that is quick; when a
good share of them are in progress at once, every meeting scans a list as
long as n/10 or n, O(n**2) in all, where the heap finds the earliest end
in O(log n).
"""

from __future__ import annotations


def min_meeting_rooms(meetings: list[tuple[int, int]]) -> int:
    """Return the smallest number of rooms that can host all the meetings."""
    rooms: list[int] = []  # when each room's latest meeting ends
    for start, end in sorted(meetings, key=lambda meeting: meeting[0]):
        for i, free_at in enumerate(rooms):
            if free_at <= start:
                rooms[i] = end  # the first free room takes the meeting
                break
        else:
            rooms.append(end)  # every room is busy: open another
    return len(rooms)
