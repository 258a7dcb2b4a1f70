"""Contains duplicate: remember the values seen so far in a set.

The idea
--------
Walk the list once.  Before taking in a value, ask whether it has been seen
already; a hash set answers that in O(1) on average.  The first value found
in the set is a repeat, and the answer is ``True`` at once; if the walk
ends without one, every value was different.

Why it is correct
-----------------
When the walk reaches position ``j``, the set holds exactly the values at
positions ``0 .. j - 1``.  So ``nums[j]`` is found in it exactly when it
repeats an earlier value: the first repeat is found at the later of its two
positions, and a list without repeats is walked to the end.

Cost
----
One set lookup and at most one insertion per value: O(n) time on average,
O(n) extra space.  ``len(set(nums)) != len(nums)`` is the same idea in one
line (it always builds the whole set, where the loop can stop early).
Sorting a copy and comparing neighbours takes O(n log n) time and no hash
at all; comparing every pair takes O(n**2).

The classic pitfalls
--------------------
Keeping the seen values in a *list*: ``x in seen`` then scans it, and the
loop is O(n**2) again, only with the scan done in C.  Sorting ``nums`` in
place to compare neighbours works but reorders the caller's list; sort a
copy if that matters.  And a table indexed by the value itself
(``seen[x] = True`` in a list) needs as many slots as the *range* of the
values, two billion here.
"""

from __future__ import annotations


def contains_duplicate(nums: list[int]) -> bool:
    """Return True if some value occurs twice in nums."""
    seen: set[int] = set()  # the values before the current position
    for x in nums:
        if x in seen:
            return True  # x repeats an earlier value
        seen.add(x)
    return False
