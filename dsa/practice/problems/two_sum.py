"""Two sum: find two positions whose values add up to a target."""

from __future__ import annotations

import random
from typing import Any, Optional

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Problem


STATEMENT = """\
Given a list of integers `nums` and an integer `target`, find two
**different positions** `i < j` such that `nums[i] + nums[j] == target`, and
return them as a tuple `(i, j)`.

```python
def two_sum(nums: list[int], target: int) -> tuple[int, int]:
```

* At least one such pair is guaranteed to exist.
* If several pairs work, return any one of them.
* A position cannot be used twice: `nums[i] + nums[i]` does not count, but
  two equal values at two different positions do.
* The values may be negative, zero or repeated.
* A list `[i, j]` is accepted as well as a tuple.

Aim for a single pass over the list: O(n) time on average.
"""

EXAMPLES = (
    "`two_sum([5, 1, 4, 3], 7)` returns `(2, 3)`, because 4 + 3 = 7.",
    "`two_sum([3, 3], 6)` returns `(0, 1)`: equal values, different positions.",
    "`two_sum([2, -1, 6, 3, 0], 2)` may return `(0, 4)` or `(1, 3)`.",
)

CONSTRAINTS = (
    "2 <= len(nums) <= 10**5",
    "-10**9 <= nums[i] <= 10**9 and -2 * 10**9 <= target <= 2 * 10**9",
    "at least one valid pair exists",
)

HINTS = (
    "Checking every pair works but costs O(n^2). Fix one value `x`: "
    "which single value would complete it?",
    "Standing at position `j`, you need to know whether `target - nums[j]` "
    "appeared earlier, and at which position. Which structure answers "
    "\"have I seen this value, and where?\" in O(1)?",
    "Walk the list once with a dict from value to position. Look up "
    "`target - x` *before* you store `x`, so that `x` never pairs with itself.",
)

STUB = '''\
"""Two sum.

Return two positions i < j of `nums` whose values add up to `target`, as a
tuple (i, j).  A pair always exists; if several do, any one is fine.  The
same position cannot be used twice, but equal values at two positions can.

    two_sum([5, 1, 4, 3], 7)     ->  (2, 3)
    two_sum([3, 3], 6)           ->  (0, 1)
    two_sum([2, -1, 6, 3, 0], 2) ->  (0, 4) or (1, 3)
"""

from __future__ import annotations


def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    """Return positions i < j with nums[i] + nums[j] == target."""
    raise NotImplementedError("write your solution here")
'''


@st.composite
def _cases(draw: Any) -> tuple[list[int], int]:
    """A list and a target built from two of its positions, so a pair exists.

    Small values make repeats, and targets equal to twice some value, common.
    """
    nums = draw(st.lists(st.integers(-10, 10), min_size=2, max_size=30))
    i = draw(st.integers(0, len(nums) - 2))
    j = draw(st.integers(i + 1, len(nums) - 1))
    return nums, nums[i] + nums[j]


def _run(solution: Any, case: tuple[list[int], int]) -> tuple[int, int]:
    """Call the solution on a fresh copy of the list; return the pair it gives."""
    nums, target = case
    result = solution(list(nums), target)
    if (
        not isinstance(result, (tuple, list))
        or len(result) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in result)
    ):
        raise TypeError(
            f"two_sum must return a pair of indices (i, j), but returned {result!r}"
        )
    return int(result[0]), int(result[1])


def _judge(
    case: tuple[list[int], int], expected: Any, actual: tuple[int, int]
) -> Optional[str]:
    """Accept any pair of positions i < j whose values add up to the target."""
    nums, target = case
    i, j = actual
    n = len(nums)
    if not (0 <= i < n and 0 <= j < n):
        return f"({i}, {j}) is not a pair of positions in a list of length {n}"
    if i == j:
        return f"({i}, {j}) uses position {i} twice"
    if i > j:
        return f"({i}, {j}) has the larger position first; return them as i < j"
    if nums[i] + nums[j] != target:
        return (
            f"nums[{i}] + nums[{j}] = {nums[i]} + {nums[j]} = "
            f"{nums[i] + nums[j]}, not {target}"
        )
    return None


def _show(case: tuple[list[int], int]) -> str:
    nums, target = case
    return f"two_sum({nums!r}, {target!r})"


def _make_case(n: int, rng: random.Random) -> tuple[list[int], int]:
    """n distinct values whose only valid pair is the last two positions.

    The first n - 2 values are below 4n, the last two are 10**9 and
    10**9 + 1, and the target is their sum: no other pair reaches it.  A
    solution that tries pairs in order therefore tries all of them.
    """
    big = 10**9
    nums = rng.sample(range(4 * n), n - 2) + [big, big + 1]
    return nums, 2 * big + 1


PROBLEM = Problem(
    name="two-sum",
    title="Two sum",
    structure="hash table",
    difficulty="easy",
    entry="two_sum",
    kind="function",
    statement=STATEMENT,
    examples=EXAMPLES,
    constraints=CONSTRAINTS,
    hints=HINTS,
    stub=STUB,
    reference="dsa.practice.solutions.two_sum",
    cases=_cases(),
    run=_run,
    judge=_judge,
    complexity=Complexity(
        expected="O(n)",
        max_exponent=1.3,
        sizes=(300, 600, 1200, 2400, 4800),
        make_case=_make_case,
        note="one pass, one dict lookup per element",
    ),
    show_case=_show,
    order=1,
    explicit_cases=(
        ([3, 3], 6),
        ([-4, 7, 2, -4], -8),
    ),
)
