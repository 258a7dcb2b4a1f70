"""Design a bounded double-ended queue on a ring buffer."""

from __future__ import annotations

import random
from typing import Any, List, Optional, Sequence, Tuple

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Problem, Rules

#: One operation: a method name, followed by the value for the two pushes.
#: ``("len",)`` stands for ``len(d)``.
Operation = Tuple[Any, ...]
#: A case: the capacity given to the constructor, and the operations in order.
Case = Tuple[int, List[Operation]]
#: A case of the speed check: the same, plus False (do not look at the state).
SpeedCase = Tuple[int, List[Operation], bool]

#: Every operation a case may hold, in the order Hypothesis shrinks towards.
_NAMES = (
    "push_back",
    "push_front",
    "pop_front",
    "pop_back",
    "front",
    "back",
    "len",
    "is_empty",
    "is_full",
)

STATEMENT = """\
Write a class `CircularDeque`: a double-ended queue that holds at most
`capacity` values, with O(1) work at **both** ends.

```python
class CircularDeque:
    def __init__(self, capacity: int) -> None     # capacity >= 1
    def push_front(self, value: int) -> bool      # False when full
    def push_back(self, value: int) -> bool       # False when full
    def pop_front(self) -> bool                   # False when empty
    def pop_back(self) -> bool                    # False when empty
    def front(self) -> int                        # -1 when empty
    def back(self) -> int                         # -1 when empty
    def is_empty(self) -> bool
    def is_full(self) -> bool
    def __len__(self) -> int
```

* `push_front` / `push_back` add `value` at that end and return `True`, or
  change nothing and return `False` when the deque already holds `capacity`
  values.
* `pop_front` / `pop_back` remove the value at that end and return `True`,
  or return `False` when the deque is empty.  (They report success; they do
  not return the value: read it first with `front()` / `back()`.)
* `front()` / `back()` return the value at that end without removing it, or
  `-1` when the deque is empty.  Pushed values are guaranteed to be
  non-negative, so `-1` cannot be mistaken for one of them.

Build it as a **ring buffer**: one Python list of `capacity` slots, created
once in `__init__`, plus the index of the front slot and the number of
values stored.  Positions wrap around the end of the list (`% capacity`),
so neither end ever shifts the other values.  `collections.deque` is not
allowed.  Every operation should take O(1) time.
"""

STUB = '''\
"""A bounded double-ended queue on a ring buffer.

CircularDeque(capacity) holds at most `capacity` values.  push_front and
push_back add a value and return True (False, changing nothing, when full);
pop_front and pop_back remove one and return True (False when empty);
front() and back() return the value at that end, or -1 when empty.  Store
the values in one list of `capacity` slots with a front index and a count,
wrapping positions with % capacity, so every operation is O(1).

    d = CircularDeque(2)
    d.push_back(1)    ->  True
    d.push_front(2)   ->  True      (the deque is now 2, 1)
    d.push_back(3)    ->  False     (full)
    d.back()          ->  1
    d.pop_front()     ->  True
    d.front()         ->  1
    len(d)            ->  1
"""

from __future__ import annotations


class CircularDeque:
    """A double-ended queue of at most ``capacity`` values, O(1) at both ends."""

    def __init__(self, capacity: int) -> None:
        """An empty deque with room for ``capacity`` (>= 1) values."""
        raise NotImplementedError("write your solution here")

    def push_front(self, value: int) -> bool:
        """Add ``value`` at the front; False (and no change) when full."""
        raise NotImplementedError("write your solution here")

    def push_back(self, value: int) -> bool:
        """Add ``value`` at the back; False (and no change) when full."""
        raise NotImplementedError("write your solution here")

    def pop_front(self) -> bool:
        """Remove the front value; False when empty."""
        raise NotImplementedError("write your solution here")

    def pop_back(self) -> bool:
        """Remove the back value; False when empty."""
        raise NotImplementedError("write your solution here")

    def front(self) -> int:
        """The front value, or -1 when empty."""
        raise NotImplementedError("write your solution here")

    def back(self) -> int:
        """The back value, or -1 when empty."""
        raise NotImplementedError("write your solution here")

    def is_empty(self) -> bool:
        """True when the deque holds no values."""
        raise NotImplementedError("write your solution here")

    def is_full(self) -> bool:
        """True when the deque holds ``capacity`` values."""
        raise NotImplementedError("write your solution here")

    def __len__(self) -> int:
        """How many values the deque holds."""
        raise NotImplementedError("write your solution here")
'''


def _run(cls: Any, case: Case) -> List[Any]:
    """Replay the operations on a new deque.

    For each operation the outcome holds what it returned and then what the
    deque looks like from outside: ``(front(), back(), len(d))``.  Checking
    the whole visible state after every step, as a state machine does, finds
    a slip such as a ``back()`` that forgets the wrap-around on the first
    operation that exposes it, not only when a test happens to ask.  (The
    speed check's cases carry a third item, False, which turns the looking
    off: there, only the operations themselves should be timed.)
    """
    capacity, operations = case[0], case[1]
    observe = case[2] if len(case) > 2 else True
    d = cls(capacity)
    results: List[Any] = []
    for operation in operations:
        name = operation[0]
        if name == "len":
            result = len(d)
        else:
            result = getattr(d, name)(*operation[1:])
        results.append((result, (d.front(), d.back(), len(d))) if observe else result)
    return results


