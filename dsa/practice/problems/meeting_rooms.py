"""The fewest rooms that can host a list of meetings."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Tuple

from hypothesis import strategies as st

from dsa.practice.counting import Counted
from dsa.practice.problem import Complexity, Problem

#: A case: the meetings, each a (start, end) pair with start < end.
Case = List[Tuple[Any, Any]]

STATEMENT = """\
Write `min_meeting_rooms(meetings: list[tuple[int, int]]) -> int` that
returns the smallest number of rooms in which all the meetings can take
place, no room ever hosting two meetings at once.

A meeting `(start, end)` occupies its room during the half-open interval
`[start, end)`: from `start` up to, but not including, `end`.  So a meeting
ending at time t frees its room for a meeting starting at t, and
`[(0, 5), (5, 9)]` needs a single room.

Every meeting has `start < end`.  Meetings come in any order and may repeat.
An empty list needs 0 rooms.

Aim for O(n log n): go through the meetings by start time and keep the end
times of the meetings in progress in a min-heap.
"""

STUB = '''\
"""Meeting rooms.

Return the fewest rooms that can host all the meetings, each meeting
(start, end) using its room during [start, end): a meeting ending at t frees
its room for one starting at t.  start < end for every meeting; no meetings
need 0 rooms.  Aim for O(n log n).

    min_meeting_rooms([(0, 30), (5, 10), (15, 20)])  ->  2
    min_meeting_rooms([(0, 5), (5, 9)])              ->  1
    min_meeting_rooms([])                            ->  0
"""

from __future__ import annotations

import heapq


def min_meeting_rooms(meetings: list[tuple[int, int]]) -> int:
    """Return the smallest number of rooms that can host all the meetings."""
    raise NotImplementedError("write your solution here")
'''


def _cases() -> Any:
    """Up to 20 short meetings packed into a short day: touching and overlap are common."""
    meeting = st.tuples(st.integers(0, 20), st.integers(1, 6)).map(
        lambda pair: (pair[0], pair[0] + pair[1])
    )
    return st.lists(meeting, max_size=20)


def _run(solution: Callable[..., Any], case: Case) -> int:
    """Call the solution on a fresh list of the meetings; return the room count."""
    result = solution(list(case))
    if isinstance(result, bool) or not isinstance(result, int):
        raise TypeError(
            f"min_meeting_rooms must return a number of rooms (an int), "
            f"not {type(result).__name__}"
        )
    return result


def _make_case(n: int, rng: random.Random) -> Case:
    """n meetings in random order, about n/10 of them in progress at once.

    The number of rooms grows with n, so a solution that scans every room
    for a free one (O(n * rooms)) grows like n**2, while the heap of end
    times stays at O(n log n).
    """
    meetings = []
    for _ in range(n):
        start = rng.randrange(10 * n)
        meetings.append((start, start + rng.randint(1, 2 * n)))
    return meetings


def _counted(case: Case) -> Case:
    """The meetings with Counted times, for the comparison count."""
    return [(Counted(start), Counted(end)) for start, end in case]


PROBLEM = Problem(
    name="meeting-rooms",
    title="Meeting rooms",
    structure="heap",
    difficulty="medium",
    entry="min_meeting_rooms",
    kind="function",
    statement=STATEMENT,
    examples=(
        "`min_meeting_rooms([(0, 30), (5, 10), (15, 20)])` returns `2`",
        "`min_meeting_rooms([(0, 5), (5, 9)])` returns `1`: the second meeting starts as the first ends",
        "`min_meeting_rooms([])` returns `0`",
    ),
    constraints=(
        "0 <= len(meetings) <= 10**5",
        "0 <= start < end <= 10**9",
        "The speed check counts the comparisons your code makes between the "
        "times (it passes int-like times that count every `<`, `==`, ...).",
    ),
    hints=(
        "Take the meetings in order of their start times.  When a meeting "
        "starts, which busy room is the best candidate to reuse?",
        "The room whose meeting ends earliest.  If even that one is still "
        "busy at this start time, every room is busy.",
        "Keep the end times of the rooms in a min-heap.  For each meeting, "
        "sorted by start: if `heap[0] <= start`, that room is free, so replace "
        "its end time; otherwise push the end time (a new room).",
        "The answer is the size of the heap at the end.  Mind `<=` versus "
        "`<`: a meeting ending at t and one starting at t can share a room.",
    ),
    stub=STUB,
    reference="dsa.practice.solutions.meeting_rooms",
    cases=_cases(),
    run=_run,
    complexity=Complexity(
        expected="O(n log n)",
        max_exponent=1.4,
        sizes=(64, 128, 256, 512, 1024),
        make_case=_make_case,
        counted=_counted,
        min_ops=lambda n: n - 1,
    ),
    order=5,
    explicit_cases=(
        [],
        [(0, 5), (5, 9)],
        [(0, 30), (5, 10), (15, 20)],
        [(1, 2), (1, 2), (1, 2)],
    ),
)
