"""Heap arity: the d-ary heap whose operations touch the fewest cache lines."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Callable, List, Optional

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, declare, doublings
from dsa.practice.problems import _cache_lines

REFERENCE = "dsa.practice.solutions.heap_arity"
#: The arities the C twin offers.
ARITIES = range(2, 17)
#: The longest workload the constraints allow.  It is also the largest
#: growth size, whose answers are judged: so the limit is checked there,
#: without large cases that a slow solution could not finish.
MAX_OPS = 800

STATEMENT = f"""\
Memory moves between RAM and the CPU in 64-byte *cache lines*, and a heap
operation costs roughly one line per level it visits.  A wider heap has
fewer levels but reads more children on each; which arity is best depends
on the work the heap does.  (Read the heap lesson first, its last part
above all: `python -m dsa.lessons heap`.)  So measure it: write

```python
def best_arity(ops: list[int | None]) -> int:
```

which returns an arity `d` from 2 to 16 for which the C heap
`dsa.native.DaryHeap(arity=d)` touches the **fewest cache lines in all**
over the workload `ops`.  The heap starts empty; each item of `ops` is an
int `x`, meaning `push(x)`, or `None`, meaning `pop()`.  The pushed values
are all different, and no pop finds the heap empty.

The grader replays `ops` on the traced build of the C heap at your arity
and at the reference's, adds up the distinct lines each operation touched
(`DaryHeap.last_lines`), and passes your arity when its total is no larger
than the reference's: when several arities tie for the fewest, any of them
is right.  What the C heap touches, exactly:

* **The array.**  The items sit in one array in level order, the children
  of slot `i` in slots `d*i + 1` to `d*i + d`, the parent of slot `i` in
  slot `(i - 1) // d`.  The array starts 56 bytes into a line, so that
  slot 1 starts a line: slot 0 is alone in line 0 and slot `s` lies in
  line `(s + 7) // 8` (slots 1 to 8 in line 1, 9 to 16 in line 2, ...).
  It has room for every item from the start, so it never moves.
* **Every operation** touches the heap's header, a line of its own, and
  the lines of the slots below.  A line counts once per operation however
  often it is touched, and nothing carries over from one operation to
  the next.
* **`push(x)`** on a heap of `n` items writes slot `n` and climbs: it reads
  the parent of its slot and moves up while `x` is smaller than it.  The
  parent that stops it is read too.
* **`pop()`** on a heap of `n` items reads slot 0 and slot `n - 1` (the
  last item, which will fill the gap).  The heap is now slots `0` to
  `n - 2`, and the gap walks from the root down to a leaf: at each level
  it reads **all** the children of its slot (those below `n - 1`) and moves
  into the smallest one's place.  Then the last item climbs back up that
  path to where it belongs, rereading only slots already counted.  This
  is the bottom-up pop of C++'s `std::pop_heap`: it always goes down to a
  leaf, even when the last item could stop higher.

{_cache_lines.FALLBACK_NOTE}

Aim for O(m log m) time for m operations: one replay per arity.
"""

EXAMPLES = (
    "`best_arity([5, 3, None])` may return any arity from 2 to 16: at every "
    "arity the two pushes touch 2 and 3 lines and the pop 3, 8 in all.",
    "`best_arity(list(range(40, 0, -1)))` returns `16`: each push is smaller "
    "than everything before it and climbs to the root, and the flattest "
    "heap has the shortest climbs (142 lines, against 150 at d = 8 and 172 "
    "at d = 2).",
    "`best_arity([37 * i % 101 for i in range(1, 61)] + [None] * 60)` returns "
    "`8`: the 60 pops each read a whole family of children per level, and 8 "
    "children fill exactly one line (451 lines; 458 at d = 4, 492 at d = 16, "
    "519 at d = 2).",
)

CONSTRAINTS = (
    f"0 <= len(ops) <= {MAX_OPS:,}",
    "the pushed values are distinct ints, -10**9 <= x <= 10**9",
    "a `None` (pop) never comes when the heap is empty",
    "your answer must be an int from 2 to 16",
)

HINTS = (
    "There is no rule of thumb that always works: pushes that climb far "
    "favour wide heaps, pops favour families of children that fit one line, "
    "and small heaps sit in a few lines whatever the arity.  Try all 15 "
    "arities and count.",
    "Simulate each arity on a Python list, with the sift code of a d-ary "
    "heap.  The values are distinct, so your list ends each operation "
    "holding exactly what the C array holds; only the counting must follow "
    "the C rules.",
    "Count each operation with a fresh set of line numbers, `(s + 7) // 8` "
    "for every slot `s` it reads or writes; its cost is the size of the set "
    "plus one for the header.",
    "For a pop, follow the smallest child from the root down to a leaf of "
    "the `n - 1` slots that remain, and add the lines of every child of each "
    "slot on the way: a family of children spans the lines from "
    "`line(first)` to `line(last)`, which for 12 children can be three.",
)

STUB = '''\
"""Heap arity.

