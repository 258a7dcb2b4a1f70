"""SLOW: correct but O((rows x cols)^2): relax every cell until nothing changes.

Give the start distance 0 and every other cell infinity, then sweep the
grid row by row, lowering each open cell's distance to one more than its
best neighbour's, and sweep again as long as some distance changed.  The
distances do end up right, the same fixed point breadth-first search reaches.
But one sweep only carries a distance along a row in the direction the sweep
reads it; against that direction it moves one cell per sweep.  In a maze
whose path zigzags, half the corridor runs against the sweep, so the number
of sweeps grows with the number of cells, and every sweep visits all of
them: O(cells^2).
"""

from __future__ import annotations

import math


def shortest_path(grid: list[str]) -> int:
    """Fewest moves from the top-left to the bottom-right cell, or -1."""
    rows, cols = len(grid), len(grid[0])
    if grid[0][0] == "#" or grid[rows - 1][cols - 1] == "#":
        return -1
    dist = [[math.inf] * cols for _ in range(rows)]
    dist[0][0] = 0
    changed = True
    while changed:
        changed = False
        for r in range(rows):
            for c in range(cols):
                if grid[r][c] == "#":
                    continue
                best = dist[r][c]
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= nr < rows and 0 <= nc < cols and dist[nr][nc] + 1 < best:
                        best = dist[nr][nc] + 1
                if best < dist[r][c]:
                    dist[r][c] = best
                    changed = True
    answer = dist[rows - 1][cols - 1]
    return -1 if answer == math.inf else int(answer)
