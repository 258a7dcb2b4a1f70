"""K closest points: the k points of a list nearest to the origin."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable, List, Optional, Tuple

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, declare
from dsa.practice.problems._answers import numbers_text, points, sizes_between

Point = Tuple[int, int]
#: A case: the coordinates of the points, flat (``[x0, y0, x1, y1, ...]``,
#: which travels to the workers much faster than a list of pairs), and k.
Case = Tuple[List[int], int]

#: The largest coordinate the constraints allow, and the most points.
FARTHEST = 10**4
MOST = 2 * 10**4

STATEMENT = """\
Write `k_closest(points: list[tuple[int, int]], k: int) -> list[tuple[int, int]]`
that returns the `k` points of `points` nearest to the origin `(0, 0)`.

* The distance of `(x, y)` from the origin is `sqrt(x*x + y*y)`; comparing
  `x*x + y*y` orders the points the same way, without square roots.
* Return the k points as pairs `(x, y)` (tuples or lists), in any order.
* When several points lie at the same distance on the boundary, any choice
  among them is right: no point left out may be nearer than a point you
  return.
* A point listed twice counts as two points: if both copies are among the k
  nearest, return it twice.
* `1 <= k <= len(points)`.  You may reorder `points`.

Aim for O(n log k) time and O(k) extra space: a max-heap of the k nearest
points seen so far, whose top is the farthest of them, tells in O(1) whether
a new point belongs and swaps it in in O(log k).  Sorting all the points,
O(n log n), is accepted too (the check cannot tell log k from log n), but
picking the nearest point k times over, O(n * k), is too slow.
`heapq.nsmallest` and `heapq.nlargest` would do the heap part for you, so
they are off limits; the rest of `heapq` is yours.
"""

EXAMPLES = (
    "`k_closest([(1, 3), (-2, 2), (5, -1)], 1)` returns `[(-2, 2)]`: "
    "4 + 4 = 8 beats 1 + 9 = 10 and 25 + 1 = 26",
    "`k_closest([(3, 3), (5, -1), (-2, 4)], 2)` returns `[(3, 3), (-2, 4)]` "
    "in either order (18 and 20 beat 26)",
    "`k_closest([(0, 1), (1, 0), (2, 2)], 1)` may return `[(0, 1)]` or "
    "`[(1, 0)]`: they tie",
)

CONSTRAINTS = (
    "1 <= k <= len(points) <= 2 * 10**4",
    "-10**4 <= x, y <= 10**4",
    "heapq.nsmallest and heapq.nlargest are not allowed",
)

HINTS = (
    "Sorting by `x*x + y*y` answers the question in O(n log n).  To do "
    "better, remember only the k nearest points seen so far.",
    "Of those k points, which one is the first to go when a nearer point "
    "comes along?  The farthest of them: keep them in a heap whose top is "
    "the farthest, a *max*-heap by distance.",
    "`heapq` makes min-heaps, so push `(-(x*x + y*y), x, y)`: the top is "
    "then the farthest of the points kept.",
    "Push the first k points; after that, when a point is nearer than the "
    "top, `heapq.heapreplace` swaps it in.  At the end the heap holds the "
    "answer.",
)

STUB = '''\
"""K closest points to the origin.

Return the k points of `points` nearest to (0, 0), in any order (compare
x*x + y*y; no square roots needed).  Ties at the boundary may go either way;
a point listed twice counts twice.  Aim for O(n log k) with a max-heap of
the k nearest points so far.  heapq.nsmallest and heapq.nlargest are not
allowed.

    k_closest([(1, 3), (-2, 2), (5, -1)], 1)    ->  [(-2, 2)]
    k_closest([(3, 3), (5, -1), (-2, 4)], 2)    ->  [(3, 3), (-2, 4)]  (any order)
    k_closest([(0, 1), (1, 0), (2, 2)], 1)      ->  [(0, 1)] or [(1, 0)]
