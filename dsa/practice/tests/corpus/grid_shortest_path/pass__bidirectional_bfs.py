"""Breadth-first search from both corners at once, always growing the smaller frontier: passes.

Each side expands a whole layer at a time; the first cell reached from
both sides joins two shortest halves.  Every cell is reached at most once
from each side: O(rows x cols).
"""

from __future__ import annotations


def shortest_path(grid: list[str]) -> int:
    rows, cols = len(grid), len(grid[0])
    start, goal = (0, 0), (rows - 1, cols - 1)
    if grid[0][0] == "#" or grid[rows - 1][cols - 1] == "#":
        return -1
    if start == goal:
        return 0
    seen = ({start: 0}, {goal: 0})
    frontiers = ([start], [goal])
    while frontiers[0] and frontiers[1]:
        side = 0 if len(frontiers[0]) <= len(frontiers[1]) else 1
        mine, other = seen[side], seen[1 - side]
        grown = []
        for r, c in frontiers[side]:
            for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] == "." \
                        and (nr, nc) not in mine:
                    mine[(nr, nc)] = mine[(r, c)] + 1
                    if (nr, nc) in other:
                        return mine[(nr, nc)] + other[(nr, nc)]
                    grown.append((nr, nc))
        frontiers = (grown, frontiers[1]) if side == 0 else (frontiers[0], grown)
    return -1
