"""K-th largest in a stream: a class that answers after every number added."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Optional, Tuple

from hypothesis import strategies as st

from dsa.practice.counting import Counted
from dsa.practice.problem import Complexity, Listing, declare
from dsa.practice.problems._answers import numbers_text, sizes_between, whole_number
from dsa.practice.problems._hashing import Packed, judge_steps, pack, show_steps
from dsa.practice.stubs import Method, class_outline, class_stub

#: A case: k, the numbers the object starts with, and the numbers added one
#: by one (each add's answer is recorded).
Case = Tuple[int, List[int], List[int]]

#: The most numbers in all the constraints allow.
MOST = 2 * 10**4

#: The class the learner writes, one method at a time: its signature, which
#: the statement shows, and the docstring the stub gives it.
_METHODS: list[Method] = [
    ("__init__(self, k: int, nums: list[int]) -> None", None),
    ("add(self, val: int) -> int",
     "Add val to the stream; return the k-th largest number so far."),
]

STATEMENT = f"""\
Write the class `KthLargest`, which follows a stream of numbers and can
always tell the k-th largest number seen so far.

{class_outline("KthLargest", _METHODS)}

* `KthLargest(k, nums)` starts with the numbers in `nums`.
* `add(val)` adds one number to the stream and returns the k-th largest of
  all the numbers seen so far (those of `nums` and every one added).
* Repeated values count separately: after 5, 5 and 1 the largest is 5, the
  second largest is also 5 and the third is 1.
* `nums` holds at least `k - 1` numbers, so every `add` has an answer.

