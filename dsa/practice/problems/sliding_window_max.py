"""Sliding-window maximum: the largest value of every window of k values."""

from __future__ import annotations

import random
from typing import Any, Optional

from hypothesis import strategies as st

from dsa.practice.counting import Counted
from dsa.practice.problem import Complexity, Problem

STATEMENT = """\
A window of width `k` slides over a list of integers from left to right, one
position at a time.  Return the **maximum of every window**, in order: the
maximum of `nums[0:k]`, then of `nums[1:k + 1]`, and so on up to the window
ending at the last value.

```python
def max_sliding_window(nums: list[int], k: int) -> list[int]:
```

* There are `len(nums) - k + 1` windows, so that many maxima.
* It is guaranteed that `len(nums) >= 1` and `1 <= k <= len(nums)`.
* Values may be negative and may repeat.
* The values must only be compared with each other (the grader counts the
  comparisons); `collections.deque` is allowed.

Aim for O(n) time whatever `k` is: taking `max` of every window costs
O(n * k).
"""

EXAMPLES = (
    "`max_sliding_window([2, 7, 4, 1, 8, 3], 3)` returns `[7, 7, 8, 8]`.",
    "`max_sliding_window([5, -2, 0], 1)` returns `[5, -2, 0]`.",
    "`max_sliding_window([9, 8, 7, 6], 4)` returns `[9]`.",
)

CONSTRAINTS = (
    "1 <= len(nums) <= 10**5",
    "1 <= k <= len(nums)",
    "-10**4 <= nums[i] <= 10**4",
)

HINTS = (
    "Taking `max` of every window is O(n * k). When the window slides, one "
    "value enters and one leaves: what from the previous window is still "
    "worth remembering?",
    "When a value x enters, every older value y <= x still in the window is "
    "useless from now on: x is at least as large and stays longer. So only "
    "a few *candidates* matter, and their values decrease from oldest to "
    "newest.",
    "Keep the candidates' *positions* in a `collections.deque`: pop from the "
    "back those whose value is <= the new one, pop from the front a position "
    "that has left the window (position <= i - k), push the new position at "
    "the back, and read the maximum at the front.",
)

STUB = '''\
"""Sliding-window maximum.

Return the maximum of every window of k consecutive values of nums, from
left to right: len(nums) - k + 1 maxima.  1 <= k <= len(nums) is
guaranteed.  Compare values only with each other; collections.deque is
allowed.  Aim for O(n), whatever k is.

    max_sliding_window([2, 7, 4, 1, 8, 3], 3)  ->  [7, 7, 8, 8]
    max_sliding_window([5, -2, 0], 1)          ->  [5, -2, 0]
    max_sliding_window([9, 8, 7, 6], 4)        ->  [9]
"""

from __future__ import annotations

from collections import deque


def max_sliding_window(nums: list[int], k: int) -> list[int]:
    """Return the maximum of every window of k consecutive values."""
    raise NotImplementedError("write your solution here")
'''


@st.composite
def _cases(draw: Any) -> tuple[list[int], int]:
    """A short list of small values (repeats are common) and a valid k."""
    nums = draw(st.lists(st.integers(-10, 10), min_size=1, max_size=30))
    k = draw(st.integers(1, len(nums)))
    return nums, k


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Counted) else value


def _run(solution: Any, case: tuple[list[Any], int]) -> list[int]:
    """Call the solution on a fresh copy of the list; return the maxima."""
    nums, k = case
    result = solution(list(nums), k)
    if not isinstance(result, (list, tuple)):
        raise TypeError(
            "max_sliding_window must return a list of numbers, but returned "
            f"a {type(result).__name__}"
        )
    maxima = [_plain(value) for value in result]
    for value in maxima:
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(
                "max_sliding_window must return a list of numbers from nums, "
                f"but the list holds {value!r}"
            )
    return maxima


def _judge(case: tuple[list[Any], int], expected: list[int], actual: list[int]) -> Optional[str]:
    """Name the first window whose maximum is wrong."""
    nums, k = case
    if len(actual) != len(expected):
        return (
            f"there are {len(expected)} windows of width {k} in a list of "
            f"{len(nums)} values, but {len(actual)} maxima were returned"
        )
    for start, (want, got) in enumerate(zip(expected, actual)):
        if want != got:
            window = [_plain(x) for x in nums[start:start + k]]
            return f"the window nums[{start}:{start + k}] = {window} has maximum {want}, not {got}"
    return None


def _show(case: tuple[list[Any], int]) -> str:
    nums, k = case
    return f"max_sliding_window({[_plain(x) for x in nums]!r}, {k})"


def _make_case(n: int, rng: random.Random) -> tuple[list[int], int]:
    """n random values and a window a quarter as wide as the list."""
    return [rng.randrange(10**6) for _ in range(n)], n // 4


def _counted(case: tuple[list[int], int]) -> tuple[list[Counted], int]:
    """The values made Counted, for the comparison count."""
    nums, k = case
    return [Counted(x) for x in nums], k


PROBLEM = Problem(
    name="sliding-window-max",
    title="Sliding-window maximum",
    structure="deque",
    difficulty="hard",
    entry="max_sliding_window",
    kind="function",
    statement=STATEMENT,
    examples=EXAMPLES,
    constraints=CONSTRAINTS,
    hints=HINTS,
    stub=STUB,
    reference="dsa.practice.solutions.sliding_window_max",
    cases=_cases(),
    run=_run,
    judge=_judge,
    complexity=Complexity(
        expected="O(n)",
        max_exponent=1.3,
        sizes=(256, 512, 1024, 2048, 4096),
        make_case=_make_case,
        counted=_counted,
        min_ops=lambda n: n - n // 4,
        note="comparisons counted, with k = n // 4",
    ),
    show_case=_show,
    order=1,
    explicit_cases=(
        ([4], 1),
        ([3, 3, 1, 3], 2),
        ([9, 8, 7, 6], 4),
    ),
)
