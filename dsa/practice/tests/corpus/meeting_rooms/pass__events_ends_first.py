"""Turns every meeting into two events, sorts them with ends before starts at equal times, and keeps a running count: O(n log n), so it passes.

Sorting (time, +1) for a start and (time, -1) for an end puts -1 first when
the times are equal, so a meeting ending at t frees its room before one
starting at t takes it: the half-open intervals of the statement.
"""


def min_meeting_rooms(meetings):
    events = []
    for start, end in meetings:
        events.append((start, 1))
        events.append((end, -1))
    events.sort()
    in_use = most = 0
    for _, change in events:
        in_use += change
        most = max(most, in_use)
    return most
