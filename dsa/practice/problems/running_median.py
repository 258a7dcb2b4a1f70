"""The median of a stream of numbers, asked for at any moment."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Optional, Union

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, declare
from dsa.practice.stubs import class_stub

from ._heap_inputs import LIMIT, sizes, small_or_extreme, wide, wide_list

#: One operation: a number is ``add(num)``, None is ``median()``.
Operation = Optional[int]
#: A case: the operations, replayed in order on a fresh ``MedianFinder()``.
#: (A flat list of ints and Nones travels between the processes several
#: times faster than a list of tuples, which matters at 32,000 operations.)
Case = List[Operation]
#: What ``run`` records for each operation: None for add, the median as a
#: float, or the text below when median() raises the ValueError it must raise.
Result = Union[None, float, str]

RAISES_VALUE_ERROR = "raises ValueError"

STATEMENT = """\
Write a class `MedianFinder` that takes numbers one at a time and can tell
the median of all the numbers added so far at any moment.

* `MedianFinder()` starts with no numbers.
* `add(num: int) -> None` adds a number.
* `median() -> float` returns the median of the numbers added so far, as a
  float: the middle number when there is an odd count of them, the mean of
  the two middle numbers when the count is even.  With no numbers yet it
  raises `ValueError`.

Numbers may repeat and may be negative.  Repeated values count separately:
the median of 1, 1 and 5 is 1.0.

