"""Small checks the new problems share: what a learner's answer must be.

A problem's ``run`` turns what the learner's code returned into plain data;
these helpers do it for the common kinds of answer and raise ``TypeError``
with a sentence a learner can act on when the answer is of the wrong kind.
Beside them: the arguments and the shown call for the common case of a
list and a number, and the growth sizes of :func:`sizes_between`.
"""

from __future__ import annotations

from typing import Any, List, Sequence, Tuple

from dsa.practice.counting import Counted


def whole_number(result: Any, what: str) -> int:
    """``result`` as an int (a Counted number is unwrapped); ``what`` names
    the function or method in the message."""
    if isinstance(result, Counted):
        result = result.value
    if isinstance(result, bool) or not isinstance(result, int):
        raise TypeError(f"{what} must return an int, not {type(result).__name__}")
    return int(result)


def truth(result: Any, what: str) -> bool:
    """``result`` as a bool: True or False, nothing else."""
    if not isinstance(result, bool):
        raise TypeError(f"{what} must return True or False, not {type(result).__name__}")
    return result


def points(result: Any, what: str) -> List[Tuple[int, int]]:
    """A list of points: each a pair ``(x, y)`` of ints, as a tuple or a list."""
    if not isinstance(result, (list, tuple)):
        raise TypeError(f"{what} must return a list of points, not {type(result).__name__}")
    found: List[Tuple[int, int]] = []
    for item in result:
        if not isinstance(item, (list, tuple)) or len(item) != 2 or not all(
                isinstance(c, int) and not isinstance(c, bool) for c in item):
            raise TypeError(f"{what} must return points as pairs (x, y) of ints, but the "
                            f"list holds {_short(item)}")
        found.append((int(item[0]), int(item[1])))
    return found


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "..."


def numbers_text(values: Sequence[Any], limit: int = 12) -> str:
    """``[3, 1, 4, ... 997 more]``: a long list shown by its start."""
    if len(values) <= limit:
        return repr(list(values))
    head = ", ".join(repr(v) for v in values[:limit])
    return f"[{head}, ... {len(values) - limit:,} more]"


#: A case made of a list and a number: ``(nums, k)``, ``(tasks, cooldown)``.
ListAndNumber = Tuple[Sequence[Any], int]


def list_and_number(case: ListAndNumber) -> Tuple[List[Any], int]:
    """The arguments for a case ``(items, number)``: a fresh copy of the
    list, which the learner's code may change as it likes, and the number."""
    items, number = case
    return list(items), number


def list_and_number_call(function: str, case: ListAndNumber) -> str:
    """How a call on a case ``(items, number)`` is shown in a report:
    ``subarray_sum([1, 2, ... 98 more], 3)``."""
    items, number = case
    return f"{function}({numbers_text(items, 30)}, {number})"


def sizes_between(smallest: int, largest: int, count: int) -> Tuple[int, ...]:
    """``count`` growth sizes from ``smallest`` to ``largest``, evenly spaced
    on a log scale, those in between rounded to two significant digits.

    Steps of about 1.4 rather than 2 give the fit more points, and a slow
    solution still gets several of them before it uses up its time.
    """
    ratio = (largest / smallest) ** (1 / (count - 1))
    found = [smallest]
    for i in range(1, count - 1):
        size = smallest * ratio ** i
        digits = 10 ** max(0, len(str(int(size))) - 2)
        found.append(int(round(size / digits) * digits))
    return tuple(found + [largest])