Return an arity d from 2 to 16 for which the C heap
dsa.native.DaryHeap(arity=d) touches the fewest 64-byte cache lines in all
over the workload ops (an int x pushes x, None pops the smallest).  Slot s
of the array lies in line (s + 7) // 8; every operation also touches one
header line; a pop reads every child on its way down to a leaf.  See the
statement (python -m dsa.practice show heap-arity) for the exact rules.

    best_arity([5, 3, None])                ->  any arity: all touch 8 lines
    best_arity(list(range(40, 0, -1)))      ->  16
"""

from __future__ import annotations


def best_arity(ops: list[int | None]) -> int:
    """An arity from 2 to 16 whose heap touches the fewest lines over ops."""
    raise NotImplementedError("write your solution here")
'''


# --------------------------------------------------------------------------
# Inputs


@st.composite
def _cases(draw: Callable[..., Any]) -> List[Optional[int]]:
    """Distinct pushed values, most followed by no pop, some by one or two:
    the heap grows to a few lines, where the arities start to differ."""
    values = draw(st.lists(st.integers(-99, 99), unique=True, max_size=40))
    pops = draw(st.lists(st.sampled_from((0, 0, 1, 0, 2)), min_size=len(values),
                         max_size=len(values)))
    return _interleave(values, pops)


def _interleave(values: List[int], pops: List[int]) -> List[Optional[int]]:
    """Push each value, then pop ``pops[k]`` times (as far as the heap allows)."""
    ops: List[Optional[int]] = []
    size = 0
    for value, count in zip(values, pops):
        ops.append(value)
        size += 1
        taken = min(count, size)
        ops.extend([None] * taken)
        size -= taken
    return ops


def _distinct(count: int, rng: random.Random) -> List[int]:
    return rng.sample(range(-10**9, 10**9), count)


def _fill_then_drain(m: int, rng: random.Random) -> List[Optional[int]]:
    """m/2 pushes in random order, then m/2 pops: a sort by heap."""
    half = m // 2
    return [*_distinct(half, rng), *([None] * half)]


def _climbing(m: int, rng: random.Random) -> List[Optional[int]]:
    """Pushes in decreasing order, so that each climbs to the root, with a
    pop after every second push: the heap grows to m/3."""
    values = sorted(_distinct(m, rng), reverse=True)
    return [None if k % 3 == 2 else values[k] for k in range(m)]


def _mixed(m: int, rng: random.Random) -> List[Optional[int]]:
    """Random pushes and pops, pushes a little more often."""
    values = _distinct(m, rng)
    ops: List[Optional[int]] = []
    size = 0
    for value in values:
        if size and rng.random() < 0.4:
            ops.append(None)
            size -= 1
        else:
            ops.append(value)
            size += 1
    return ops


# --------------------------------------------------------------------------
# Running and judging


def _run(solution: Callable[..., Any], case: List[Optional[int]]) -> int:
    """Call the solution on a copy of the workload; return its arity."""
    return _cache_lines.plain_int(solution(list(case)), "best_arity's answer")


@lru_cache(maxsize=256)
def _lines(ops: tuple, arity: int) -> int:
    """The lines the C heap of ``arity`` touches over ``ops``, as the traced
    build counts them (or the reference's model, without the C twins)."""
    native = _cache_lines.twins()
    if native is None:
        return _cache_lines.model(REFERENCE, "workload_lines")(list(ops), arity)
    heap = native.DaryHeap(arity=arity, traced=True)
    # Room for every item first: heapify allocates it, heapify(()) keeps it.
    heap.heapify(range(len(ops)))
    heap.heapify(())
    total = 0
    for op in ops:
        if op is None:
            heap.pop()
        else:
            heap.push(op)
        total += heap.last_lines
    return total


def _judge(case: List[Optional[int]], expected: Any, actual: Any) -> Optional[str]:
    """Pass an arity whose total is no larger than the reference's."""
    if actual not in ARITIES:
        return f"{actual} is not an arity the C heap offers (2 to 16)"
    ops = tuple(case)
    return _cache_lines.no_more_lines(
        actual, expected, lambda arity: _lines(ops, arity),
        lambda mine, best: (f"at arity {actual} the heap touches {mine:,} cache lines over "
                            f"the {len(ops):,} operations, but at arity {expected} only {best:,}"))


COMPLEXITY = Complexity(
    expected="O(m log m)",
    # Honest replays fit n^1.2 to n^1.4 on a busy machine (m log m, and
    # lists outgrowing the caches); copying the heap per operation, n^2.
    max_exponent=1.7,
    sizes=doublings(MAX_OPS),
    families={"fill then drain": _fill_then_drain, "pushes climbing to the root": _climbing,
              "mixed": _mixed},
    repeats=7,
    note="m operations, replayed once for each of the 15 arities",
)


def _show(case: List[Optional[int]]) -> str:
    return f"best_arity({case!r})"


PROBLEM = declare(
    globals(),
    Listing("Heap arity by cache lines", "heap", "hard", order=10),
    entry="best_arity",
    explicit_cases=(
        [],
        [5, 3, None],
        [0, 1, 2, 3],  # arity 2 beats 8: slot 3's parent shares its line
        [4, 3, 5, 0, 1, 2],  # arity 3 beats every other
        [3, None, 1, 2, None, None],
        list(range(40, 0, -1)),
        [37 * i % 101 for i in range(1, 61)] + [None] * 60,
    ),
    lessons=("heap",),
)
