"""Growth cases with Counted items, for the comparison count.

A problem with ``Complexity.counted`` hands the learner's code its growth
case with the comparable items wrapped in
:class:`~dsa.practice.counting.Counted`, so that the worker can report how
many comparisons the solution made.  These are the wrappings several
problems share; a problem whose case holds its items some other way writes
its own.
"""

from __future__ import annotations

from typing import Any, List, Sequence, Tuple

from dsa.practice.counting import Counted

__all__ = ["counted_items", "counted_items_and_number"]


def counted_items(items: Sequence[Any]) -> List[Counted]:
    """A case that is a list of comparable items, each made Counted."""
    return [Counted(item) for item in items]


def counted_items_and_number(case: Tuple[Sequence[Any], int]) -> Tuple[List[Counted], int]:
    """A case ``(items, k)`` with its items made Counted; ``k`` is a count
    or a width, never compared with them, so it stays a plain int."""
    items, number = case
    return counted_items(items), number
