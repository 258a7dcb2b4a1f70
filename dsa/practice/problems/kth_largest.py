"""The k-th largest number of a list, counting duplicates."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Tuple

from hypothesis import strategies as st

from dsa.practice.counting import Counted
from dsa.practice.problem import Complexity, Listing, declare
from dsa.practice.problems._counted import counted_items_and_number

from ._heap_inputs import LIMIT, few_values, sizes, small_or_extreme, wide_list

#: A case: the numbers and k.
Case = Tuple[List[Any], int]

#: The library functions that would do the whole job; the tripwires catch
#: them however the code reaches them.
FORBIDDEN = ("heapq.nlargest", "heapq.nsmallest", "dsa.heap.nlargest", "dsa.heap.nsmallest")

STATEMENT = """\
Write `kth_largest(nums: list[int], k: int) -> int` that returns the k-th
largest number in `nums`.

Repeated values count separately: sort `nums` from largest to smallest and
return the number at position k (counting from 1).  In `[5, 5, 1]` the
largest number is 5, the second largest is also 5 and the third largest is 1.

`nums` holds at least one number and `1 <= k <= len(nums)`, so there is
always an answer.  You may reorder `nums`.

Aim for O(n log k) time: a min-heap that never holds more than k numbers
can keep the k largest numbers seen so far.  The speed check times your
code on numbers in random order, in increasing order and with many
repeats, k being a quarter or a half of n, and fails code whose time grows
like n * k on any of them.  Sorting everything, O(n log n), is too close to
O(n log k) for a clock to tell apart, so it passes; the heap is the point
of the exercise.

`heapq.nlargest` and `heapq.nsmallest` would do the whole job for you, so
they are off limits here, and so are their twins in this package,
`dsa.heap.nlargest` and `dsa.heap.nsmallest`, however your code reaches
them (an import, `getattr`, `importlib`...).  `heapq.heappush`, `heappop`,
`heapreplace` and `heapify` are yours to use.
"""

EXAMPLES = (
    "`kth_largest([3, 1, 4, 1, 5], 2)` returns `4`",
    "`kth_largest([5, 5, 1], 2)` returns `5`: the two 5s are the largest and the second largest",
    "`kth_largest([7], 1)` returns `7`",
)

CONSTRAINTS = (
    "1 <= len(nums) <= 10**5 and 1 <= k <= len(nums)",
    "-10**9 <= nums[i] <= 10**9",
    "The speed check times your code and counts the comparisons it makes "
    "between the numbers (it passes int-like items that count every `<`, "
    "`==`, ...); both must grow no faster than about n log n.",
)

HINTS = (
    "Sorting answers the question in O(n log n).  Can you get away with "
    "remembering only k numbers at a time?",
    "Of the k largest numbers seen so far, which one is the answer, and "
    "which one must go when a bigger number arrives?",
    "Keep a min-heap of at most k numbers: its top, `heap[0]`, is the k-th "
    "largest seen so far.",
    "Push the first k numbers; after that, when a number is larger than "
    "`heap[0]`, `heapq.heapreplace(heap, x)` swaps the top for it.  At the "
    "end `heap[0]` is the answer.",
)

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
    """A short list of small numbers (duplicates are common, a limit of the
    range now and then) and a valid k."""
    nums = draw(st.lists(small_or_extreme(), min_size=1, max_size=30))
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


# Growth inputs.  k grows with n in all of them, so an O(n * k) solution
# grows like n**2 while the heap of k numbers grows like n log n.  Each
# family is the worst case of a solution the others let through.


def _random(n: int, rng: random.Random) -> Case:
    """n wide numbers in random order, k = n/4: scanning or sorting the k
    largest for every number (O(n * k)) shows here."""
    return wide_list(n, rng), max(1, n // 4)


def _ascending(n: int, rng: random.Random) -> Case:
    """n wide numbers in increasing order, k = n/2: quickselect with the
    first or the last number as pivot splits off one number per round
    (O(n**2)), and every number enters a list of the k largest kept sorted.

    Decreasing input adds nothing: the solutions it slows down (insertion
    sort, a sorted list scanned from its large end) are as slow on random
    input.
    """
    return sorted(wide_list(n, rng)), max(1, n // 2)


def _repeats(n: int, rng: random.Random) -> Case:
    """n copies of three wide values in random order, k = n/2: a partition
    that puts the numbers equal to the pivot on one side (Lomuto's) splits
    off one number per round once only equal numbers are left, even with a
    random pivot."""
    return few_values(n, rng), max(1, n // 2)


COMPLEXITY = Complexity(
    expected="O(n log k)",
    max_exponent=1.6,
    sizes=sizes(1024, 16384),
    families={"random": _random, "ascending": _ascending, "repeated values": _repeats},
    counted=counted_items_and_number,
    min_ops=lambda n: n - 1,
    repeats=7,
    note="k grows with n (k = n/4 or n/2), so O(n * k) shows as n**2",
)


def _large(rng: random.Random) -> List[Case]:
    """10**5 numbers over the whole range, and 10**5 numbers all below
    -999,000,000 (a sentinel such as -10**6 or 0 is beaten by none of them).

    k stays small and the numbers hardly repeat, so that a solution slow
    only for a large k or for repeated values (which the growth inputs
    find) still finishes quickly here.
    """
    n = 10**5
    spread = wide_list(n, rng)
    low = [value - LIMIT for value in rng.choices(range(10**6), k=n)]
    return [(spread, 1), (spread, 7), (low, 2)]


PROBLEM = declare(
    globals(),
    Listing("Kth largest number", "heap", "easy", order=1),
    forbid=FORBIDDEN,
    explicit_cases=(
        ([7], 1),
        ([2, 2, 2], 3),
        ([5, 5, 1], 2),
        ([-3, -1, -2], 1),
        ([-LIMIT, -LIMIT], 1),
    ),
)
