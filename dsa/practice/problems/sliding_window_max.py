"""Sliding-window maximum: the largest value of every window of k values."""

from __future__ import annotations

import random
from typing import Any, List, Optional, Sequence, Tuple

from hypothesis import strategies as st

from dsa.practice.counting import Counted
from dsa.practice.problem import Complexity, Listing, declare
from dsa.practice.problems._counted import counted_items_and_number
from dsa.practice.problems._timing import growth_sizes

#: A case: the values and the window's width.
Case = Tuple[List[Any], int]

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
* `collections.deque` is allowed, and so is anything else in Python.

Aim for O(n) time whatever `k` is: taking `max` of every window costs
O(n * k).  The grader measures it on inputs that rise, fall or wander, with
narrow windows and windows nearly as wide as the list, by the clock and by
counting the comparisons your code makes between the values (they are
int-like objects that count every `<`, `<=`, `==`...).
"""

EXAMPLES = (
    "`max_sliding_window([2, 7, 4, 1, 8, 3], 3)` returns `[7, 7, 8, 8]`.",
    "`max_sliding_window([5, -2, 0], 1)` returns `[5, -2, 0]`.",
    "`max_sliding_window([9, 8, 7, 6], 4)` returns `[9]`.",
)

CONSTRAINTS = (
    "1 <= len(nums) <= 10**4",
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
guaranteed.  collections.deque is allowed.  Aim for O(n), whatever k is:
the grader measures rising, falling and random inputs, narrow and wide
windows.

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


def _random(n: int, rng: random.Random) -> List[int]:
    """n distinct values in random order, within the constraints (distinct,
    so that :func:`_min_ops` holds)."""
    return rng.sample(range(-10**4, 10**4 + 1), n)


def _quarter(n: int) -> int:
    return max(2, n // 4)


def _random_quarter(n: int, rng: random.Random) -> Case:
    """Random values, a window a quarter as wide as the list: max of every
    window costs n**2 / 4 here."""
    return _random(n, rng), _quarter(n)


def _rising(n: int, rng: random.Random) -> Case:
    """Strictly increasing values: every new value is the window's maximum."""
    return sorted(_random(n, rng)), _quarter(n)


def _falling(n: int, rng: random.Random) -> Case:
    """Strictly decreasing values: the maximum leaves the window at every step,
    so code that recomputes the maximum when it leaves pays k each time, and
    a deque of candidates stays k long (popping its front with list.pop(0)
    shifts all of them)."""
    return sorted(_random(n, rng), reverse=True), _quarter(n)


def _narrow(n: int, rng: random.Random) -> Case:
    """Random values, k = 3: n - 2 windows, so building the answer badly
    (``maxima = maxima + [m]``, ``insert(0, ...)``) shows."""
    return _random(n, rng), 3


def _wide(n: int, rng: random.Random) -> Case:
    """Random values, a window 7/8 of the list: work that grows like k**2
    (setting up the first window badly) shows most here."""
    return _random(n, rng), n - n // 8


def _min_ops(n: int) -> int:
    """The fewest comparisons any correct solution makes on a growth case.

    With distinct values, a value that is not the maximum of some window
    holding it must lose at least one comparison (otherwise it could have
    been the largest, and that window's answer would not be known), and
    each comparison has one loser.  On every family but the narrow one,
    all values lose except the largest few; with k = 3 a value escapes only
    when it is larger than the two on each side, about a fifth of them.  So
    at least half the values lose, with room to spare (a test checks the
    bound on every growth case).
    """
    return n // 2


COMPLEXITY = Complexity(
    expected="O(n)",
    max_exponent=1.3,
    # Lengths of the growth check: the reference takes about 0.1 ms of processor
    # time at the smallest and 2 ms at the largest (see :mod:`._timing`).
    sizes=growth_sizes(250),
    repeats=7,
    families={"random, k = n/4": _random_quarter, "increasing, k = n/4": _rising,
              "decreasing, k = n/4": _falling, "random, k = 3": _narrow,
              "random, k = 7n/8": _wide},
    counted=counted_items_and_number,
    min_ops=_min_ops,
    note="timed and comparisons counted",
)


def _large(rng: random.Random) -> Sequence[Case]:
    """Inputs at the constraints' limit: 10,000 values, narrow and wide windows."""
    size = 10_000
    values = [rng.randrange(-10**4, 10**4 + 1) for _ in range(size)]
    return ((values, 1), (values, 5_000), (values, size),
            (sorted(values, reverse=True), 1_000))


PROBLEM = declare(
    globals(),
    Listing("Sliding-window maximum", "deque", "hard", order=1),
    entry="max_sliding_window",
    explicit_cases=(
        ([4], 1),
        ([3, 3, 1, 3], 2),
        ([9, 8, 7, 6], 4),
        ([1, 2, 3, 4, 5], 2),
        ([5, 4, 3, 2, 1], 2),
    ),
)
