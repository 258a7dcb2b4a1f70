"""Shortest path in a grid: breadth-first search, with a deque as the queue.

The idea
--------
Think of every open cell as a node of a graph and every legal move as an
edge.  All edges cost one move, and for such an *unweighted* graph the
shortest paths come from exploring in rings around the start: first the
cells 0 moves away (the start), then every cell 1 move away, then 2, and so
on.  Breadth-first search does exactly that with a first-in, first-out
queue: take the oldest cell out, and put each open neighbour not reached
before into the queue with a distance one larger.

Why it finds shortest paths
---------------------------
The queue always holds cells of distance ``d`` followed by cells of distance
``d + 1``, never anything else: cells come out in order of distance, and a
cell's neighbours go in behind them with ``d + 1``.  So cells are *reached*
in order of distance too, and the first time a cell is reached it is by a
shortest path: any shorter path would have come through a cell at a smaller
distance, which was taken out of the queue, and had its neighbours queued,
earlier.  That is why a reached cell is never queued again, and why the
search can stop as soon as it reaches the bottom-right cell.

Why a deque, and not a list
---------------------------
The queue takes cells out at the front.  ``list.pop(0)`` shifts every other
item in the list one slot to the left, O(length of the queue) per pop;
``collections.deque.popleft()`` is O(1).  With a list, a search whose queue
grows long pays for that length at every single step.

Cost
----
Each open cell is queued at most once and, when taken out, looks at four
neighbours: O(rows x cols) time.  The ``distance`` table and the queue hold
at most one entry per cell: O(rows x cols) memory.

The classic pitfall
-------------------
Searching depth-first (a stack, or recursion) instead: it reaches the goal
by *some* path, not necessarily a shortest one.  Close behind: counting
cells instead of moves (a 1 x 1 grid is 0 moves, not 1), forgetting that the
start or end cell may be a wall, and marking a cell as reached when it is
taken *out* of the queue rather than when it is put in, which lets the same
cell be queued once for every neighbour that finds it.  Taking cells from
a stack and lowering a cell's distance whenever a shorter path turns up
does end with the right distances, but on an open grid, where many paths
lead to every cell, distances are lowered again and again.  And marking
reached cells by writing walls into ``grid`` changes the input, which the
problem forbids: keep a record of your own, as ``distance`` does here.
"""

from __future__ import annotations

from collections import deque


def shortest_path(grid: list[str]) -> int:
    """Fewest moves from the top-left to the bottom-right cell, or -1."""
    rows, cols = len(grid), len(grid[0])
    goal = (rows - 1, cols - 1)
    if grid[0][0] == "#" or grid[goal[0]][goal[1]] == "#":
        return -1
    distance = {(0, 0): 0}  # every cell reached so far, with its distance
    queue = deque([(0, 0)])  # reached cells whose neighbours are still to see
    while queue:
        r, c = queue.popleft()  # the oldest cell: the smallest distance queued
        if (r, c) == goal:
            return distance[goal]
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if (
                0 <= nr < rows
                and 0 <= nc < cols
                and grid[nr][nc] == "."
                and (nr, nc) not in distance  # mark when queued, so it is queued once
            ):
                distance[(nr, nc)] = distance[(r, c)] + 1
                queue.append((nr, nc))
    return -1  # the queue ran dry without reaching the goal
