"""Shortest path through a grid maze: breadth-first search with a deque."""

from __future__ import annotations

import math
import random
from typing import Any, Callable, List, Optional, Sequence

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, Rules, declare
from dsa.practice.problems._timing import growth_sizes

#: A case: the rows of the grid, "." open and "#" wall, all the same length.
Case = List[str]

STATEMENT = """\
A maze is drawn as a grid: a list of equally long strings, one per row,
where `"."` is an open cell and `"#"` a wall.  Starting in the top-left cell,
each move goes to the next cell up, down, left or right (never diagonally,
never off the grid, never into a wall).  Return the smallest number of moves
that reaches the bottom-right cell:

```python
def shortest_path(grid: list[str]) -> int
```

* If the top-left and bottom-right cells are the same cell (a 1 x 1 grid)
  and it is open, the answer is `0`.
* Return `-1` when the bottom-right cell cannot be reached, and also when
  either the start or the end cell is a wall.
* The grid has at least one row and one column, all rows have the same
  length, and every character is `"."` or `"#"`.

The grader checks these rules besides the answer:

* **Do not modify `grid`.**  The list is compared with what it was after
  your function returns, and on the small grids after every step of your
  code as well: replacing rows to mark visited cells is caught even when
  the rows are put back.  Keep your own record of the cells reached.
* **O(rows x cols) time**, measured on open grids (many cells at the same
  distance), on mazes made of one long corridor, and on open grids whose
  goal is walled off: every cell should be handled a bounded number of
  times.
"""

EXAMPLES = (
    '`shortest_path(["..", ".."])` returns `2` (right then down, or down then right).',
    '`shortest_path(["...", "##.", "..."])` returns `4`: along the top row, then down the '
    "right column.",
    '`shortest_path([".#", "#."])` returns `-1`: the only way would be diagonal.',
)

CONSTRAINTS = (
    "1 <= rows, cols <= 100",
    'every character is "." or "#"',
    "all rows have the same length",
)

HINTS = (
    "Every move costs the same, so explore the grid in rings: first every cell 1 move away, "
    "then every cell 2 moves away, and so on.  The first time you reach a cell, you reached "
    "it by a shortest path.",
    "That is breadth-first search.  Keep a queue of cells to expand and a record of the "
    "distance of every cell already reached; a cell already reached is never queued again.",
    "Use `collections.deque` as the queue: `popleft()` is O(1), while `list.pop(0)` shifts "
    "the whole list.  Start with `deque([(0, 0)])` and distance 0; for each cell popped, "
    "queue its open, unvisited neighbours at distance + 1.",
)

STUB = '''\
"""Shortest path through a grid maze.

The grid is a list of equal-length strings: "." is open, "#" is a wall.
From the top-left cell, move up, down, left or right (not diagonally) through
open cells.  Return the fewest moves that reach the bottom-right cell: 0 for
a single open cell, -1 if it cannot be reached or if the start or end cell
is a wall.  Do not modify grid, not even for a moment (the grader checks),
and aim for O(rows * cols).

    shortest_path(["..",
                   ".."])          ->  2
    shortest_path(["...",
                   "##.",
                   "..."])         ->  4
    shortest_path([".#",
                   "#."])          ->  -1
"""

from __future__ import annotations

from collections import deque


def shortest_path(grid: list[str]) -> int:
    """Fewest moves from the top-left to the bottom-right cell, or -1."""
    raise NotImplementedError("write your solution here")
'''


def _run(solution: Callable[[List[str]], Any], grid: Case) -> int:
    """Call the solution on a fresh copy of the grid; return its answer."""
    result = solution(list(grid))  # a fresh list each time: the rows are str
    if not isinstance(result, int) or isinstance(result, bool):
        raise TypeError(
            "shortest_path must return an int (a number of moves, or -1), not "
            f"{type(result).__name__}"
        )
    return result


def _moves(count: int) -> str:
    return "1 move" if count == 1 else f"{count} moves"


def _judge(grid: Case, expected: int, actual: int) -> Optional[str]:
    """Equality, with a sentence saying which way the answer is off."""
    if actual == expected:
        return None
    if expected == -1:
        return f"the bottom-right cell cannot be reached, so the answer is -1, not {actual}"
    if actual == -1:
        return f"returned -1, but the bottom-right cell can be reached in {_moves(expected)}"
    if actual < expected:
        return (
            f"returned {actual}, but no path of up, down, left and right moves is shorter "
            f"than {_moves(expected)}"
        )
    if actual == expected + 1:
        return (
            f"returned {actual}, but the shortest path takes {_moves(expected)} (count moves, "
            "not cells)"
        )
    return f"returned {actual}, but the shortest path takes {_moves(expected)}"


