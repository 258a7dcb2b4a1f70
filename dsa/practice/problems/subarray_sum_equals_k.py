"""Subarray sum equals k: count the stretches of a list whose sum is k."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Tuple

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, declare
from dsa.practice.problems._answers import (list_and_number, list_and_number_call,
                                             sizes_between, whole_number)

#: A case: the numbers and k.
Case = Tuple[List[int], int]

#: The most numbers and the largest number (in size) the constraints allow.
MOST = 10**5
BIGGEST = 1000

STATEMENT = """\
Write `subarray_sum(nums: list[int], k: int) -> int` that returns how many
**subarrays** of `nums` add up to exactly `k`.

A subarray is a non-empty run of consecutive positions, `nums[i:j]` with
`i < j`; two subarrays at different positions count separately even when
they hold the same numbers.

* The numbers may be negative or zero, so a sum can go down as well as up.
* The answer can be large: a list of n zeros with `k = 0` has
  n * (n + 1) / 2 subarrays that qualify.

Aim for O(n) time on average: walk the list once, keep the sum of the
numbers so far, and count in a dict how often each such running sum has
occurred.  Trying every pair of ends is O(n**2) and too slow, and so is
listing the matching subarrays one by one.
"""

EXAMPLES = (
    "`subarray_sum([1, 2, 1, 2], 3)` returns `3`: positions 0-1, 1-2 and 2-3",
    "`subarray_sum([1, -1, 0], 0)` returns `3`: `[1, -1]`, `[0]` and `[1, -1, 0]`",
    "`subarray_sum([4, 4], 4)` returns `2`, and `subarray_sum([5], 4)` returns `0`",
)

CONSTRAINTS = (
    "0 <= len(nums) <= 10**5",
    "-1000 <= nums[i] <= 1000",
    "-10**8 <= k <= 10**8",
)

HINTS = (
    "Write `P[j]` for the sum of the first j numbers (`P[0] = 0`).  The "
    "subarray `nums[i:j]` adds up to `P[j] - P[i]`.  What must be true of "
    "`P[i]` for that subarray to count?",
    "It counts exactly when `P[i] == P[j] - k`.  So, standing at position "
    "j, the number of good subarrays ending there is the number of earlier "
    "running sums equal to `P[j] - k`.",
    "Keep a dict from each running sum seen so far to how many times it "
    "occurred.  Start it with `{0: 1}`, the empty prefix, or the "
    "subarrays that start at position 0 are missed.",
    "For each number: add it to the running sum, add "
    "`counts.get(total - k, 0)` to the answer, and only then count `total` "
    "itself.",
)

STUB = '''\
"""Subarray sum equals k.

Return how many subarrays (runs of consecutive positions, not empty) of
nums add up to exactly k.  Numbers may be negative or zero.  Aim for O(n)
with running sums and a dict counting how often each running sum occurred.

    subarray_sum([1, 2, 1, 2], 3)   ->  3    ([1, 2], [2, 1], [1, 2])
    subarray_sum([1, -1, 0], 0)     ->  3    ([1, -1], [0], [1, -1, 0])
    subarray_sum([5], 4)            ->  0
"""

from __future__ import annotations


def subarray_sum(nums: list[int], k: int) -> int:
    """Return the number of subarrays of nums that add up to k."""
    raise NotImplementedError("write your solution here")
'''

_CASES = st.tuples(st.lists(st.integers(-3, 3), max_size=15), st.integers(-4, 4))


def _run(solution: Callable[..., Any], case: Case) -> int:
    """Call the solution on a fresh copy of the numbers; return its count."""
    return whole_number(solution(*list_and_number(case)), "subarray_sum")


def _show(case: Case) -> str:
    return list_and_number_call("subarray_sum", case)


def _random(n: int, rng: random.Random) -> Case:
    """n numbers in -10 .. 10 and k = 7: a few thousand matches.

    Every solution that tries each pair of ends costs O(n**2) on any input.
    """
    return rng.choices(range(-10, 11), k=n), 7


def _zeros(n: int, rng: random.Random) -> Case:
    """n zeros and k = 0: every one of the n * (n + 1) / 2 subarrays counts.

    A solution that finds each matching subarray separately (a list of
    positions per running sum, walked to count) costs as much as the answer,
    O(n**2), though it is quick when matches are rare; adding up counts
    costs O(n).
    """
    return [0] * n, 0


COMPLEXITY = Complexity(
    expected="O(n) on average",
    max_exponent=1.8,
    sizes=sizes_between(500, 8000, 10),
    families={"random": _random, "all zeros": _zeros},
)


def _large(rng: random.Random) -> List[Case]:
    """The most numbers: the widest numbers; all zeros; a sum that climbs
    steadily; numbers that cancel in pairs."""
    return [
        (rng.choices(range(-BIGGEST, BIGGEST + 1), k=MOST), 0),
        ([0] * MOST, 0),
        ([BIGGEST] * MOST, BIGGEST * MOST // 2),
        ([BIGGEST, -BIGGEST] * (MOST // 2), -BIGGEST),
    ]


PROBLEM = declare(
    globals(),
    Listing("Subarray sum equals k", "hash table", "medium", order=8),
    entry="subarray_sum",
    explicit_cases=(
        ([], 0),
        ([3], 3),
        ([1, 2, 1, 2], 3),
        ([1, -1, 0], 0),
        ([0, 0, 0], 0),
        ([2, -2, 2], 2),
    ),
    lessons=("hashtable",),
)
