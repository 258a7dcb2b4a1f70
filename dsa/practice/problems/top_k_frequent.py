"""The k values that occur most often in a list."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable, List, Optional, Tuple

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Problem, Rules

#: A case: the numbers and k.
Case = Tuple[List[int], int]

STATEMENT = """\
Write `top_k_frequent(nums: list[int], k: int) -> list[int]` that returns
the k values occurring most often in `nums`.

Return k *distinct* values, in any order.  When several values occur equally
often at the boundary (say k = 1 and two values both occur three times), any
choice among them is right: what matters is that no value left out occurs
more often than a value you returned.

`nums` is not empty and `1 <= k <= `(the number of distinct values in `nums`).

Aim for O(n log k): count the occurrences with a dict, then keep the k most
frequent values in a min-heap of at most k entries.  `heapq.nlargest`,
`heapq.nsmallest` and `Counter.most_common` would do the heap part for you,
so they are off limits here (`collections.Counter` itself is fine).
"""

STUB = '''\
"""Top k frequent values.

Return the k distinct values that occur most often in nums, in any order.
Ties at the boundary may be broken either way.  nums is not empty and
1 <= k <= number of distinct values.  Aim for O(n log k): count, then keep a
min-heap of at most k (count, value) pairs.

    top_k_frequent([1, 1, 1, 2, 2, 3], 2)  ->  [1, 2]   (or [2, 1])
    top_k_frequent([4, 4, 5, 5, 6], 1)     ->  [4] or [5]
    top_k_frequent([7], 1)                 ->  [7]
"""

from __future__ import annotations

import heapq


def top_k_frequent(nums: list[int], k: int) -> list[int]:
    """Return k distinct values of nums that occur most often, in any order."""
    raise NotImplementedError("write your solution here")
'''


@st.composite
def _cases(draw: Callable[..., Any]) -> Case:
    """A short list over a few values (so counts differ and tie) and a valid k."""
    nums = draw(st.lists(st.integers(-5, 5), min_size=1, max_size=30))
    k = draw(st.integers(1, len(set(nums))))
    return nums, k


def _run(solution: Callable[..., Any], case: Case) -> List[int]:
    """Call the solution on a fresh copy; return its values, sorted for display."""
    nums, k = case
    result = solution(list(nums), k)
    if not isinstance(result, (list, tuple)):
        raise TypeError(
            f"top_k_frequent must return a list of values, "
            f"not {type(result).__name__}"
        )
    for value in result:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(
                f"top_k_frequent must return values taken from nums (ints), "
                f"but the list holds a {type(value).__name__}: {value!r}"
            )
    return sorted(result)  # order does not matter; sorting makes outcomes easy to read


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


def _judge(case: Case, expected: List[int], actual: List[int]) -> Optional[str]:
    """Accept any k distinct values whose counts are the k largest counts."""
    nums, k = case
    counts = Counter(nums)
    if len(actual) != k:
        return f"expected {k} values, got {len(actual)}"
    if len(set(actual)) != len(actual):
        return "the answer repeats a value; the k values must be distinct"
    for value in actual:
        if value not in counts:
            return f"{value} does not occur in nums"
    chosen = set(actual)
    weakest = min(actual, key=counts.__getitem__)
    left_out = [value for value in counts if value not in chosen]
    if left_out:
        strongest = max(left_out, key=counts.__getitem__)
        if counts[strongest] > counts[weakest]:
            return (
                f"{weakest} occurs {_times(counts[weakest])}, but {strongest}, "
                f"left out, occurs {_times(counts[strongest])}"
            )
    return None


def _make_case(n: int, rng: random.Random) -> Case:
    """n numbers drawn from n/2 values (so about 0.43 n distinct ones), k = 10.

    The number of distinct values grows with n, so counting each one with a
    pass over the list (O(n * distinct)) grows like n**2.
    """
    nums = [rng.randrange(max(1, n // 2)) for _ in range(n)]
    return nums, min(10, len(set(nums)))


PROBLEM = Problem(
    name="top-k-frequent",
    title="Top k frequent values",
    structure="heap",
    difficulty="medium",
    entry="top_k_frequent",
    kind="function",
    statement=STATEMENT,
    examples=(
        "`top_k_frequent([1, 1, 1, 2, 2, 3], 2)` returns `[1, 2]` (or `[2, 1]`)",
        "`top_k_frequent([4, 4, 5, 5, 6], 1)` may return `[4]` or `[5]`: they tie",
        "`top_k_frequent([7], 1)` returns `[7]`",
    ),
    constraints=(
        "1 <= len(nums) <= 10**5",
        "-10**9 <= nums[i] <= 10**9",
        "1 <= k <= the number of distinct values in nums",
    ),
    hints=(
        "First find out how often every value occurs; a dict from value to "
        "count does it in one pass.",
        "Now the question is the k largest counts, the same question as "
        "\"k-th largest\", asked of (count, value) pairs.",
        "Keep a min-heap of at most k `(count, value)` pairs: push each pair, "
        "and when the heap grows past k, pop its top, the least frequent of them.",
        "Mind the order inside the pair: the heap compares the first item "
        "first, so the count must come first.",
    ),
    stub=STUB,
    reference="dsa.practice.solutions.top_k_frequent",
    cases=_cases(),
    run=_run,
    judge=_judge,
    complexity=Complexity(
        expected="O(n log k)",
        max_exponent=1.3,
        sizes=(500, 1000, 2000, 4000, 8000),
        make_case=_make_case,
        note="n numbers, about 0.43 n of them distinct, k = 10",
    ),
    forbidden=("heapq.nlargest", "heapq.nsmallest", ".most_common"),
    rules=Rules(tripwires=("heapq.nlargest", "heapq.nsmallest",
                           "collections.Counter.most_common")),
    order=3,
    explicit_cases=(
        ([7], 1),
        ([4, 4, 5, 5, 6], 1),
        ([1, 1, 1, 2, 2, 3], 2),
        ([-1, -1, 2], 2),
    ),
)
