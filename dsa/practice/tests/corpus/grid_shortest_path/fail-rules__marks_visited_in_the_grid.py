"""Marks each cell it reaches by writing a wall into the grid's row: fails, the grid was modified.

A plain breadth-first search that uses the grid itself as the record of
cells reached, replacing ``grid[r]`` with a copy that has a "#" at column
c.  The answers are right, but the statement says not to modify the grid,
and the grader compares it after every step.
"""

from __future__ import annotations

from collections import deque


def shortest_path(grid: list[str]) -> int:
    rows, cols = len(grid), len(grid[0])
    if grid[0][0] == "#" or grid[-1][-1] == "#":
        return -1
    queue = deque([(0, 0, 0)])
    grid[0] = "#" + grid[0][1:]
    while queue:
        r, c, d = queue.popleft()
        if (r, c) == (rows - 1, cols - 1):
            return d
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] == ".":
                grid[nr] = grid[nr][:nc] + "#" + grid[nr][nc + 1:]
                queue.append((nr, nc, d + 1))
    return -1
