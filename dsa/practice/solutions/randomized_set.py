"""Randomized set: a list of the members and a dict from member to position.

The idea
--------
Two structures, each good at half of the job, kept in step:

* a **list** ``items`` of the members, in no particular order.  A uniformly
  random member is ``items[random.randrange(len(items))]`` (what
  ``random.choice`` does): O(1), and every position, so every member, has
  the same chance.
* a **dict** ``where`` from each member to its position in ``items``, so that
  membership is O(1) and a member's position is known without a search.

``insert`` appends to the list and records the position.  ``remove`` is the
only tricky part: taking an item out of the middle of a list shifts
everything after it, O(n).  Instead, **move the last item into the hole**:
put ``items[-1]`` at the removed member's position, update its entry in
``where``, and pop the end of the list, which is O(1).  The order of the list
changes, but the list never had an order that mattered.

Why it is correct
-----------------
Invariant: ``items`` holds each member exactly once, with no gaps, and
``where[x]`` is the position of ``x`` in it.  ``insert`` keeps it by adding at
the end.  ``remove`` keeps it because the moved item's new position is
recorded before the end is popped; when the removed member *is* the last
item, it is "moved" onto itself and then popped, which is also right as long
as its own dict entry is deleted (here, first).  With no gaps, a random
position is a uniformly random member.

Cost
----
O(1) time on average per call (dict operations are O(1) on average; list
appends and pops at the end are O(1) amortized).  O(n) space.

Drawing from ``list(set)`` is uniform but copies n members per draw.
Leaving holes (``None``) where members were removed and drawing again until
a draw hits a member is uniform too, but once most of the list is holes each
draw needs many tries; and "take the next member after the hole" instead of
retrying is not uniform, since members just after long gaps come up far too
often.

The classic pitfalls
--------------------
Forgetting to update the moved item's position in ``where``: the dict then
points at a slot that now holds something else, and a later ``remove`` takes
out the wrong member.  Deleting the removed member's dict entry *after*
writing the moved item's entry, when they are the same member (the last one),
which resurrects it.  And ``random.randint(0, len(items))``, which includes
``len(items)``: ``randint`` includes both ends, ``randrange`` does not.
"""

from __future__ import annotations

import random


class RandomizedSet:
    """A set of ints with insert, remove and a uniformly random member."""

    def __init__(self) -> None:
        self.items: list[int] = []  # the members, without gaps, in any order
        self.where: dict[int, int] = {}  # member -> its position in items

    def insert(self, val: int) -> bool:
        """Add val; return True if it was not a member yet."""
        if val in self.where:
            return False
        self.where[val] = len(self.items)
        self.items.append(val)
        return True

    def remove(self, val: int) -> bool:
        """Take val out; return True if it was a member."""
        position = self.where.pop(val, None)  # its own entry goes first
        if position is None:
            return False
        last = self.items.pop()
        if position < len(self.items):  # val was not the last item: fill its hole
            self.items[position] = last
            self.where[last] = position
        return True

    def get_random(self) -> int:
        """Return a member, each with the same probability."""
        return random.choice(self.items)
