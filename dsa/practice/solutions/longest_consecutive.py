"""Longest consecutive run: a set, and runs counted from their first value only.

The idea
--------
Put the values in a set, so that "is ``v`` present?" costs O(1) on average.
A run of consecutive integers ``s, s + 1, ..., s + m - 1`` is then measured
by stepping upward from ``s`` while the next value is present.

Only start stepping at a value ``x`` whose predecessor ``x - 1`` is *absent*:
such an ``x`` is the first value of its run.  A value whose predecessor is
present lies inside a run that will be measured from its start anyway, so
it is skipped after one lookup.

Why it is linear
----------------
Every run is walked exactly once, from its first value, and the walks of
different runs never overlap.  So the inner loop takes, over the whole
algorithm, at most one step per distinct value, and the outer loop makes one
or two lookups per distinct value: O(n) lookups in total, although there is
a loop inside a loop.

Why it is correct
-----------------
Every run has a first value (its predecessor is absent by definition), so
every run is measured from its start to its end, and the longest one is
among them.  The set ignores repeats, which is right: a repeated value adds
nothing to a run.  An empty list has no runs, and the answer is 0.

Complexity
----------
O(n) time on average and O(n) extra space for the set.  Sorting first and
scanning is the natural alternative: O(n log n).

The classic pitfalls
--------------------
Dropping the predecessor test: the answer stays right, but each value of a
run of length m walks to the end of it, m + (m - 1) + ... + 1 steps, which
is O(n^2) on a list holding one long run.  With sorting, forgetting that a
repeated value neither extends nor breaks a run: ``[1, 2, 2, 3]`` has a run
of length 3.
"""

from __future__ import annotations


def longest_consecutive(nums: list[int]) -> int:
    """Return the length of the longest run of consecutive integers in ``nums``."""
    present = set(nums)
    best = 0
    for x in present:
        if x - 1 in present:
            continue  # not the start of its run: the run is measured from its start
        length = 1
        while x + length in present:
            length += 1
        best = max(best, length)
    return best
