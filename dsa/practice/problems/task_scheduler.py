"""Task scheduler: the least time to run tasks when equal tasks must cool down."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Tuple

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, declare
from dsa.practice.problems._answers import (list_and_number, list_and_number_call,
                                             sizes_between, whole_number)

#: A case: the task labels and the cooldown.
Case = Tuple[List[str], int]

#: The most tasks and the longest cooldown the constraints allow.
MOST = 2 * 10**4
LONGEST = 10**9

STATEMENT = """\
Write `least_interval(tasks: list[str], cooldown: int) -> int`.

A processor runs tasks one unit of time each.  `tasks` lists them by label;
equal labels are copies of the same kind of task.  In every unit of time the
processor either runs one task, of any label and in any order you like, or
stays idle.  Two runs of the **same label** must be at least `cooldown + 1`
units apart: between them come at least `cooldown` other units, busy with
other labels or idle.

Return the least number of units needed to run every task.

* Labels are any non-empty strings (`"A"`, `"build"`, `"7"`), and there may
  be many different ones.
* `cooldown` may be 0 (no waiting at all) and may be very large, so the
  answer can be far larger than the number of tasks.

Aim for O(N log m) time, where N is the number of tasks and m the number of
different labels: a greedy simulation with a max-heap of how many copies of
each label are left, where a stretch of idle time is crossed in one step,
never unit by unit.
"""

EXAMPLES = (
    "`least_interval([\"A\", \"A\", \"B\"], 1)` returns `3`: A B A",
    "`least_interval([\"A\", \"A\", \"A\"], 2)` returns `7`: A, two idle units, A, "
    "two idle units, A",
    "`least_interval([\"x\", \"y\", \"y\", \"y\"], 1)` returns `5`: y x y, one idle "
    "unit, y; starting with x would need 6",
    "`least_interval([\"A\", \"B\", \"A\", \"B\"], 0)` returns `4`: no waiting at all",
)

CONSTRAINTS = (
    "1 <= len(tasks) <= 2 * 10**4",
    "0 <= cooldown <= 10**9",
    "every label is a non-empty string",
)

HINTS = (
    "Count the copies of each label first.  At any moment, among the "
    "labels allowed to run, which one is it safest to run now?",
    "The one with the most copies left: it is the one that will need the "
    "most time later.  Keep the counts of the labels that may run in a "
    "max-heap (heapq with negated counts).",
    "A label that has just run waits until `time + cooldown + 1`.  Keep "
    "the waiting labels in a queue in the order they ran: the one at the "
    "front is always the next to be ready.",
    "When the heap is empty but labels are waiting, the processor idles: "
    "jump the clock straight to the moment the front of the queue is "
    "ready, instead of counting the idle units one by one.",
)

STUB = '''\
"""Task scheduler.

Each task takes one unit of time; two runs of the same label must be at
least cooldown + 1 units apart (idle units are allowed).  Return the least
number of units needed to run all the tasks.  Labels are any strings, and
cooldown may be very large.  Aim for O(N log m) with a max-heap of counts.

    least_interval(["A", "A", "B"], 1)            ->  3    (A B A)
    least_interval(["A", "A", "A"], 2)            ->  7    (A . . A . . A)
    least_interval(["x", "y", "y", "y"], 1)       ->  5    (y x y . y)
"""

from __future__ import annotations

import heapq


def least_interval(tasks: list[str], cooldown: int) -> int:
    """Return the least number of units of time to run every task."""
    raise NotImplementedError("write your solution here")
'''

#: Mostly one-letter labels so that repeats are common, now and then a longer
#: one: the statement allows any string.
_LABEL = st.one_of(st.sampled_from("ABCDE"), st.sampled_from(["build", "test", "7", "a b"]))
_CASES = st.tuples(st.lists(_LABEL, min_size=1, max_size=20), st.integers(0, 5))


def _run(solution: Callable[..., Any], case: Case) -> int:
    """Call the solution on a fresh copy of the labels; return its answer."""
    return whole_number(solution(*list_and_number(case)), "least_interval")


def _show(case: Case) -> str:
    return list_and_number_call("least_interval", case)


def _labels(count: int) -> List[str]:
    return [f"t{i}" for i in range(count)]


def _many_labels(n: int, rng: random.Random) -> Case:
    """n tasks over n/4 labels, four of each, cooldown 8: no idle time.

    Choosing each unit's task by looking at every label costs O(m) a unit,
    O(n**2) in all, while the heap costs O(log m).
    """
    tasks = _labels(n // 4) * 4
    rng.shuffle(tasks)
    return tasks, 8


def _long_cooldown(n: int, rng: random.Random) -> Case:
    """n tasks over three labels, cooldown n: mostly idle time.

    The answer is about n**2 / 3 units, so stepping through idle time one
    unit at a time costs O(n**2); the heap crosses each idle stretch at once.
    """
    tasks = rng.choices("ABC", k=n)
    return tasks, n


def _skewed(n: int, rng: random.Random) -> Case:
    """n tasks, a few labels very common and many rare, cooldown up to 30."""
    common = _labels(5)
    rare = _labels(n // 3)
    tasks = [rng.choice(common) if rng.random() < 0.5 else rng.choice(rare) for _ in range(n)]
    return tasks, rng.randint(0, 30)


COMPLEXITY = Complexity(
    expected="O(N log m)",
    max_exponent=1.8,
    sizes=sizes_between(400, 8000, 10),
    families={"many labels": _many_labels, "long cooldown": _long_cooldown,
              "skewed counts": _skewed},
    note="N tasks, m labels; idle time must be crossed in one step",
)


def _large(rng: random.Random) -> List[Case]:
    """The most tasks; the longest cooldown with one label, with all labels
    different, and with three labels; many labels and a middling cooldown."""
    five_hundred = _labels(500)
    return [
        (["job"] * MOST, LONGEST),
        (_labels(MOST), LONGEST),
        (rng.choices(["x", "y", "z"], k=MOST), LONGEST),
        (rng.choices(five_hundred, k=MOST), 600),
    ]


PROBLEM = declare(
    globals(),
    Listing("Task scheduler", "heap", "medium", order=9),
    entry="least_interval",
    explicit_cases=(
        (["A"], 0),
        (["A", "A", "A"], 2),
        (["x", "y", "y", "y"], 1),
        (["A", "A", "B", "C", "D"], 1),
        (["build", "build", "test"], 3),
    ),
    lessons=("heap",),
)