def _call(operation: Operation) -> str:
    """How one operation reads in code: ``d.push_back(3)``, ``len(d)``."""
    name = operation[0]
    if name == "len":
        return "len(d)"
    return f"d.{name}({', '.join(repr(arg) for arg in operation[1:])})"


_VIEWS = ("d.front()", "d.back()", "len(d)")


def _judge(case: Case, expected: Sequence[Any], actual: Sequence[Any]) -> Optional[str]:
    """Point at the first operation whose result, or the state after it, is wrong."""
    if list(actual) == list(expected):
        return None
    steps = zip(case[1], expected, actual)
    for number, (operation, (want, want_views), (got, got_views)) in enumerate(steps, start=1):
        if want != got:
            return f"operation {number}, {_call(operation)}, returned {got!r} instead of {want!r}"
        for view, should, did in zip(_VIEWS, want_views, got_views):
            if should != did:
                return (f"after operation {number}, {_call(operation)}, {view} returned "
                        f"{did!r} instead of {should!r}")
    return "the results differ from the expected ones"


@st.composite
def _operation(draw: Any) -> Operation:
    """Any one operation, with a small value for the pushes."""
    name = draw(st.sampled_from(_NAMES))
    if name.startswith("push"):
        return (name, draw(st.integers(0, 9)))
    return (name,)


def _cases() -> Any:
    """A small capacity (so the deque is often full) and up to 25 operations."""
    return st.tuples(st.integers(1, 5), st.lists(_operation(), max_size=25))


def _show(case: Case) -> str:
    capacity, operations = case
    return "; ".join([f"d = CircularDeque({capacity})"] + [_call(op) for op in operations])


#: The operations of the speed check after filling, repeated in this order:
#: half of them change the front, and every push is followed by a pop, so
#: the size stays the same.
_SPEED_CYCLE = ("push_front", "pop_back", "push_back", "pop_front",
                "push_front", "pop_front", "front", "back")
_SPEED_OPERATIONS = 40_000


def _make_case(n: int, rng: random.Random) -> SpeedCase:
    """Capacity ``n``, filled halfway, then 40,000 operations at both ends.

    The fill costs O(n) for any solution, so the operations that follow are
    made several times more numerous than the largest fill: they dominate
    the time of an O(1)-per-operation deque, while a deque that shifts or
    copies its values at the front pays O(n) for each front operation.
    """
    operations: List[Operation] = [("push_back", rng.randrange(1000)) for _ in range(n // 2)]
    for i in range(_SPEED_OPERATIONS):
        name = _SPEED_CYCLE[i % len(_SPEED_CYCLE)]
        if name.startswith("push"):
            operations.append((name, rng.randrange(1000)))
        else:
            operations.append((name,))
    return (n, operations, False)


PROBLEM = Problem(
    name="circular-deque",
    title="Circular deque",
    structure="deque",
    difficulty="medium",
    entry="CircularDeque",
    kind="class",
    statement=STATEMENT,
    examples=(
        "`d = CircularDeque(2)`; `d.push_back(1)` and `d.push_front(2)` return `True`, then "
        "`d.push_back(3)` returns `False` (full).",
        "Continuing: `d.front()` is `2`, `d.back()` is `1`; after `d.pop_front()` (`True`), "
        "`d.front()` is `1` and `len(d)` is `1`.",
        "On an empty deque `d.pop_back()` returns `False` and `d.back()` returns `-1`.",
    ),
    constraints=(
        "1 <= capacity <= 100,000",
        "0 <= value <= 10**9",
        "up to 100,000 operations",
    ),
    hints=(
        "Keep three things: a list `slots` of `capacity` entries, the index `head` of the front "
        "value, and `count`, the number of values.  The back value is then `count - 1` places "
        "after `head`.",
        "Positions wrap around: the slot `k` places after `head` is `(head + k) % capacity`.  So "
        "`back()` reads `slots[(head + count - 1) % capacity]`.",
        "`push_back` writes at `(head + count) % capacity` and adds one to `count`.  "
        "`push_front` first moves `head` one slot back, `head = (head - 1) % capacity`, then "
        "writes there.  `pop_front` moves `head` forward; `pop_back` only needs `count -= 1`.",
    ),
    stub=STUB,
    reference="dsa.practice.solutions.circular_deque",
    cases=_cases(),
    run=_run,
    judge=_judge,
    complexity=Complexity(
        expected="O(1) per operation",
        max_exponent=0.35,
        sizes=(1024, 2048, 4096, 8192, 16384),
        make_case=_make_case,
        repeats=7,
        note="capacity n, filled halfway, then 40,000 operations at both ends",
    ),
    show_case=_show,
    forbidden=("collections.deque",),
    rules=Rules(tripwires=("collections.deque",), forbidden_types=("collections.deque",)),
    order=2,
    explicit_cases=(
        (1, [("pop_back",), ("pop_front",), ("front",), ("back",), ("is_empty",)]),
        (1, [("push_front", 5), ("push_back", 6), ("is_full",), ("back",), ("len",)]),
        (2, [("push_front", 1), ("back",)]),
        (2, [("push_back", 1), ("pop_front",), ("push_back", 2), ("push_back", 3), ("back",)]),
        (3, [("push_back", 1), ("push_front", 2), ("pop_back",), ("back",), ("front",)]),
    ),
)
