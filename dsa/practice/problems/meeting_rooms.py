"""The fewest rooms that can host a list of meetings."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Tuple

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, declare
from dsa.practice.problems._counted import counted_items

from ._heap_inputs import LIMIT, flatten, regroup, show_groups, sizes

#: A meeting: (start, end) with start < end.
Meeting = Tuple[Any, Any]
#: A case: the meetings flattened, ``start, end, start, end, ...`` (see
#: :func:`._heap_inputs.flatten`).
Case = List[Any]

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
times of the meetings in progress in a min-heap.  The speed check times
your code on meetings of which about a tenth are in progress at once, and
on meetings that all overlap, over the whole range of times, and counts the
comparisons it makes between the times; it fails code whose cost grows like
n * (rooms in use), such as looking through every room for a free one.
"""

EXAMPLES = (
    "`min_meeting_rooms([(0, 30), (5, 10), (15, 20)])` returns `2`",
    "`min_meeting_rooms([(0, 5), (5, 9)])` returns `1`: the second meeting starts as the first ends",
    "`min_meeting_rooms([])` returns `0`",
)

CONSTRAINTS = (
    "0 <= len(meetings) <= 10**5",
    "0 <= start < end <= 10**9",
    "The speed check times your code and counts the comparisons it makes "
    "between the times (it passes int-like times that count every `<`, "
    "`==`, ...); both must grow no faster than about n log n.",
)

HINTS = (
    "Take the meetings in order of their start times.  When a meeting "
    "starts, which busy room is the best candidate to reuse?",
    "The room whose meeting ends earliest.  If even that one is still "
    "busy at this start time, every room is busy.",
    "Keep the end times of the rooms in a min-heap.  For each meeting, "
    "sorted by start: if `heap[0] <= start`, that room is free, so replace "
    "its end time; otherwise push the end time (a new room).",
    "The answer is the size of the heap at the end.  Mind `<=` versus "
    "`<`: a meeting ending at t and one starting at t can share a room.",
)

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
    """Up to 20 short meetings packed into a short day (touching and overlap
    are common), now and then one at the limits of the range of times."""
    meeting = st.tuples(st.integers(0, 20), st.integers(1, 6)).map(
        lambda pair: (pair[0], pair[0] + pair[1])
    )
    edge = st.sampled_from(((0, LIMIT), (LIMIT - 1, LIMIT), (0, 1)))
    return st.lists(st.one_of(meeting, edge), max_size=20).map(flatten)


def _show(case: Case) -> str:
    return show_groups(case, 2)


def _run(solution: Callable[..., Any], case: Case) -> int:
    """Call the solution on a fresh list of the meetings; return the room count."""
    result = solution(regroup(case, 2))
    if isinstance(result, bool) or not isinstance(result, int):
        raise TypeError(
            f"min_meeting_rooms must return a number of rooms (an int), "
            f"not {type(result).__name__}"
        )
    return result


# Growth inputs, with times over the whole range [0, 10**9].  The rooms in
# use grow with n in both, so looking through every room for a free one
# (O(n * rooms)) grows like n**2, while the heap stays at O(n log n).


def _spread(n: int, longest: int, rng: random.Random) -> List[Meeting]:
    """n meetings starting anywhere in the day, each 1 to ``longest`` long.

    Drawn with ``choices``, several times as fast as ``randint`` one by one:
    every timed run gets an input of its own.
    """
    starts = rng.choices(range(LIMIT - longest), k=n)
    lengths = rng.choices(range(1, longest + 1), k=n)
    return [(start, start + length) for start, length in zip(starts, lengths)]


def _tenth(n: int, rng: random.Random) -> Case:
    """n meetings in random order, each a fifth of the day at most, so that
    about n/10 of them are in progress at once."""
    return flatten(_spread(n, LIMIT // 5, rng))


def _overlapping(n: int, rng: random.Random) -> Case:
    """n meetings that all include the middle of the day: n rooms, so
    scanning the rooms costs n**2 / 2 steps."""
    middle = LIMIT // 2
    return flatten(zip((middle - before for before in rng.choices(range(middle), k=n)),
                       (middle + after for after in rng.choices(range(1, middle + 1), k=n))))


COMPLEXITY = Complexity(
    expected="O(n log n)",
    max_exponent=1.6,
    sizes=sizes(256, 4096),
    families={"a tenth in progress": _tenth, "all overlapping": _overlapping},
    counted=counted_items,
    min_ops=lambda n: n - 1,
    repeats=7,
    note="the rooms in use grow with n (n/10, or all n)",
)


def _large(rng: random.Random) -> List[Case]:
    """10**5 meetings over the whole range: about ten in progress at once;
    and a chain in which each meeting starts as the one before ends, with
    one meeting the whole day long (two rooms).

    The rooms in use stay few, so that code slow only when many rooms are
    busy (the growth inputs find that) still finishes quickly here.
    """
    n = 10**5
    spread = _spread(n, LIMIT // (n // 20), rng)
    step = LIMIT // n
    chain = [(i * step, (i + 1) * step) for i in range(n - 1)] + [(0, LIMIT)]
    rng.shuffle(chain)
    return [flatten(spread), flatten(chain)]


PROBLEM = declare(
    globals(),
    Listing("Meeting rooms", "heap", "medium", order=5),
    entry="min_meeting_rooms",
    explicit_cases=tuple(flatten(meetings) for meetings in (
        [],
        [(0, 5), (5, 9)],
        [(0, 30), (5, 10), (15, 20)],
        [(1, 2), (1, 2), (1, 2)],
        [(0, LIMIT), (LIMIT - 1, LIMIT), (0, 1)],
    )),
)
