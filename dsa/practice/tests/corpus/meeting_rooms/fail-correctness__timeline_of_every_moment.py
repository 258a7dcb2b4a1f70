"""Marks every meeting on a timeline with one counter per moment of the day: memory grows with the range of the times, so a meeting ending at 10**9 runs it out of memory.

With the short days of small examples this is a neat difference array; the
constraints allow times up to a billion.
"""


def min_meeting_rooms(meetings):
    if not meetings:
        return 0
    changes = [0] * (max(end for _, end in meetings) + 1)
    for start, end in meetings:
        changes[start] += 1
        changes[end] -= 1
    in_use = most = 0
    for change in changes:
        in_use += change
        most = max(most, in_use)
    return most
