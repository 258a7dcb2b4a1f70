"""Longest consecutive run: the longest stretch of integers present in a list."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, declare
from dsa.practice.problems._hashing import by_count, note_spread, sizes

STATEMENT = """\
Given a list of integers, return the length of the longest **run of
consecutive integers** all present in it: the largest `m` such that `s`,
`s + 1`, ..., `s + m - 1` all appear in the list for some `s`.

```python
def longest_consecutive(nums: list[int]) -> int:
```

* The order of the list does not matter: the values only need to be present.
* A value may appear several times; a repeat neither extends nor breaks a run.
* An empty list has no run: return `0`.  Any single value is a run of length 1.
* Values may be negative, and reach a billion in size: the time and memory
  your code takes must depend on how many values there are, not on how far
  apart they are (a list with one place for every integer between the
  smallest value and the largest runs out of memory).

Aim for O(n) time on average: sorting (O(n log n)) is the first idea, but a
hash set lets you do without it.  The speed check uses one long run, a run
whose first and last values are repeated many times, and values far apart
in short runs.
"""

EXAMPLES = (
    "`longest_consecutive([10, 3, 11, 1, 2, 12, 13])` returns `4` "
    "(the run 10, 11, 12, 13).",
    "`longest_consecutive([0, 1, 1, 2, -5])` returns `3`: the repeated 1 "
    "does not break the run 0, 1, 2.",
    "`longest_consecutive([])` returns `0`.",
)

CONSTRAINTS = (
    "0 <= len(nums) <= 10**5",
    "-10**9 <= nums[i] <= 10**9",
)

HINTS = (
    "Put the values in a set: then \"is v present?\" costs O(1), and from a "
    "value x you can count upward x + 1, x + 2, ... while they are present.",
    "Counting upward from *every* value walks the same run again and again: "
    "O(n^2) on a list holding one long run. From which values is it enough "
    "to start?",
    "Start counting only at a value x whose predecessor x - 1 is absent: x is "
    "the first value of its run. Then each run is walked once, and the total "
    "work is linear.",
)

STUB = '''\
"""Longest consecutive run.

Return the length of the longest run of consecutive integers s, s + 1, ...,
s + m - 1 that all appear in `nums`.  Order does not matter, repeats neither
extend nor break a run, and an empty list gives 0.

    longest_consecutive([10, 3, 11, 1, 2, 12, 13])  ->  4
    longest_consecutive([0, 1, 1, 2, -5])           ->  3
    longest_consecutive([])                         ->  0
"""

from __future__ import annotations


def longest_consecutive(nums: list[int]) -> int:
    """Return the length of the longest run of consecutive integers in nums."""
    raise NotImplementedError("write your solution here")
'''

#: A small range of values, so that runs, repeats inside runs and gaps
#: between runs are all common.
_CASES = st.lists(st.integers(-5, 5), max_size=30)


def _run(solution: Any, case: list[int]) -> int:
    """Call the solution on a fresh copy of the list; return the length."""
    with by_count(case):
        result = solution(list(case))
    if not isinstance(result, int) or isinstance(result, bool):
        raise TypeError(
            "longest_consecutive must return an int (a length), but returned "
            f"{result!r}"
        )
    return result


def _show(case: list[int]) -> str:
    return note_spread(f"longest_consecutive({case!r})", case)


def _one_run(n: int, rng: random.Random) -> list[int]:
    """One long run of about 7n/8 values plus repeats, shuffled: counting
    upward from every value, not only from the first of a run, costs n**2."""
    distinct = n - n // 8
    start = rng.randrange(-10**6, 10**6)
    nums = list(range(start, start + distinct))
    nums += [rng.choice(nums) for _ in range(n - distinct)]
    rng.shuffle(nums)
    return nums


def _repeated_ends(n: int, rng: random.Random) -> list[int]:
    """A run of n/2 values whose first and last values fill the other half
    of the list: walking the run from each copy of its first value (a loop
    over the list instead of the set) costs n**2, and so does walking down
    from each copy of its last."""
    half = n // 2
    start = rng.randrange(-10**6, 10**6)
    nums = list(range(start, start + half))
    nums += [start] * ((n - half) // 2)
    nums += [start + half - 1] * (n - len(nums))
    rng.shuffle(nums)
    return nums


def _far_apart(n: int, rng: random.Random) -> list[int]:
    """Runs of 1 to 8 values whose starts are spread over -10**9..10**9: a
    list with a place for every integer in between never fits in memory."""
    nums: list[int] = []
    while len(nums) < n:
        start = rng.randrange(-10**9, 10**9 - 8)
        nums += range(start, start + rng.randrange(1, 9))
    nums = nums[:n]
    rng.shuffle(nums)
    return nums


COMPLEXITY = Complexity(
    expected="O(n)",
    max_exponent=1.3,
    sizes=sizes(512, 16384),
    families={"one long run": _one_run, "a run whose ends are repeated": _repeated_ends,
              "values far apart": _far_apart},
    repeats=9,
    note="one set lookup or two per value",
)


def _large(rng: random.Random) -> list[list[int]]:
    """The constraints' limits: 10**5 values over the whole range.

    Runs are at most 3,000 long, so that counting upward from every value,
    slow as it is, finishes here and is judged by the growth check; 3,000
    is still deeper than Python lets a recursive walk go.
    """
    long_run = list(range(-10**9, -10**9 + 3_000))
    scattered = [rng.randrange(-10**9, 10**9) for _ in range(97_000)]
    first = long_run + scattered
    rng.shuffle(first)
    near_top = list(range(10**9 - 2_999, 10**9 + 1))
    second = near_top + [rng.randrange(-10**9, 10**9) for _ in range(97_000)]
    rng.shuffle(second)
    return [first, second]


PROBLEM = declare(
    globals(),
    Listing("Longest consecutive run", "hash table", "medium", order=3),
    explicit_cases=(
        [],
        [7],
        [5, 5, 5],
        [3, 1, 2, 2],
        [-10**9, 10**9],
        [10**9, -10**9, 10**9 - 1, 0],
    ),
)
