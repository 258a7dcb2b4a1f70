"""Looks through every room for a free one, comparing int() copies of the times: O(n * rooms), hidden from the comparison count, so time alone must fail it.

The comparisons are made between plain ints, so the count stays below what
any correct solution needs and is set aside; with n/10 or n rooms busy the
clock sees n**2.
"""


def min_meeting_rooms(meetings):
    plain = sorted((int(start), int(end)) for start, end in meetings)
    rooms = []
    for start, end in plain:
        for i, free_at in enumerate(rooms):
            if free_at <= start:
                rooms[i] = end
                break
        else:
            rooms.append(end)
    return len(rooms)