@st.composite
def _cases(draw: Any) -> Case:
    """Grids from 1 x 1 to 5 x 5, about a quarter of the cells walls (every
    step of the learner's code on them is watched for changes to the grid,
    which costs far more than the search: small grids keep the check quick)."""
    rows = draw(st.integers(1, 5))
    cols = draw(st.integers(1, 5))
    cell = st.integers(0, 3).map(lambda k: "#" if k == 3 else ".")  # shrinks to "."
    return ["".join(draw(st.lists(cell, min_size=cols, max_size=cols))) for _ in range(rows)]


def _show(grid: Case) -> str:
    return f"shortest_path({grid!r})"


def _side(n: int) -> int:
    return max(2, math.isqrt(n))


def _open(n: int, rng: random.Random) -> Case:
    """A square open grid of about n cells.  Every cell on a diagonal is at
    the same distance, so there are many shortest paths: code that queues a
    cell again whenever it finds a path *as short* as the best one (``<=``
    instead of ``<``), or searches depth-first and backs up to improve,
    multiplies its work here.  One sweep in reading order gets every
    distance right on this grid, so a sweep-until-stable solution is fast
    here and slow only in :func:`_serpentine`."""
    side = _side(n)
    return ["." * side for _ in range(side)]


def _serpentine(n: int, rng: random.Random) -> Case:
    """A serpentine maze of about ``n`` cells: one long corridor.

    Open rows alternate with wall rows that have a single gap, at the right
    end and then at the left end, so the only path zigzags through every open
    cell, about n / 2 moves.  The number of rows is one more than a multiple
    of 4, so the last open row is walked left to right and the path ends in
    the bottom-right corner.  Half the corridor runs right to left, against
    a sweep in reading order, which then needs a sweep per turn.  (The maze
    is the same for every ``rng``: the size alone decides it.)
    """
    rows = 4 * round((math.sqrt(n) - 1) / 4) + 1
    return _corridor(rows, max(2, n // rows))


def _corridor(rows: int, cols: int) -> Case:
    """The serpentine maze of :func:`_serpentine` with ``rows`` (one more
    than a multiple of 4) and ``cols``."""
    grid = []
    for r in range(rows):
        if r % 2 == 0:
            grid.append("." * cols)
        elif r % 4 == 1:
            grid.append("#" * (cols - 1) + ".")  # gap on the right
        else:
            grid.append("." + "#" * (cols - 1))  # gap on the left
    return grid


def _walled_off(n: int, rng: random.Random) -> Case:
    """An open grid cut in two by a wall across the middle row: the answer
    is -1, found only after every cell on one side has been reached.  Both
    sides are half the grid, so a search from both corners at once has as
    much to do as one from the start (a goal shut in a pocket of its own
    would let it stop at once)."""
    side = _side(n)
    grid = ["." * side for _ in range(side)]
    grid[side // 2] = "#" * side
    return grid


COMPLEXITY = Complexity(
    expected="O(rows x cols)",
    max_exponent=1.3,
    # Cells of the growth check: the reference takes about 0.1 ms of processor
    # time at the smallest and 2 ms at the largest (see :mod:`._timing`).
    sizes=growth_sizes(128),
    repeats=7,
    families={"open grid": _open, "serpentine corridor": _serpentine,
              "goal walled off": _walled_off},
    note="grids of n cells",
)


def _large(rng: random.Random) -> Sequence[Case]:
    """Grids at the constraints' limit: 100 x 100 open, a maze, 30 %
    walls at random, walled off; one row and one column of 100."""
    top = 100
    scattered = ["".join("#" if rng.random() < 0.3 else "." for _ in range(top))
                 for _ in range(top)]
    scattered[0] = "." + scattered[0][1:]
    scattered[-1] = scattered[-1][:-1] + "."
    return (_open(top * top, rng), _corridor(97, top), scattered,
            _walled_off(top * top, rng), ["." * top], ["."] * top)


PROBLEM = declare(
    globals(),
    Listing("Shortest path in a grid", "deque", "medium", order=3),
    entry="shortest_path",
    rules=Rules(keep_input=True),
    explicit_cases=(
        ["."],
        ["#"],
        [".#", "#."],
        ["..", ".."],
        ["...", "##.", "..."],
        [".", "#", "."],
        ["..", ".#"],
    ),
)
