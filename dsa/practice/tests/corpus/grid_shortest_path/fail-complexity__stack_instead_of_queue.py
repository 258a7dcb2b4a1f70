"""Lowers distances from a stack instead of a queue, until none can be lowered: fails on open grids.

Taking cells from a stack explores depth first, so a cell's first
distance is rarely its shortest; re-pushing a cell whenever its distance
drops makes the answer right in the end.  In a single corridor every cell
gets its distance once and this is fast; in an open grid, with many paths
to every cell, distances are lowered again and again: about n^2 steps.
"""

from __future__ import annotations


def shortest_path(grid: list[str]) -> int:
    rows, cols = len(grid), len(grid[0])
    if grid[0][0] == "#" or grid[-1][-1] == "#":
        return -1
    far = rows * cols
    dist = [[far] * cols for _ in range(rows)]
    dist[0][0] = 0
    stack = [(0, 0)]
    while stack:
        r, c = stack.pop()
        d = dist[r][c] + 1
        for nr, nc in ((r + 1, c), (r, c + 1), (r - 1, c), (r, c - 1)):
            if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] == "." \
                    and d < dist[nr][nc]:
                dist[nr][nc] = d
                stack.append((nr, nc))
    answer = dist[rows - 1][cols - 1]
    return -1 if answer == far else answer
