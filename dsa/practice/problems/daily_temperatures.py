"""Days until a warmer day: the monotonic stack."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Optional

from hypothesis import strategies as st

from dsa.practice.counting import Counted
from dsa.practice.problem import Complexity, Listing, declare, doublings
from dsa.practice.problems._counted import counted_items

STATEMENT = """\
`temps` lists the temperature of each day, in order.  For every day,
return how many days you would wait for a **strictly warmer** day, or `0`
when no later day is warmer:

```python
def daily_temperatures(temps: list[int]) -> list[int]
```

* The answer has one number per day: for day `i`, the smallest `d > 0`
  with `temps[i + d] > temps[i]`, or `0`.
* A day as warm as day `i` is not warmer.
* Compare the temperatures only with each other (`<`, `>`, ...): the
  grader counts the comparisons your code makes between them.

Aim for O(n) time.  This is the stack side of a pair: a stack of the days
still waiting for a warmer one, kept in order.  (Its deque side is
"Shortest subarray with sum at least k".)
"""

EXAMPLES = (
    "`daily_temperatures([3, 4, 2, 1, 5])` returns `[1, 3, 2, 1, 0]`: after the `4`, the "
    "first warmer day is the `5`, three days later.",
    "`daily_temperatures([7, 7, 8])` returns `[2, 1, 0]`: the second `7` is not warmer "
    "than the first.",
    "`daily_temperatures([9, 8, 7])` returns `[0, 0, 0]`.",
)

CONSTRAINTS = (
    "1 <= len(temps) <= 10,000",
    "-50 <= temps[i] <= 50",
    "The speed check counts the comparisons your code makes between the temperatures "
    "(it passes int-like values that count every `<`, `>`, `==`, ...).",
)

HINTS = (
    "Searching forward from every day is O(n**2) when the days keep cooling.  Turn it "
    "around: when a day arrives, which earlier days does it answer?",
    "It answers every earlier day that is still waiting and is cooler than it.  The days "
    "still waiting are never warmer than those that came before them and still wait, so "
    "keep them on a stack: the coolest waiting day is on top.",
    "For each day `i`: while the stack is not empty and `temps[stack[-1]] < temps[i]`, "
    "pop day `j` and set its wait to `i - j`; then push `i`.  Days left on the stack at "
    "the end wait 0.  Each day is pushed and popped once: O(n).",
)

STUB = '''\
"""Days until a warmer day.

For each day, return how many days later the first strictly warmer day
comes, or 0 if none does.  Compare temperatures only with each other.  Aim
for O(n), with a stack of the days still waiting.

    daily_temperatures([3, 4, 2, 1, 5])   ->  [1, 3, 2, 1, 0]
    daily_temperatures([7, 7, 8])         ->  [2, 1, 0]
    daily_temperatures([9, 8, 7])         ->  [0, 0, 0]
"""

from __future__ import annotations


def daily_temperatures(temps: list[int]) -> list[int]:
    """For each day, the wait until a warmer day (0 if there is none)."""
    raise NotImplementedError("write your solution here")
'''


_CASES = st.lists(st.integers(0, 6), min_size=1, max_size=30)


def _run(solution: Callable[[List[Any]], Any], temps: List[Any]) -> List[int]:
    """Call the solution on a fresh copy of the temperatures."""
    result = solution(list(temps))
    if not isinstance(result, (list, tuple)):
        raise TypeError("daily_temperatures must return a list of ints, not "
                        f"{type(result).__name__}")
    waits = list(result)
    for wait in waits:
        if type(wait) is not int:
            raise TypeError(f"daily_temperatures must return a list of ints, but it holds "
                            f"a {type(wait).__name__}")
    return waits


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Counted) else value


def _judge(case: List[Any], expected: List[int], actual: List[int]) -> Optional[str]:
    """Name the first day whose wait is wrong."""
    if actual == expected:
        return None
    temps = [_plain(t) for t in case]
    if len(actual) != len(expected):
        return f"there are {len(expected)} days, but {len(actual)} waits were returned"
    for day, (want, got) in enumerate(zip(expected, actual)):
        if want != got:
            if want == 0:
                return (f"no day after day {day} ({temps[day]}) is warmer, so its wait is 0, "
                        f"not {got}")
            return (f"the first day warmer than day {day} ({temps[day]}) is day {day + want} "
                    f"({temps[day + want]}), {want} day(s) later, not {got}")
    return "the waits differ from the expected ones"


def _show(temps: List[Any]) -> str:
    return f"daily_temperatures({[_plain(t) for t in temps]!r})"


def _cooling(n: int, rng: random.Random) -> List[int]:
    """Temperatures that never rise (with long plateaus), then one hot last
    day: every day waits for the last one, so a search forward from each day
    runs to the end, and no day can be skipped as "nothing later is warmer"."""
    return sorted((rng.randrange(-50, 50) for _ in range(n - 1)), reverse=True) + [50]


def _random(n: int, rng: random.Random) -> List[int]:
    """Random temperatures: most waits are short."""
    return [rng.randrange(-50, 51) for _ in range(n)]


def _valleys(n: int, rng: random.Random) -> List[int]:
    """Long cool spells, each ended by a heat wave: many days wait long."""
    temps = []
    while len(temps) < n:
        spell = rng.randrange(1, 64)
        temps += sorted((rng.randrange(-50, 0) for _ in range(spell)), reverse=True)
        temps.append(rng.randrange(0, 51))
    return temps[:n]


COMPLEXITY = Complexity(
    expected="O(n)",
    max_exponent=1.3,
    sizes=doublings(4096),
    families={"cooling, then a hot day": _cooling, "random": _random},
    counted=counted_items,
    min_ops=lambda n: n - 1,
    repeats=15,
    note="comparisons counted",
)


def _large(rng: random.Random) -> List[List[int]]:
    """As many days as the constraints allow, over the whole range."""
    return [_random(10_000, rng), _valleys(10_000, rng)]


PROBLEM = declare(
    globals(),
    Listing("Days until a warmer day", "deque", "medium", order=6),
    explicit_cases=([5], [3, 4, 2, 1, 5], [7, 7, 8], [9, 8, 7], [1, 2, 3]),
    lessons=("deque",),
)
