"""Sorts the start times and the end times apart and sweeps them with two pointers: O(n log n), no heap at all, so it passes.

At each start, every meeting whose end is at or before it has freed its
room; the rooms in use at that moment are the starts seen minus the ends
passed, and the answer is the largest such count.
"""


def min_meeting_rooms(meetings):
    starts = sorted(start for start, _ in meetings)
    ends = sorted(end for _, end in meetings)
    in_use = most = passed = 0
    for start in starts:
        while ends[passed] <= start:
            passed += 1
            in_use -= 1
        in_use += 1
        most = max(most, in_use)
    return most
