"""Breadth-first search one layer at a time with two plain lists, visited cells in a bytearray per row: passes.

No deque is needed when each layer is a list of its own: every cell of the
next layer is one move further.  Each cell is visited once: O(rows x cols).
"""

from __future__ import annotations


def shortest_path(grid: list[str]) -> int:
    rows, cols = len(grid), len(grid[0])
    if grid[0][0] == "#" or grid[-1][-1] == "#":
        return -1
    seen = [bytearray(cols) for _ in range(rows)]
    seen[0][0] = 1
    layer, moves = [(0, 0)], 0
    while layer:
        following = []
        for r, c in layer:
            if r == rows - 1 and c == cols - 1:
                return moves
            for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= nr < rows and 0 <= nc < cols and not seen[nr][nc] \
                        and grid[nr][nc] == ".":
                    seen[nr][nc] = 1
                    following.append((nr, nc))
        layer, moves = following, moves + 1
    return -1
