"""Design a bounded double-ended queue on a ring buffer."""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, Rules, declare
from dsa.practice.problems._timing import growth_sizes
from dsa.practice.stubs import class_stub

#: One operation: a method name, followed by the value for the two pushes.
#: ``("len",)`` stands for ``len(d)``.
Operation = Tuple[Any, ...]
#: A case: the capacity given to the constructor, and the operations in order.
Case = Tuple[int, List[Operation]]
#: A long case (the speed check, the large inputs), written compactly so
#: that it travels to the workers quickly: the capacity, the values first
#: pushed at the back to fill the deque, one letter per operation after
#: that (see :data:`_LETTERS`), and the values of those pushes in order.
#: Only what each operation returns is recorded, not the state after it.
LongCase = Tuple[int, List[int], str, List[int]]

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

The classic way to build it is a **ring buffer**: one Python list of
`capacity` slots, created once in `__init__`, plus the index of the front
slot and the number of values stored.  Positions wrap around the end of the
list (`% capacity`), so neither end ever shifts the other values.  (Any
other design that keeps every operation O(1) passes too.)

The grader checks these rules besides the answers:

* **Build the deque yourself.**  `collections.deque`, `queue.Queue` (a
  deque inside) and this package's own deques and lists (`dsa.deque`,
  `dsa.linkedlist`) are not allowed.  A file that imports or names them is
  rejected; while your code runs they are replaced by stand-ins that
  refuse to work, so reaching them by `getattr`, `__import__` or
  `importlib` fails too; and after each test the objects your class holds
  are searched for a deque, however it was made.
* **O(1) time per operation**, measured with a large capacity, partly
  filled (the front moving round the end of the list again and again) and
  full;
  and 10,000 operations on a deque of capacity 1 must finish in time.
