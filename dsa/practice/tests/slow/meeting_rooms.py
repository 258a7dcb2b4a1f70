"""CORRECT but slow: for every meeting, count the meetings in progress at its start.

The most rooms are needed at some meeting's start time, so the answer is the
largest of those counts.  Each count scans all n meetings: O(n**2) instead
of O(n log n).
"""

from __future__ import annotations


def min_meeting_rooms(meetings: list[tuple[int, int]]) -> int:
    """Return the largest number of meetings in progress at any start time."""
    most = 0
    for start, _ in meetings:
        in_progress = sum(1 for s, e in meetings if s <= start < e)
        most = max(most, in_progress)
    return most
