"""The k values that occur most often in a list."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable, List, Optional, Tuple

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, Rules, declare

from ._heap_inputs import LIMIT, sizes, small_or_extreme, wide, wide_list

#: A case: the numbers and k.
Case = Tuple[List[int], int]

#: What would do the heap part of the job: the names the syntax check looks
#: for, and the same functions (with Counter.most_common) as the tripwires
#: catch them at run time.  The syntax check leaves `.most_common` alone:
#: it cannot tell a Counter's method from one of the learner's own classes,
#: and the tripwire on the method itself can.
FORBIDDEN = ("heapq.nlargest", "heapq.nsmallest", "dsa.heap.nlargest", "dsa.heap.nsmallest")
TRIPWIRES = FORBIDDEN + ("collections.Counter.most_common",)

STATEMENT = """\
Write `top_k_frequent(nums: list[int], k: int) -> list[int]` that returns
the k values occurring most often in `nums`.

Return k *distinct* values, in any order.  When several values occur equally
often at the boundary (say k = 1 and two values both occur three times), any
choice among them is right: what matters is that no value left out occurs
more often than a value you returned.

`nums` is not empty and `1 <= k <= `(the number of distinct values in `nums`).

Aim for O(n log k): count the occurrences with a dict, then keep the k most
frequent values in a min-heap of at most k entries.  The speed check times
your code with k half the number of distinct values, on inputs where most
values repeat a few times, where no value repeats, and where one value fills
half the list, and fails code whose time grows like n * k or n * (distinct
values) on any of them.  Sorting the counts, O(n log n), passes too.

`heapq.nlargest`, `heapq.nsmallest` and `Counter.most_common` would do the
heap part for you, so they are off limits here, and so are this package's
`dsa.heap.nlargest` and `dsa.heap.nsmallest`, however your code reaches
them (an import, `getattr`, `importlib`...).  `collections.Counter` itself
is fine.
"""

EXAMPLES = (
    "`top_k_frequent([1, 1, 1, 2, 2, 3], 2)` returns `[1, 2]` (or `[2, 1]`)",
    "`top_k_frequent([4, 4, 5, 5, 6], 1)` may return `[4]` or `[5]`: they tie",
    "`top_k_frequent([7], 1)` returns `[7]`",
)

CONSTRAINTS = (
    "1 <= len(nums) <= 10**5",
    "-10**9 <= nums[i] <= 10**9",
    "1 <= k <= the number of distinct values in nums",
)

HINTS = (
    "First find out how often every value occurs; a dict from value to "
    "count does it in one pass.",
    "Now the question is the k largest counts, the same question as "
    "\"k-th largest\", asked of (count, value) pairs.",
    "Keep a min-heap of at most k `(count, value)` pairs: push each pair, "
    "and when the heap grows past k, pop its top, the least frequent of them.",
    "Mind the order inside the pair: the heap compares the first item "
    "first, so the count must come first.",
)

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
    """A short list over a few values (so counts differ and tie), now and
    then a limit of the range, and a valid k."""
    nums = draw(st.lists(small_or_extreme(-5, 5), min_size=1, max_size=30))
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


# Growth inputs.  k is half the number of distinct values d in all of them,
# and d grows with n, so picking the k best one at a time (O(k * d)) or
# counting each value with a pass of its own (O(n * d)) grows like n**2.


def _half(nums: List[int]) -> Case:
    """The case of ``nums`` with k half its number of distinct values."""
    return nums, max(1, len(set(nums)) // 2)


def _repeating(n: int, rng: random.Random) -> Case:
    """n numbers drawn from n/2 wide values: about 0.43 n distinct ones, most
    occurring once to four times."""
    pool = wide_list(max(1, n // 2), rng)
    return _half(rng.choices(pool, k=n))


def _distinct(n: int, rng: random.Random) -> Case:
    """n different numbers: every count is 1, so every value ties with every
    other.  A quickselect on the counts whose split puts the ties on one
    side sets aside one value per round here (O(d**2))."""
    return _half(rng.sample(range(-LIMIT, LIMIT), n))


def _dominant(n: int, rng: random.Random) -> Case:
    """One value fills half the list, the other half is all different: the
    largest count is n/2, so code that walks every count level from the
    largest down, scanning all values at each level, does n/2 * d steps."""
    half = n // 2
    nums = [wide(rng)] * half + rng.sample(range(-LIMIT, LIMIT), n - half)
    rng.shuffle(nums)
    return _half(nums)


COMPLEXITY = Complexity(
    expected="O(n log k)",
    max_exponent=1.5,
    sizes=sizes(512, 8192),
    families={"repeating values": _repeating, "all distinct": (_distinct, sizes(256, 4096)),
              "one value fills half": _dominant},
    repeats=7,
    note="k is half the number of distinct values, which grows with n",
)


def _large(rng: random.Random) -> List[Case]:
    """10**5 numbers over the whole range: copies of 40 values (so that a
    pass per distinct value still finishes quickly), and one value alone."""
    n = 10**5
    pool = wide_list(40, rng)
    nums = rng.choices(pool, k=n)
    return [(nums, 1), (nums, len(set(nums))), ([wide(rng)] * n, 1)]


PROBLEM = declare(
    globals(),
    Listing("Top k frequent values", "heap", "medium", order=3),
    forbidden=FORBIDDEN,
    rules=Rules(tripwires=TRIPWIRES),
    explicit_cases=(
        ([7], 1),
        ([4, 4, 5, 5, 6], 1),
        ([1, 1, 1, 2, 2, 3], 2),
        ([-1, -1, 2], 2),
        ([LIMIT, -LIMIT, LIMIT], 1),
    ),
)