"""

EXAMPLES = (
    "`d = CircularDeque(2)`; `d.push_back(1)` and `d.push_front(2)` return `True`, then "
    "`d.push_back(3)` returns `False` (full).",
    "Continuing: `d.front()` is `2`, `d.back()` is `1`; after `d.pop_front()` (`True`), "
    "`d.front()` is `1` and `len(d)` is `1`.",
    "On an empty deque `d.pop_back()` returns `False` and `d.back()` returns `-1`.",
)

CONSTRAINTS = (
    "1 <= capacity <= 10,000",
    "0 <= value <= 10**9",
    "up to 10,000 operations",
)

HINTS = (
    "Keep three things: a list `slots` of `capacity` entries, the index `head` of the front "
    "value, and `count`, the number of values.  The back value is then `count - 1` places "
    "after `head`.",
    "Positions wrap around: the slot `k` places after `head` is `(head + k) % capacity`.  So "
    "`back()` reads `slots[(head + count - 1) % capacity]`.",
    "`push_back` writes at `(head + count) % capacity` and adds one to `count`.  "
    "`push_front` first moves `head` one slot back, `head = (head - 1) % capacity`, then "
    "writes there.  `pop_front` moves `head` forward; `pop_back` only needs `count -= 1`.",
)

STUB = class_stub(
    '''\
A bounded double-ended queue on a ring buffer.

CircularDeque(capacity) holds at most `capacity` values.  push_front and
push_back add a value and return True (False, changing nothing, when full);
pop_front and pop_back remove one and return True (False when empty);
front() and back() return the value at that end, or -1 when empty.  Store
the values in one list of `capacity` slots with a front index and a count,
wrapping positions with % capacity, so every operation is O(1).
collections.deque, queue.Queue and the package's own deques are not
allowed, by any route: the grader checks.

    d = CircularDeque(2)
    d.push_back(1)    ->  True
    d.push_front(2)   ->  True      (the deque is now 2, 1)
    d.push_back(3)    ->  False     (full)
    d.back()          ->  1
    d.pop_front()     ->  True
    d.front()         ->  1
    len(d)            ->  1
''',
    "CircularDeque",
    "A double-ended queue of at most ``capacity`` values, O(1) at both ends.",
    [
        ("__init__(self, capacity: int) -> None",
         "An empty deque with room for ``capacity`` (>= 1) values."),
        ("push_front(self, value: int) -> bool",
         "Add ``value`` at the front; False (and no change) when full."),
        ("push_back(self, value: int) -> bool",
         "Add ``value`` at the back; False (and no change) when full."),
        ("pop_front(self) -> bool", "Remove the front value; False when empty."),
        ("pop_back(self) -> bool", "Remove the back value; False when empty."),
        ("front(self) -> int", "The front value, or -1 when empty."),
        ("back(self) -> int", "The back value, or -1 when empty."),
        ("is_empty(self) -> bool", "True when the deque holds no values."),
        ("is_full(self) -> bool", "True when the deque holds ``capacity`` values."),
        ("__len__(self) -> int", "How many values the deque holds."),
    ],
)


#: The letters of a :data:`LongCase`, one per operation.
_LETTERS: Dict[str, str] = {
    "F": "push_front", "B": "push_back", "f": "pop_front", "b": "pop_back",
    "x": "front", "y": "back", "n": "len", "e": "is_empty", "u": "is_full",
}
_CODE = {name: letter for letter, name in _LETTERS.items()}


def _run(cls: Any, case: Union[Case, LongCase]) -> List[Any]:
    """Replay the operations on a new deque.

    For each operation of a short case the outcome holds what it returned
    and then what the deque looks like from outside: ``(front(), back(),
    len(d))``.  Checking the whole visible state after every step, as a
    state machine does, finds a slip such as a ``back()`` that forgets the
    wrap-around on the first operation that exposes it, not only when a
    test happens to ask.  A long case records only what each operation
    returned: there, the operations themselves should be timed.
    """
    if len(case) == 4:
        return _run_long(cls, case)  # type: ignore[arg-type]
    capacity, operations = case[0], case[1]
    d = cls(capacity)
    results: List[Any] = []
    for operation in operations:
        name = operation[0]
        if name == "len":
            result = len(d)
        else:
            result = getattr(d, name)(*operation[1:])
        results.append((result, (d.front(), d.back(), len(d))))
    return results


def _run_long(cls: Any, case: LongCase) -> List[Any]:
    """The first result is how many of the filling pushes returned True; the
    fill runs in a loop of its own, about three times cheaper per push than
    the recorded operations, so that it weighs little in the timings."""
    capacity, fill, letters, values = case
    d = cls(capacity)
    methods = {letter: getattr(d, name) for letter, name in _LETTERS.items() if name != "len"}
    push = methods["B"]
    filled = 0
    for value in fill:
        if push(value) is True:
            filled += 1
    pushes = iter(values)
    results: List[Any] = [filled]
    record = results.append
    for letter in letters:
        if letter in "FB":
            record(methods[letter](next(pushes)))
        elif letter == "n":
            record(len(d))
        else:
            record(methods[letter]())
    return results


def _operations(case: Union[Case, LongCase]) -> List[Operation]:
    """The operations of a case as ``(name, value...)`` tuples (for a long
    case, those after the fill)."""
    if len(case) != 4:
        return list(case[1])
    pushes = iter(case[3])  # type: ignore[misc]
    return [(_LETTERS[letter], next(pushes)) if letter in "FB" else (_LETTERS[letter],)
            for letter in case[2]]  # type: ignore[union-attr]


def _call(operation: Operation) -> str:
    """How one operation reads in code: ``d.push_back(3)``, ``len(d)``."""
    name = operation[0]
    if name == "len":
        return "len(d)"
    return f"d.{name}({', '.join(repr(arg) for arg in operation[1:])})"


_VIEWS = ("d.front()", "d.back()", "len(d)")


def _judge(case: Union[Case, LongCase], expected: Sequence[Any], actual: Sequence[Any]
           ) -> Optional[str]:
    """Point at the first operation whose result, or the state after it, is wrong."""
    if list(actual) == list(expected):
        return None
    long = len(case) == 4
    if long:
        if actual[:1] != expected[:1]:
            return (f"of the {len(case[1]):,} d.push_back calls that first fill the deque, "
                    f"{actual[0]!r} returned True, not {expected[0]!r}")
        expected, actual = expected[1:], actual[1:]
    for number, (operation, want, got) in enumerate(
            zip(_operations(case), expected, actual), start=1):
        if long:
            want, want_views, got, got_views = want, (), got, ()
        else:
            (want, want_views), (got, got_views) = want, got
        if want != got or type(want) is not type(got):
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


def _show(case: Union[Case, LongCase]) -> str:
    operations = _operations(case)
    shown = [f"d = CircularDeque({case[0]})"]
    if len(case) == 4 and case[1]:
        shown.append(f"{len(case[1]):,} calls of d.push_back(...)")
    shown += [_call(op) for op in operations[:12]]
    if len(operations) > 12:
        shown.append(f"... ({len(operations):,} operations in all)")
    return "; ".join(shown)


#: Operations after the fill in every case of the speed check: enough that
#: they, not the fill, are most of the time (the reference takes about
#: 1 ms on them, 2 ms with the largest fill).
_SPEED_OPERATIONS = 2_500


def _long(capacity: int, operations: List[Operation], fill: Sequence[int] = ()) -> LongCase:
    letters = "".join(_CODE[op[0]] for op in operations)
    return (capacity, list(fill), letters, [op[1] for op in operations if len(op) > 1])


def _cycle(names: Sequence[str], count: int, rng: random.Random) -> List[Operation]:
    """``count`` operations going round ``names``, pushes with random values."""
    return [(name, rng.randrange(10**9)) if name.startswith("push") else (name,)
            for name in (names[i % len(names)] for i in range(count))]


def _fill(count: int, rng: random.Random) -> List[int]:
    """Values for ``count`` pushes at the back."""
    return [rng.randrange(10**9) for _ in range(count)]


def _half_full(n: int, rng: random.Random) -> LongCase:
    """Capacity n, half full, then work at both ends: every push followed by
    a pop, so the size stays n/2, and the front crossing slot 0 back and
    forth at every round.  Code that shifts or copies the values at the
    front (``insert(0, x)``, ``items[1:]``) pays n/2 for each of two thirds
    of the operations; code whose work grows with the capacity (counting
    occupied slots for len, rotating the list whenever the front wraps
    round) pays n.  (The other questions, front, back, is_full and
    is_empty, are asked in :func:`_full`.)"""
    names = ("push_front", "pop_front", "push_front", "pop_back", "push_back", "pop_front",
             "push_front", "pop_front", "len")
    return _long(n, _cycle(names, _SPEED_OPERATIONS, rng), fill=_fill(n // 2, rng))


def _full(n: int, rng: random.Random) -> LongCase:
    """Capacity n, full, the ring turning: pop at one end, push at the other,
    and pushes refused because it is full.  Code that does its work before
    finding out that the deque is full pays for every refusal."""
    names = ("push_front", "push_back", "pop_front", "push_back", "is_full", "pop_back",
             "push_front", "push_back", "front", "back", "len", "is_empty")
    return _long(n, _cycle(names, _SPEED_OPERATIONS, rng), fill=_fill(n, rng))


COMPLEXITY = Complexity(
    expected="O(1) per operation",
    # O(1) code still grows like n^0.2 to n^0.3 here (a larger deque
    # misses the processor's caches more often); O(n) work per operation
    # grows like n^0.8 and more.
    max_exponent=0.5,
    # Filling costs n for everyone, more for a deque of its own nodes than
    # for a ring buffer: capacities up to 4,096, so that the operations
    # after the fill stay most of the time.
    sizes=growth_sizes(256),
    repeats=7,
    families={"capacity n, half full, wrapping": _half_full,
              # Filling costs n for everyone: smaller n, so that the
              # operations after it are most of the time.
              # Full, the fill is n pushes: half as large a capacity.
              "capacity n, full": (_full, growth_sizes(128))},
    note=f"capacity n, then {_SPEED_OPERATIONS:,} operations",
)


def _large(rng: random.Random) -> Sequence[LongCase]:
    """Cases at the constraints' limit: capacity 10,000 with 10,000
    operations (the front wrapping round from slot 0, and a full deque
    refusing pushes), and capacity 1 with as many."""
    top = 10_000
    names = ("push_front", "pop_back", "push_back", "push_front", "pop_front", "back",
             "front", "len", "is_full", "is_empty")
    refused = ("push_back", "push_front", "is_full", "back", "front", "pop_front",
               "push_front", "front", "len")
    return (
        _long(top, [("push_front", rng.randrange(10**9)) for _ in range(top // 2)]
              + _cycle(names, top // 2, rng)),
        _long(top - 1_000, _cycle(("push_front",), 1_000, rng) + _cycle(refused, 1_000, rng),
              fill=_fill(top - 2_000, rng)),
        _long(1, _cycle(names, top, rng)),
    )


#: Ready-made deques: names the file may not use...
FORBIDDEN = ("collections.deque", "queue.Queue", "dsa.deque", "dsa.linkedlist")
#: ... the same reached at run time (the C module's deque, and the one
#: ``queue`` imported, are the same class under other names) ...
TRIPWIRES = ("collections.deque", "_collections.deque", "queue.deque", "queue.Queue",
             "dsa.deque.BlockedDeque", "dsa.linkedlist.DoublyLinkedList",
             "dsa.linkedlist.SinglyLinkedList")
#: ... and what may not be found among the objects the learner's class holds,
#: however it was made.
FORBIDDEN_TYPES = ("collections.deque", "dsa.deque.BlockedDeque",
                   "dsa.linkedlist.DoublyLinkedList", "dsa.linkedlist.SinglyLinkedList")

PROBLEM = declare(
    globals(),
    Listing("Circular deque", "deque", "medium", order=2),
    entry="CircularDeque",
    forbidden=FORBIDDEN,
    rules=Rules(tripwires=TRIPWIRES, forbidden_types=FORBIDDEN_TYPES),
    explicit_cases=(
        (1, [("pop_back",), ("pop_front",), ("front",), ("back",), ("is_empty",)]),
        (1, [("push_front", 5), ("push_back", 6), ("is_full",), ("back",), ("len",)]),
        (2, [("push_front", 1), ("back",)]),
        (2, [("push_back", 1), ("pop_front",), ("push_back", 2), ("push_back", 3), ("back",)]),
        (3, [("push_back", 1), ("push_front", 2), ("pop_back",), ("back",), ("front",)]),
    ),
)
