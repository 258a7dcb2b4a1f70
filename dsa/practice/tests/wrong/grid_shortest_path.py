"""WRONG: allows diagonal moves.

A correct breadth-first search, except that it looks at all eight
neighbours of a cell, the four diagonal ones included.  The task allows only
up, down, left and right, so this finds paths that are too short (two open
cells touching at a corner count as one move apart) and slips between two
walls that touch at a corner: ``[".#", "#."]`` has no path, but this
answers 1.
"""

from __future__ import annotations

from collections import deque


def shortest_path(grid: list[str]) -> int:
    """Meant to count up/down/left/right moves; also moves diagonally."""
    rows, cols = len(grid), len(grid[0])
    goal = (rows - 1, cols - 1)
    if grid[0][0] == "#" or grid[goal[0]][goal[1]] == "#":
        return -1
    distance = {(0, 0): 0}
    queue = deque([(0, 0)])
    while queue:
        r, c = queue.popleft()
        if (r, c) == goal:
            return distance[goal]
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):  # bug: the four diagonal steps are included
                nr, nc = r + dr, c + dc
                if (
                    0 <= nr < rows
                    and 0 <= nc < cols
                    and grid[nr][nc] == "."
                    and (nr, nc) not in distance
                ):
                    distance[(nr, nc)] = distance[(r, c)] + 1
                    queue.append((nr, nc))
    return -1