Aim for O(log k) per `add` (and O(n log k) to start, n = `len(nums)`) with
O(k) memory: only the k largest numbers can ever be an answer, and a
min-heap of them has the k-th largest on top.  Keeping every number and
sorting on each `add` is too slow.
"""

EXAMPLES = (
    "`s = KthLargest(2, [4, 1])`; `s.add(3)` returns `3` (4, 3, 1); `s.add(5)` "
    "returns `4` (5, 4, 3, 1); `s.add(5)` returns `5` (5, 5, 4, 3, 1)",
    "`s = KthLargest(3, [2, 8])`: `s.add(6)` returns `2`, the third largest of 8, 6, 2",
    "`s = KthLargest(1, [])`: `s.add(-4)` returns `-4`, then `s.add(-9)` returns `-4`",
)

CONSTRAINTS = (
    "1 <= k and k - 1 <= len(nums)",
    "at most 2 * 10**4 numbers in all (nums and the added ones)",
    "-10**9 <= every number <= 10**9",
    "The speed check counts the comparisons your code makes between the "
    "numbers (it passes int-like numbers that count every `<`, `==`, ...).",
)

HINTS = (
    "A number smaller than the current k-th largest can never become an "
    "answer again: numbers only ever get added.  How many numbers do you "
    "really need to keep?",
    "Only the k largest seen so far.  Among them, which one is the answer, "
    "and which one must go when a larger number arrives?  The same one: "
    "the smallest of them.",
    "Keep the k largest in a min-heap: `heap[0]` is the answer.  In "
    "`__init__`, heapify `nums` and pop until at most k numbers are left.",
    "In `add`, push `val` if the heap holds fewer than k numbers; "
    "otherwise, when `val > heap[0]`, `heapq.heapreplace` swaps the top "
    "for it.  Then return `heap[0]`.",
)

STUB = class_stub(
    '''\
K-th largest number in a stream.

KthLargest(k, nums) starts with the numbers in nums (at least k - 1 of
them); add(val) adds a number and returns the k-th largest number seen so
far, repeats counting separately.  Aim for O(log k) per add with a min-heap
of the k largest numbers.

    s = KthLargest(2, [4, 1])
    s.add(3)   ->  3     (4, 3, 1: the second largest is 3)
    s.add(5)   ->  4     (5, 4, 3, 1)
    s.add(5)   ->  5     (5, 5, 4, 3, 1)
''',
    "KthLargest",
    "The numbers of a stream, ready to give their k-th largest.",
    _METHODS,
    imports=("heapq",),
)


@st.composite
def _cases(draw: Callable[..., Any]) -> Case:
    """A small k, between k - 1 and k + 5 starting numbers, a few adds;
    small values, so repeats are common."""
    value = st.integers(-9, 9)
    k = draw(st.integers(1, 5))
    nums = draw(st.lists(value, min_size=k - 1, max_size=k + 5))
    adds = draw(st.lists(value, min_size=1, max_size=15))
    return k, nums, adds


def _run(solution: Callable[..., Any], case: Case) -> List[int]:
    """Build one object on a fresh copy of nums; record what each add returns."""
    k, nums, adds = case
    stream = solution(k, list(nums))
    return [whole_number(stream.add(val), "add") for val in adds]


#: The one method, for ``_hashing``'s replayed operations.
_METHODS = {"a": ("add", 1)}


def _calls(case: Case) -> Packed:
    return pack([("add", val) for val in case[2]])


def _judge(case: Case, expected: List[int], actual: List[int]) -> Optional[str]:
    return judge_steps(_calls(case), expected, actual, "s", _METHODS)


def _show(case: Case) -> str:
    k, nums, _ = case
    return show_steps(f"s = KthLargest({k}, {numbers_text(nums, 20)})", _calls(case), "s",
                      _METHODS, limit=30)


def _numbers(count: int, rng: random.Random) -> List[int]:
    return rng.choices(range(-10**9, 10**9 + 1), k=count)


def _random(n: int, rng: random.Random) -> Case:
    """n numbers in all, half to start with and half added; k = n // 4.

    k grows with n, and so does the stream, so an add that sorts (or scans)
    what it keeps costs O(n) and the whole case O(n**2), while the heap of
    k numbers keeps it at O(n log n).
    """
    return n // 4, _numbers(n // 2, rng), _numbers(n - n // 2, rng)


def _rising(n: int, rng: random.Random) -> Case:
    """The same sizes, but every number added is larger than all before it.

    Each add changes the answer, so the heap replaces its top every time,
    and a sorted list searched from its small end walks all of it.
    """
    start = sorted(_numbers(n // 2, rng))
    top = max(start) if start else 0
    return n // 4, start, [top + 1 + 3 * i for i in range(n - n // 2)]


def _counted(case: Case) -> Case:
    """The case with Counted numbers, for the comparison count."""
    k, nums, adds = case
    return k, [Counted(x) for x in nums], [Counted(x) for x in adds]


def _fewest(n: int) -> int:
    """Comparisons any correct solution makes: each number added after the
    object holds k of them must at least be compared with the k-th largest."""
    return n - n // 2 - n // 4


COMPLEXITY = Complexity(
    expected="O(log k) per add",
    max_exponent=1.8,
    sizes=sizes_between(400, 6400, 9),
    families={"random": _random, "rising": _rising},
    counted=_counted,
    min_ops=_fewest,
    note="n numbers in all, half of them added one by one, k = n/4: O(n log n) in all",
)


def _large(rng: random.Random) -> List[Case]:
    """The most numbers: k = 1, k = all the starting numbers and one more,
    a stream of one repeated value, and the widest values."""
    half = MOST // 2
    return [
        (1, _numbers(half, rng), _numbers(half, rng)),
        (half + 1, _numbers(half, rng), _numbers(half, rng)),
        (half // 3, [7] * half, [7] * half),
        (half // 2, [10**9, -10**9] * (half // 2), [-10**9] * (half // 2) + [10**9] * (half // 2)),
    ]


PROBLEM = declare(
    globals(),
    Listing("K-th largest in a stream", "heap", "easy", order=10),
    entry="KthLargest",
    explicit_cases=(
        (1, [], [-4, -9, 3]),
        (2, [4, 1], [3, 5, 5]),
        (3, [5, 5, 1], [1, 0]),
        (2, [9, 8, 7, 6], [1, 10, 8]),
    ),
    lessons=("heap",),
)
