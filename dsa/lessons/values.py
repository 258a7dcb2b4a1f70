"""The learner's own values for a lesson's animations.

``python -m dsa.lessons heap --values 9,4,7,1`` (or values typed at a
prompt, in a terminal) replaces the published example in the animations
that take values.  Each lesson reads one kind of value, named in
:data:`KINDS`: integers for the heap, the deque and the linked list, words
(the keys) for the hash table.  The command line parses ``--values`` once,
with :func:`parse_values`, so that a bad entry stops before the lesson
starts; :meth:`dsa.lessons.context.Context.values` hands them to an
animation, or the default when the learner gave none.

The limits keep the pictures readable in 80 columns: 12 integers of up to
three digits and the one the heap lesson pushes make a list picture of 13
cells that fits; 4 of them and the one the linked-list lesson inserts make
5 boxes of nodes, 16 columns each with the arrow to the next (75 in all);
and 8 words fill the hash lesson's 8-slot chained table at load 1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

#: Integers a picture draws in at most three columns (the heap pushes one
#: less than the smallest: -1 at worst, two columns).
LOW, HIGH = 0, 999
#: A word: a letter first, then letters, digits, ``_`` or ``-``.
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,11}")


@dataclass(frozen=True)
class ValueKind:
    """What one lesson's values are: how one is read, and how many."""

    what: str                       # "integers from -99 to 999", said in errors
    parse: Callable[[str], object]  # one item -> its value; ValueError if bad
    limit: int                      # at most this many
    distinct: bool = False          # keys: each at most once

    def describe(self) -> str:
        """'1 to 15 integers from -99 to 999', for help and errors."""
        return (f"1 to {self.limit} {'distinct ' if self.distinct else ''}{self.what}, "
                "separated by commas or spaces")


def integer(item: str) -> int:
    try:
        value = int(item)
    except ValueError:
        raise ValueError(f"{item!r} is not an integer") from None
    if not LOW <= value <= HIGH:
        raise ValueError(f"{value} is outside {LOW} to {HIGH}")
    return value


def word(item: str) -> str:
    if not WORD.fullmatch(item):
        raise ValueError(f"{item!r} is not a word (a letter, then up to 11 letters, "
                         "digits, _ or -)")
    return item


INTEGERS = ValueKind(f"integers from {LOW} to {HIGH}", integer, 12)
#: The linked-list lesson's: nodes drawn as boxes, five to a line at most.
NODE_INTEGERS = ValueKind(f"integers from {LOW} to {HIGH}", integer, 4)
WORDS = ValueKind("words (the keys, e.g. ada,alan,grace)", word, 8, distinct=True)

#: Each lesson's kind of value.
KINDS: dict[str, ValueKind] = {"heap": INTEGERS, "hashtable": WORDS,
                               "deque": INTEGERS, "linkedlist": NODE_INTEGERS}


def kind_for(lesson: str) -> ValueKind:
    """The kind of value lesson ``lesson`` reads (integers unless told)."""
    return KINDS.get(lesson, INTEGERS)


def parse_values(text: str, kind: ValueKind) -> tuple:
    """'9, 4,7 1' -> (9, 4, 7, 1); ValueError with a one-line message, which
    says the limits, for anything else (an empty item between commas too:
    '1,,2' is a slip, not the two values 1 and 2)."""
    pieces = text.split(",")
    if len(pieces) > 1 and not all(piece.strip() for piece in pieces):
        raise ValueError(f"an empty value between commas: give {kind.describe()}")
    items = [item for piece in pieces for item in piece.split()]
    if not items:
        raise ValueError(f"no values given: give {kind.describe()}")
    if len(items) > kind.limit:
        raise ValueError(f"{len(items)} values given: give {kind.describe()}")
    values = []
    for item in items:
        try:
            values.append(kind.parse(item))
        except ValueError as exc:
            raise ValueError(f"{exc}: give {kind.describe()}") from None
    if kind.distinct and len(set(values)) < len(values):
        twice = next(v for v in values if values.count(v) > 1)
        raise ValueError(f"{twice!r} is given twice: give {kind.describe()}")
    return tuple(values)


def shown(values: Sequence, most: int | None = None) -> str:
    """Values as the prompt and the notes show them: [3, 5, 7] or [ada, alan];
    past ``most`` of them, the rest is "...": [3, 5, 7, ...]."""
    items = [str(v) for v in values]
    if most is not None and len(items) > most:
        items = items[:most] + ["..."]
    return "[" + ", ".join(items) + "]"


__all__ = ["ValueKind", "INTEGERS", "NODE_INTEGERS", "WORDS", "KINDS", "kind_for", "parse_values",
           "shown", "LOW", "HIGH"]
