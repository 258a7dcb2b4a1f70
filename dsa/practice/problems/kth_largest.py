"""The k-th largest number of a list, counting duplicates."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Tuple

from hypothesis import strategies as st

from dsa.practice.counting import Counted
from dsa.practice.problem import Complexity, Problem, Rules

#: A case: the numbers and k.
Case = Tuple[List[Any], int]

STATEMENT = """\
Write `kth_largest(nums: list[int], k: int) -> int` that returns the k-th
largest number in `nums`.

Repeated values count separately: sort `nums` from largest to smallest and
return the number at position k (counting from 1).  In `[5, 5, 1]` the
largest number is 5, the second largest is also 5 and the third largest is 1.

`nums` holds at least one number and `1 <= k <= len(nums)`, so there is
always an answer.  You may reorder `nums`.

Aim for O(n log k) time and O(k) extra space: a min-heap that never holds
more than k numbers can keep the k largest numbers seen so far.
`heapq.nlargest` and `heapq.nsmallest` would do the whole job for you, so
they are off limits here; `heapq.heappush`, `heappop`, `heapreplace` and
`heapify` are yours to use.
"""

STUB = '''\
"""Kth largest number.

Return the k-th largest number in nums, where repeated values count
separately (the second largest of [5, 5, 1] is 5).  nums is not empty and
1 <= k <= len(nums).  Aim for O(n log k) with a min-heap of at most k numbers.

    kth_largest([3, 1, 4, 1, 5], 2)  ->  4
    kth_largest([5, 5, 1], 2)        ->  5
    kth_largest([7], 1)              ->  7
"""

from __future__ import annotations

import heapq


def kth_largest(nums: list[int], k: int) -> int:
    """Return the k-th largest number in nums (duplicates count)."""
    raise NotImplementedError("write your solution here")
'''


@st.composite
def _cases(draw: Callable[..., Any]) -> Case:
    """A short list of small numbers (duplicates are common) and a valid k."""
    nums = draw(st.lists(st.integers(-9, 9), min_size=1, max_size=30))
    k = draw(st.integers(1, len(nums)))
    return nums, k


def _run(solution: Callable[..., Any], case: Case) -> Any:
    """Call the solution on a fresh copy of the numbers; return its answer."""
    nums, k = case
    result = solution(list(nums), k)
    if isinstance(result, Counted):  # the speed check hands out Counted numbers
        result = result.value
    if isinstance(result, bool) or not isinstance(result, int):
        raise TypeError(
            f"kth_largest must return one of the numbers (an int), "
            f"not {type(result).__name__}"
        )
    return result


def _make_case(n: int, rng: random.Random) -> Case:
    """n distinct-ish numbers in random order, k = n // 4.

    k grows with n, so an O(n * k) solution grows like n**2 while the heap
    of k numbers grows like n log n.
    """
    nums = [rng.randrange(10 * n) for _ in range(n)]
    return nums, max(1, n // 4)


def _counted(case: Case) -> Case:
    """The case with its numbers made Counted, for the comparison count."""
    nums, k = case
    return [Counted(x) for x in nums], k


PROBLEM = Problem(
    name="kth-largest",
    title="Kth largest number",
    structure="heap",
    difficulty="easy",
    entry="kth_largest",
    kind="function",
    statement=STATEMENT,
    examples=(
        "`kth_largest([3, 1, 4, 1, 5], 2)` returns `4`",
        "`kth_largest([5, 5, 1], 2)` returns `5`: the two 5s are the largest and the second largest",
        "`kth_largest([7], 1)` returns `7`",
    ),
    constraints=(
        "1 <= len(nums) <= 10**5 and 1 <= k <= len(nums)",
        "-10**9 <= nums[i] <= 10**9",
        "The speed check counts the comparisons your code makes between the "
        "numbers (it passes int-like items that count every `<`, `==`, ...).",
    ),
    hints=(
        "Sorting answers the question in O(n log n).  Can you get away with "
        "remembering only k numbers at a time?",
        "Of the k largest numbers seen so far, which one is the answer, and "
        "which one must go when a bigger number arrives?",
        "Keep a min-heap of at most k numbers: its top, `heap[0]`, is the k-th "
        "largest seen so far.",
        "Push the first k numbers; after that, when a number is larger than "
        "`heap[0]`, `heapq.heapreplace(heap, x)` swaps the top for it.  At the "
        "end `heap[0]` is the answer.",
    ),
    stub=STUB,
    reference="dsa.practice.solutions.kth_largest",
    cases=_cases(),
    run=_run,
    complexity=Complexity(
        expected="O(n log k)",
        max_exponent=1.4,
        sizes=(2048, 4096, 8192, 16384, 32768),
        make_case=_make_case,
        counted=_counted,
        min_ops=lambda n: n - 1,
        note="k grows with n (k = n/4), so O(n * k) shows as n**2",
    ),
    forbidden=("heapq.nlargest", "heapq.nsmallest"),
    rules=Rules(tripwires=("heapq.nlargest", "heapq.nsmallest")),
    order=1,
    explicit_cases=(
        ([7], 1),
        ([2, 2, 2], 3),
        ([5, 5, 1], 2),
        ([-3, -1, -2], 1),
    ),
)
