"""What the hash-table graders share.

Values far apart
----------------
A hash table costs time and memory in proportion to how many values it
holds, never to how large they are.  A learner who indexes a list by value
(``seen[x - low] = True``) instead builds something as big as the *range* of
the values, which the constraints allow to be two billion wide: that runs
out of memory (or time) on a handful of numbers.  :func:`spread` measures a
range, :func:`note_spread` adds it to a shown case, and :func:`by_count`
turns the MemoryError such code raises into a sentence saying why (running
out of memory on a few values, or on values far apart, cannot be a matter
of how many there are).

Operations replayed
-------------------
The design problems (a hash map, an LRU cache) are cases of operations
replayed on one fresh object.  An operation is ``("put", key, value)``,
``("get", key)``, ``("remove", key)`` or ``("len",)``; a case carries them
:func:`pack`-ed into a string of initials and two lists of ints, which
travel to the workers far faster than thousands of small tuples.
:func:`call`, :func:`judge_steps` and :func:`show_steps` show and judge them
the same way for both problems.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from dsa.practice.guard import RuleBroken

#: A range of values wider than this is "far apart": indexing a list by
#: value over it takes far more memory than the values themselves.
WIDE = 10**7


def sizes(smallest: int, largest: int) -> tuple:
    """Growth sizes from ``smallest`` to ``largest``, each about 1.41 times
    the one before.

    Close sizes give a slow solution, stopped once a run takes too long,
    four or five sizes to fit instead of three, and the reference many
    points on a busy machine.
    """
    found = []
    k = 0
    while True:
        n = round(smallest * 2 ** (k / 2))
        if n > largest:
            return tuple(found)
        found.append(n)
        k += 1


def spread(values: Iterable[int]) -> int:
    """How many integers the range from the smallest value to the largest
    holds (0 for no values)."""
    low = high = None
    for value in values:
        if low is None or value < low:
            low = value
        if high is None or value > high:
            high = value
    return 0 if low is None else high - low + 1


def note_spread(shown: str, values: Sequence[int]) -> str:
    """``shown``, followed by a comment giving the range when it is wide."""
    width = spread(values)
    if width <= WIDE:
        return shown
    return f"{shown}  # {len(values):,} values over a range of {width:,} integers"


#: So few values that running out of memory on them cannot be their count.
FEW = 1000


@contextmanager
def by_count(values: Union[Sequence[int], Callable[[], Sequence[int]]],
             what: str = "values") -> Iterator[None]:
    """Run the learner's code; a MemoryError on few values, or on values far
    apart, becomes a broken rule saying that memory must follow the count of
    the values, not their size.

    ``values`` may be a function giving them, called only on a MemoryError.
    """
    try:
        yield
    except MemoryError:
        if callable(values):
            values = values()
        width = spread(values)
        distinct = sorted(set(values))
        if len(distinct) <= FEW:
            shown = ", ".join(f"{v:,}" for v in distinct[:3]) + (", ..." if len(distinct) > 3 else "")
            where = f"an input with only {len(distinct):,} different {what} ({shown})"
        elif width > WIDE:
            where = f"{len(values):,} {what} spread over {width:,} integers"
        else:
            raise
        raise RuleBroken(
            f"your code ran out of memory on {where}; a hash table needs memory for "
            f"the {what} it holds, not a place for every integer up to their size") from None


# --------------------------------------------------------------------------
# Operations replayed on one object


#: A packed list of operations: their initials, their keys, their values.
Packed = Tuple[str, List[int], List[int]]
_NAMES = {"p": "put", "g": "get", "r": "remove", "l": "len"}


def pack(ops: Sequence[Sequence[Any]]) -> Packed:
    """Operations as (initials, keys, values), 0 where an operation has none."""
    return ("".join(op[0][0] for op in ops), [op[1] if len(op) > 1 else 0 for op in ops],
            [op[2] if len(op) > 2 else 0 for op in ops])


def unpack(packed: Packed) -> List[Tuple[Any, ...]]:
    """The operations :func:`pack` packed."""
    ops: List[Tuple[Any, ...]] = []
    for initial, key, value in zip(*packed):
        name = _NAMES[initial]
        ops.append((name, key, value) if name == "put" else (name,) if name == "len"
                   else (name, key))
    return ops


def call(op: Sequence[Any], name: str) -> str:
    """One operation as the learner would write it: ``m.put(3, 30)``."""
    if op[0] == "len":
        return f"len({name})"
    return f"{name}.{op[0]}({', '.join(repr(arg) for arg in op[1:])})"


def judge_steps(packed: Packed, expected: List[Optional[int]],
                actual: List[Optional[int]], name: str) -> Optional[str]:
    """Name the first operation whose result is wrong."""
    ops = unpack(packed)
    for step, (op, want, got) in enumerate(zip(ops, expected, actual), 1):
        if type(want) is not type(got) or want != got:
            return f"operation {step}, {call(op, name)}, returned {got!r} instead of {want!r}"
    if len(expected) != len(actual):
        return "the number of results differs from the number of operations"
    return None


def show_steps(first: str, packed: Packed, name: str) -> str:
    """``first`` and every operation, separated by semicolons; the range of
    the keys noted when it is wide."""
    ops = unpack(packed)
    shown = "; ".join([first] + [call(op, name) for op in ops])
    return note_spread(shown, [op[1] for op in ops if len(op) > 1])