Aim for O(log n) per `add` and O(1) per `median`: split the numbers into a
lower half and an upper half, each kept in a heap.  The speed check times
your code on numbers in random order with a median after every `add`, and
on up to 32,000 operations whose numbers arrive in decreasing order, and
fails code whose time grows like n per `add` or per `median`.  Keeping one
sorted list, even with `bisect.insort`, is such code: when every number is
the smallest so far, each `add` shifts the whole list.
"""

EXAMPLES = (
    "add 5, `median()` → `5.0`; add 1, `median()` → `3.0`; add 2, `median()` → `2.0`",
    "add 1, 1, 5: `median()` → `1.0` (repeats count)",
    "`MedianFinder().median()` raises `ValueError`",
)

CONSTRAINTS = (
    "At most 10**5 operations in all",
    "-10**9 <= num <= 10**9",
)

HINTS = (
    "Keeping every number sorted makes the median easy but costs O(n) per "
    "add.  You only ever need the one or two numbers in the middle.",
    "Split the numbers into a lower half and an upper half.  The median "
    "depends only on the largest of the lower half and the smallest of "
    "the upper half.",
    "Keep the lower half in a max-heap (with heapq: store `-num`) and the "
    "upper half in a min-heap.  Keep two rules: every number in the lower "
    "half is <= every number in the upper half, and the lower half has "
    "the same size as the upper half or one more.",
    "In `add`: push into the lower half when `num <= -low[0]` (or when it "
    "is empty), else into the upper half; then, if a rule on sizes broke, "
    "move one top across.  `median` reads `-low[0]` and `high[0]`.",
)

STUB = class_stub(
    '''\
Running median.

MedianFinder() starts empty; add(num) adds a number; median() returns the
median of all numbers added so far as a float (the mean of the two middle
ones when their count is even) and raises ValueError when there are none.
Aim for O(log n) per add and O(1) per median.

    finder = MedianFinder()
    finder.add(5); finder.median()   ->  5.0
    finder.add(1); finder.median()   ->  3.0
    finder.add(2); finder.median()   ->  2.0
    MedianFinder().median()          ->  raises ValueError
''',
    "MedianFinder",
    "The numbers added so far, ready to report their median.",
    [
        ("__init__(self) -> None", None),
        ("add(self, num: int) -> None", "Add one number."),
        ("median(self) -> float",
         "Return the median of the numbers added so far; ValueError if none."),
    ],
    imports=("heapq",),
)


def _cases() -> Any:
    """Up to 30 operations on small numbers (now and then a limit of the
    range), a median asked now and then."""
    return st.lists(st.one_of(small_or_extreme(), st.none()), max_size=30)


def _show(case: Case) -> str:
    """The operations as a learner would read them: ``add 5, median, ...``."""
    return ", ".join("median" if op is None else f"add {op}" for op in case) or "(none)"


def _run(solution: Callable[[], Any], case: Case) -> List[Result]:
    """Replay the operations on a fresh instance and record every result."""
    finder = solution()
    results: List[Result] = []
    for operation in case:
        if operation is not None:
            finder.add(operation)
            results.append(None)
            continue
        try:
            value = finder.median()
        except ValueError:
            results.append(RAISES_VALUE_ERROR)
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(
                f"median() must return a number (a float), "
                f"not {type(value).__name__}"
            )
        results.append(float(value))
    return results


def _judge(case: Case, expected: List[Result], actual: List[Result]) -> Optional[str]:
    """Name the first operation whose result is wrong."""
    for number, (want, got) in enumerate(zip(expected, actual), start=1):
        if want != got:
            should = "raise ValueError" if want == RAISES_VALUE_ERROR else f"return {want!r}"
            did = "it raised ValueError" if got == RAISES_VALUE_ERROR else f"it returned {got!r}"
            return f"median() at operation {number} should {should}, but {did}"
    if len(expected) != len(actual):
        return "the number of results differs from the number of operations"
    return None


# Growth inputs: n operations, adds and medians.  O(log n) per add and O(1)
# per median make O(n log n) in all; O(n) per add (or per median) makes
# O(n**2).


def _interleaved(numbers: List[int]) -> Case:
    """Each number added, then the median asked."""
    case: Case = []
    for num in numbers:
        case.append(num)
        case.append(None)
    return case


def _random(n: int, rng: random.Random) -> Case:
    """n/2 wide numbers in random order: inserting into a sorted list found
    by a scan, or sorting when a median is asked, shows here."""
    return _interleaved(wide_list(n // 2, rng))


def _decreasing(n: int, rng: random.Random) -> Case:
    """n operations, up to 32,000: numbers that never increase, and a median
    after every eighth add.  Every add lands at the front of a sorted list.

    ``bisect.insort`` finds the place in O(log n) but then shifts every
    number after it, one block copy done in C: a few nanoseconds per
    thousand numbers, lost in the cost of the call below some ten thousand
    numbers, three times the heaps' cost at 32,000 operations.  Medians cost
    both alike, so they are few here; the random input has one after every
    add.  The numbers are small ones (-5 to 256), which Python keeps one
    object for: the lists then hold pointers only, and stay in the cache.
    """
    adds = n * 8 // 9
    numbers = sorted(rng.choices(range(-5, 257), k=adds), reverse=True)
    case: Case = []
    for i, num in enumerate(numbers, start=1):
        case.append(num)
        if i % 8 == 0:
            case.append(None)
    return case


COMPLEXITY = Complexity(
    expected="O(log n) per add, O(1) per median",
    max_exponent=1.5,
    sizes=sizes(500, 8000),
    families={"random": _random, "decreasing": (_decreasing, sizes(2000, 32000))},
    repeats=7,
    note="n operations in all: O(n log n) in total",
)


def _large(rng: random.Random) -> List[Case]:
    """10**5 operations over the whole range: 2,000 adds (the limits among
    them) spread among medians, so that code slow only per add (which the
    growth inputs find) still finishes here."""
    operations: Case = []
    for _ in range(2000):
        operations.append(rng.choice((-LIMIT, LIMIT, wide(rng))))
        operations.extend([None] * 49)
    return [operations]


PROBLEM = declare(
    globals(),
    Listing("Running median", "heap", "hard", order=4),
    entry="MedianFinder",
    explicit_cases=(
        [None],
        [1, 2, None],
        [1, 1, 5, None],
        [2, 1, 3, None, -4, None],
        [LIMIT, LIMIT - 1, None, -LIMIT, None],
    ),
)
