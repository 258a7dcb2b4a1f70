"""Shortest path through a grid maze: breadth-first search with a deque."""

from __future__ import annotations

import math
import random
from typing import Any, Callable, List, Optional

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Problem

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
  length, and every character is `"."` or `"#"`.  Do not modify `grid`.

Aim for O(rows x cols) time: every cell should be handled a bounded number
of times.
"""

STUB = '''\
"""Shortest path through a grid maze.

The grid is a list of equal-length strings: "." is open, "#" is a wall.
From the top-left cell, move up, down, left or right (not diagonally) through
open cells.  Return the fewest moves that reach the bottom-right cell: 0 for
a single open cell, -1 if it cannot be reached or if the start or end cell
is a wall.  Aim for O(rows * cols).

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
    result = solution(list(grid))
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
    """Grids from 1 x 1 to 6 x 6, about a quarter of the cells walls."""
    rows = draw(st.integers(1, 6))
    cols = draw(st.integers(1, 6))
    cell = st.integers(0, 3).map(lambda k: "#" if k == 3 else ".")  # shrinks to "."
    return ["".join(draw(st.lists(cell, min_size=cols, max_size=cols))) for _ in range(rows)]


def _show(grid: Case) -> str:
    return f"shortest_path({grid!r})"


def _make_case(n: int, rng: random.Random) -> Case:
    """A serpentine maze of about ``n`` cells: one long corridor.

    Open rows alternate with wall rows that have a single gap, at the right
    end and then at the left end, so the only path zigzags through every open
    cell, about n / 2 moves.  The number of rows is one more than a multiple
    of 4, so the last open row is walked left to right and the path ends in
    the bottom-right corner.  (The maze is the same for every ``rng``: the
    size alone decides it.)
    """
    rows = 4 * round((math.sqrt(n) - 1) / 4) + 1
    cols = max(2, n // rows)
    grid = []
    for r in range(rows):
        if r % 2 == 0:
            grid.append("." * cols)
        elif r % 4 == 1:
            grid.append("#" * (cols - 1) + ".")  # gap on the right
        else:
            grid.append("." + "#" * (cols - 1))  # gap on the left
    return grid


PROBLEM = Problem(
    name="grid-shortest-path",
    title="Shortest path in a grid",
    structure="deque",
    difficulty="medium",
    entry="shortest_path",
    kind="function",
    statement=STATEMENT,
    examples=(
        '`shortest_path(["..", ".."])` returns `2` (right then down, or down then right).',
        '`shortest_path(["...", "##.", "..."])` returns `4`: along the top row, then down the '
        "right column.",
        '`shortest_path([".#", "#."])` returns `-1`: the only way would be diagonal.',
    ),
    constraints=(
        "1 <= rows, cols <= 300",
        'every character is "." or "#"',
        "all rows have the same length",
    ),
    hints=(
        "Every move costs the same, so explore the grid in rings: first every cell 1 move away, "
        "then every cell 2 moves away, and so on.  The first time you reach a cell, you reached "
        "it by a shortest path.",
        "That is breadth-first search.  Keep a queue of cells to expand and a record of the "
        "distance of every cell already reached; a cell already reached is never queued again.",
        "Use `collections.deque` as the queue: `popleft()` is O(1), while `list.pop(0)` shifts "
        "the whole list.  Start with `deque([(0, 0)])` and distance 0; for each cell popped, "
        "queue its open, unvisited neighbours at distance + 1.",
    ),
    stub=STUB,
    reference="dsa.practice.solutions.grid_shortest_path",
    cases=_cases(),
    run=_run,
    judge=_judge,
    complexity=Complexity(
        expected="O(rows x cols)",
        max_exponent=1.3,
        sizes=(128, 256, 512, 1024, 2048),
        make_case=_make_case,
        repeats=9,
        note="a serpentine maze of n cells whose only path visits them all",
    ),
    show_case=_show,
    order=3,
    explicit_cases=(
        ["."],
        ["#"],
        [".#", "#."],
        ["..", ".."],
        ["...", "##.", "..."],
        [".", "#", "."],
    ),
)