"""

from __future__ import annotations

import heapq


def k_closest(points: list[tuple[int, int]], k: int) -> list[tuple[int, int]]:
    """Return the k points nearest to the origin, in any order."""
    raise NotImplementedError("write your solution here")
'''

_FORBIDDEN = ("heapq.nsmallest", "heapq.nlargest")


@st.composite
def _cases(draw: Callable[..., Any]) -> Case:
    """A few points on a small grid (so equal distances and repeated points
    are common) and a valid k."""
    coordinate = st.integers(-3, 3)
    found = draw(st.lists(st.tuples(coordinate, coordinate), min_size=1, max_size=20))
    return _flat(found), draw(st.integers(1, len(found)))


def _flat(found: List[Point]) -> List[int]:
    return [c for point in found for c in point]


def _pairs(flat: List[int]) -> List[Point]:
    return list(zip(flat[::2], flat[1::2]))


def _distance(point: Point) -> int:
    x, y = point
    return x * x + y * y


def _run(solution: Callable[..., Any], case: Case) -> List[List[int]]:
    """Call the solution on fresh tuples; its points, sorted, as [x, y] lists
    (which travel back faster than tuples)."""
    flat, k = case
    return [list(p) for p in sorted(points(solution(_pairs(flat), k), "k_closest"))]


def _judge(case: Case, expected: Any, actual: List[List[int]]) -> Optional[str]:
    """Any k of the input's points with no point left out nearer than them."""
    flat, k = case
    if len(actual) != k:
        return f"expected {k} points, got {len(actual)}"
    chosen = [(x, y) for x, y in actual]
    left = Counter(_pairs(flat))
    for point in chosen:
        if left[point] == 0:
            twice = " that many times" if point in left else ""
            return f"{point} is not in the list of points{twice}"
        left[point] -= 1
    farthest = max(chosen, key=_distance)
    others = [point for point, count in left.items() if count > 0]
    if others:
        nearest = min(others, key=_distance)
        if _distance(nearest) < _distance(farthest):
            return (f"{nearest} (x*x + y*y = {_distance(nearest)}) was left out, but it is "
                    f"nearer than {farthest} (x*x + y*y = {_distance(farthest)})")
    return None


def _show(case: Case) -> str:
    flat, k = case
    return f"k_closest({numbers_text(_pairs(flat), 20)}, {k})"


def _scatter(n: int, rng: random.Random) -> List[int]:
    """n points anywhere in the square, flat."""
    return rng.choices(range(-FARTHEST, FARTHEST + 1), k=2 * n)


def _random(n: int, rng: random.Random) -> Case:
    """n points anywhere in the square, k = n // 4.

    k grows with n, so picking the nearest point k times over, O(n * k),
    grows like n**2 while the heap of k points grows like n log n.
    """
    return _scatter(n, rng), max(1, n // 4)


def _farthest_first(n: int, rng: random.Random) -> Case:
    """The same points sorted from the farthest to the nearest, k = n // 4.

    Every point is nearer than all before it, so every one enters the k
    nearest: the heap replaces its top each time, an insertion into a
    sorted list lands at the near end each time, and a quickselect that
    takes the first point as its pivot splits off one point per pass.
    """
    found = sorted(_pairs(_scatter(n, rng)), key=_distance, reverse=True)
    return _flat(found), max(1, n // 4)


#: Lattice points at three distances from the origin (5, 10 and 13).
_RINGS = [(x * m, y * m) for m in (1, 2) for x, y in
          ((3, 4), (-3, 4), (3, -4), (-3, -4), (4, 3), (-4, 3), (4, -3), (-4, -3),
           (5, 0), (-5, 0), (0, 5), (0, -5))] + [
          (5, 12), (-5, 12), (12, -5), (-12, -5), (13, 0), (0, -13)]


def _ties(n: int, rng: random.Random) -> Case:
    """n points at only three distances, k = n // 4, inside a tie.

    A quickselect whose partition sends the points equal to the pivot all
    to one side splits off one point per pass here, O(n**2), though it is
    quick when distances differ.
    """
    return _flat(rng.choices(_RINGS, k=n)), max(1, n // 4)


COMPLEXITY = Complexity(
    expected="O(n log k) (sorting, O(n log n), passes too)",
    # Heaps and quickselects in pure Python grow like n**1.5 at most over
    # these sizes (their lists outgrow the caches); O(n * k) and a
    # quickselect's bad cases like n**2 or more.
    max_exponent=1.7,
    sizes=sizes_between(320, 5120, 6),
    families={"random": _random, "farthest first": _farthest_first, "many ties": _ties},
    note="k grows with n (k = n/4), so O(n * k) shows as n**2",
)


def _large(rng: random.Random) -> List[Case]:
    """The most points: spread over the widest coordinates; nearly all at
    one distance, k inside the tie; one point repeated."""
    ring = [(x, y) for x, y in ((3000, 4000), (-3000, 4000), (5000, 0), (0, -5000),
                                (4000, -3000), (-4000, -3000)) for _ in range(MOST // 6)]
    return [
        (_scatter(MOST, rng), MOST // 10),
        (_flat(ring + [(4999, 1), (0, 5001)]), 5000),
        (_flat([(FARTHEST, -FARTHEST)] * MOST), 10),
    ]


PROBLEM = declare(
    globals(),
    Listing("K closest points to the origin", "heap", "medium", order=8),
    entry="k_closest",
    forbid=_FORBIDDEN,
    explicit_cases=(
        ([2, -1], 1),
        ([1, 1, 1, 1, 0, 3], 2),
        ([0, 1, 1, 0, 2, 2], 1),
        ([3, 3, 5, -1, -2, 4], 3),
    ),
    lessons=("heap",),
)
