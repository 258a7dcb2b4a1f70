"""Counting comparisons, the exact way to measure growth.

A problem whose input is made of comparable items can hand the learner
:class:`Counted` items instead of plain numbers.  Every rich comparison
between them adds one to a counter kept in this module, so the grader can
read how many comparisons a solution made at each size: a number that does
not depend on how busy the machine is.

Counted items hash and compare like the numbers they wrap, and ``int()`` /
``float()`` give the number back, so ordinary code (``heapq``, ``sorted``,
``max``, dictionaries) works on them unchanged.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Counted", "reset", "count"]

_comparisons = [0]


def reset() -> None:
    """Set the comparison counter back to zero."""
    _comparisons[0] = 0


def count() -> int:
    """How many comparisons between Counted items since the last reset."""
    return _comparisons[0]


def _value(other: Any) -> Any:
    return other.value if isinstance(other, Counted) else other


class Counted:
    """A number that counts every comparison made with it."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __lt__(self, other: Any) -> bool:
        _comparisons[0] += 1
        return self.value < _value(other)

    def __le__(self, other: Any) -> bool:
        _comparisons[0] += 1
        return self.value <= _value(other)

    def __gt__(self, other: Any) -> bool:
        _comparisons[0] += 1
        return self.value > _value(other)

    def __ge__(self, other: Any) -> bool:
        _comparisons[0] += 1
        return self.value >= _value(other)

    def __eq__(self, other: Any) -> bool:
        _comparisons[0] += 1
        return self.value == _value(other)

    def __ne__(self, other: Any) -> bool:
        _comparisons[0] += 1
        return self.value != _value(other)

    def __hash__(self) -> int:
        return hash(self.value)

    def __int__(self) -> int:
        return int(self.value)

    def __float__(self) -> float:
        return float(self.value)

    def __index__(self) -> int:
        return self.value.__index__()

    def __neg__(self) -> "Counted":
        return Counted(-self.value)

    def __repr__(self) -> str:
        return f"Counted({self.value!r})"
