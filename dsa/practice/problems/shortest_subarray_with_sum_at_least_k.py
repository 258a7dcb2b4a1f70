"""The shortest subarray whose sum reaches k, negative numbers allowed."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Optional, Tuple

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, declare, doublings

#: A case: the numbers and k.
Case = Tuple[List[int], int]

STATEMENT = """\
Given a list of integers `nums` (negative numbers allowed) and a number
`k`, return the length of the **shortest non-empty contiguous subarray**
`nums[i:j]` whose sum is at least `k`, or `-1` when no subarray reaches
`k`:

```python
def shortest_subarray(nums: list[int], k: int) -> int
```

* `nums` holds at least one number and `k >= 1`.
* Because numbers may be negative, a longer subarray is not always a
  larger one: the window-shrinking trick that works for positive numbers
  gives wrong answers here.

Aim for O(n) time: this is the deque side of a pair, a deque of positions
kept in order, from whose front candidates also leave.  (Its stack side is
"Days until a warmer day".)
"""

EXAMPLES = (
    "`shortest_subarray([2, -1, 2], 3)` returns `3`: only the whole list reaches 3.",
    "`shortest_subarray([1, 2], 4)` returns `-1`.",
    "`shortest_subarray([84, -37, 32, 40, 95], 167)` returns `3` (`32 + 40 + 95`), although "
    "the sum of all five is larger.",
)

CONSTRAINTS = (
    "1 <= len(nums) <= 10,000",
    "-10**5 <= nums[i] <= 10**5",
    "1 <= k <= 10**9",
)

HINTS = (
    "With prefix sums `P[0] = 0` and `P[j + 1] = P[j] + nums[j]`, the sum of `nums[i:j]` is "
    "`P[j] - P[i]`.  For each end `j` you want the latest start `i < j` with "
    "`P[i] <= P[j] - k`.",
    "A start `i` is useless once a later start `i2` has `P[i2] <= P[i]`: `i2` gives a "
    "shorter subarray and a sum at least as large.  So keep candidate starts whose prefix "
    "sums *increase*, in a deque of positions: before adding `j`, pop from the back every "
    "position whose prefix sum is `>= P[j]`.",
    "Before that, pop from the *front* while `P[j] - P[front] >= k`: each such front is a "
    "valid start for `j` (record `j - front`), and no later end can use it for a shorter "
    "answer.  Every position enters and leaves the deque once: O(n).",
)

STUB = '''\
"""Shortest subarray with sum at least k.

Return the length of the shortest non-empty run nums[i:j] whose sum is at
least k, or -1 if there is none.  Numbers may be negative; k >= 1.  Aim for
O(n), with a deque of positions.

    shortest_subarray([2, -1, 2], 3)         ->  3
    shortest_subarray([1, 2], 4)             ->  -1
    shortest_subarray([84, -37, 32, 40, 95], 167)  ->  3     (32 + 40 + 95)
"""

from __future__ import annotations

from collections import deque


def shortest_subarray(nums: list[int], k: int) -> int:
    """Length of the shortest subarray with sum >= k, or -1."""
    raise NotImplementedError("write your solution here")
'''


def _run(solution: Callable[[List[int], int], Any], case: Case) -> int:
    """Call the solution on a fresh copy of the numbers."""
    nums, k = case
    result = solution(list(nums), k)
    if type(result) is not int:
        raise TypeError("shortest_subarray must return an int (a length, or -1), not "
                        f"{type(result).__name__}")
    return result


def _witness(nums: List[int], k: int, length: int) -> Optional[Tuple[int, int]]:
    """Where a subarray of ``length`` numbers with sum >= k starts and ends."""
    if length < 1 or length > len(nums):
        return None
    total = sum(nums[:length])
    for start in range(len(nums) - length + 1):
        if start:
            total += nums[start + length - 1] - nums[start - 1]
        if total >= k:
            return start, start + length
    return None


def _judge(case: Case, expected: Any, actual: Any) -> Optional[str]:
    """Equality, with a subarray that shows the right answer when the list is short."""
    if actual == expected:
        return None
    nums, k = case
    if expected == -1:
        return f"no subarray sums to {k} or more, so the answer is -1, not {actual}"
    place = _witness(nums, k, expected) if len(nums) <= 200 else None
    shown = ""
    if place is not None:
        i, j = place
        shown = f": nums[{i}:{j}] = {nums[i:j]} sums to {sum(nums[i:j])}"
    if actual == -1:
        return f"a subarray of {expected} number(s) reaches {k}{shown}; the answer is not -1"
    if 1 <= actual < expected:
        return (f"no subarray of {actual} number(s) sums to {k} or more; the shortest has "
                f"{expected}{shown}")
    return f"the shortest subarray with sum >= {k} has {expected} number(s){shown}, not {actual}"


@st.composite
def _cases(draw: Any) -> Case:
    """Up to 25 small numbers of both signs, and a k they often just reach."""
    nums = draw(st.lists(st.integers(-10, 10), min_size=1, max_size=25))
    k = draw(st.integers(1, 30))
    return (nums, k)


def _show(case: Case) -> str:
    nums, k = case
    return f"shortest_subarray({nums!r}, {k})"


def _unreachable(n: int, rng: random.Random) -> Case:
    """Numbers of both signs that never add up to k: every start must be
    ruled out, and a scan from each start runs to the end."""
    return ([rng.randrange(-100, 101) for _ in range(n)], 10**9)


def _rising(n: int, rng: random.Random) -> Case:
    """Positive numbers, k their total: the only answer is the whole list, and
    the prefix sums only rise, so every position stays a candidate start."""
    nums = [rng.randrange(1, 101) for _ in range(n)]
    return (nums, sum(nums))


COMPLEXITY = Complexity(
    expected="O(n)",
    max_exponent=1.3,
    sizes=doublings(6400),
    families={"never reaching k": _unreachable, "rising, k = total": _rising},
    repeats=15,
)


def _large(rng: random.Random) -> List[Case]:
    """Lists as long as the constraints allow: the widest numbers with short
    answers, and small numbers that drift upwards, whose answer is hundreds
    of numbers long."""
    wide = [rng.randrange(-10**5, 10**5 + 1) for _ in range(10_000)]
    drift = [rng.randrange(-1, 3) for _ in range(10_000)]
    return [(wide, 250_000), (drift, 300)]


PROBLEM = declare(
    globals(),
    Listing("Shortest subarray with sum at least k", "deque", "hard", order=5),
    entry="shortest_subarray",
    explicit_cases=(([1], 1), ([1], 2), ([2, -1, 2], 3), ([1, -1, 2], 2),
                    ([84, -37, 32, 40, 95], 167), ([-5, 10], 10)),
    lessons=("deque",),
)
