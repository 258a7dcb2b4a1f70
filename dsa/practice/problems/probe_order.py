"""Probe order: the insertion order that makes lookups touch the fewest lines."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Callable, List, Optional, Tuple

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, declare, doublings
from dsa.practice.problems import _cache_lines

REFERENCE = "dsa.practice.solutions.probe_order"
#: The most keys the constraints allow (in a table of 2**16 slots).  It is
#: also the largest growth size, whose answers are judged: so the limit is
#: checked there, without large cases that a slow solution could not finish.
MAX_KEYS = 20_000
#: Keys stay below this, so the identity hash leaves their 7-bit tag at 0.
KEY_LIMIT = 2**31
MAX_COUNT = 10**9

#: A case: the keys, how often each is looked up, the table's capacity.
Case = Tuple[List[int], List[int], int]

STATEMENT = f"""\
In a hash table with open addressing, a key whose home slot is taken goes
to the next free slot, and every later lookup of it walks from its home to
there.  The C twin `dsa.native.OpenAddressingHashTable` keeps its table in
two arrays, and the walk touches 64-byte cache lines of both.  (Read the
hash-table lesson first: `python -m dsa.lessons hashtable`.)  Which keys
get their home and which are pushed along depends on the order they are
inserted in: write

```python
def insertion_order(keys: list[int], counts: list[int], capacity: int) -> list[int]:
```

which returns the `keys` in the order to insert them, so that afterwards
looking up every `keys[i]` `counts[i]` times touches the **fewest cache
lines in all**.  Return every key exactly once (a permutation of `keys`).

The grader inserts your order into
`OpenAddressingHashTable(hash_function="identity", capacity=capacity)` (its
traced build), looks each key up once, multiplies the distinct lines that
lookup touched (`last_lines`) by the key's count, and adds it all up; it
does the same with the reference's order.  Your order passes when its total
is no larger: orders that tie are equally right.  What that table does:

* **Slots.**  `capacity` is a power of two, and a key's home is
  `key % capacity` (the identity hash keeps the key's own bits).  The table
  never grows: the keys fill at most half of it.  Insertion is linear
  probing: the home, then the next slot, and so on (after the last slot
  comes slot 0), until a free one.
* **Memory.**  The `{{key, value}}` pairs sit in one array of 16-byte slots,
  four to a line (slot `i` in line `i // 4`); beside it, one state byte per
  slot, 64 to a line (state `i` in line `i // 64`).  Both arrays start on
  a line.
* **A lookup** of a key walks from its home to its slot and, for every slot
  on the way (both ends included), reads its state byte and its 16 bytes.
  (The state byte of a full slot keeps 7 bits of its key's hash, and the
  C code skips the 16 bytes when they differ from the key's own; your keys
  are below 2**31, so those bits are 0 for all of them and no slot is
  skipped.)  Its cost is the number of distinct lines of the two arrays
  it touched.

{_cache_lines.FALLBACK_NOTE}

Aim for O(n log n) time for n keys.
"""

EXAMPLES = (
    "`insertion_order([3, 19], [1, 5], 16)` returns `[19, 3]`: both keys "
    "have home 3, so whichever comes second lands in slot 4, on the next "
    "line.  19 is looked up five times, so it should be first: 5 lookups of "
    "2 lines and 1 of 3 make 13 lines, where `[3, 19]` costs 17.",
    "`insertion_order([2, 18], [1, 5], 16)` may return either order: slots "
    "2 and 3 share a line, so each lookup touches 2 lines either way (12 in "
    "all).",
    "`insertion_order([3, 4, 19], [1, 1, 9], 16)` returns `[19, 4, 3]` (or "
    "`[19, 3, 4]`, 23 lines either way).  In the given order 3 takes slot 3 "
    "and 4 slot 4, and 19, pushed past both into slot 5, costs 3 lines per "
    "lookup: 31 lines in all.",
)

CONSTRAINTS = (
    "capacity is a power of two, 16 <= capacity <= 2**16",
    "0 <= len(keys) <= capacity / 2, len(counts) == len(keys), "
    f"len(keys) <= {MAX_KEYS:,}",
    "the keys are distinct, 0 <= keys[i] < 2**31",
    "0 <= counts[i] <= 10**9",
)

HINTS = (
    "Which slots end up full does not depend on the order: each run of "
    "full slots is the same whatever you do.  What the order decides is "
    "which key of a run sits where.",
    "A key inserted while its home is free gets its home.  Which key would "
    "you most like to see at its home, or as close to it as possible?",
    "The cost of a slot, counted from a key's home, only grows as the slot "
    "moves along the run, and it grows the same way for every key there. "
    "So the heavier key should always get the earlier slot.",
    "Sort the keys by count, largest first (ties in any order), and insert "
    "them that way.  The capacity does not even matter.",
)

STUB = '''\
"""Probe order.

Return the keys in the order to insert them into an open-addressing table
(linear probing, home = key % capacity, 16-byte slots four to a line, one
state byte per slot) so that looking every keys[i] up counts[i] times
touches the fewest 64-byte cache lines in all.  Return each key once.

    insertion_order([3, 19], [1, 5], 16)          ->  [19, 3]
    insertion_order([3, 4, 19], [1, 1, 9], 16)    ->  [19, 4, 3]
"""

from __future__ import annotations


def insertion_order(keys: list[int], counts: list[int], capacity: int) -> list[int]:
    """The keys in the order to insert them."""
    raise NotImplementedError("write your solution here")
'''


# --------------------------------------------------------------------------
# Inputs


@st.composite
def _cases(draw: Callable[..., Any]) -> Case:
    """A small table at most half full, keys that often share a home."""
    capacity = draw(st.sampled_from((16, 32, 16, 128)))
    keys = draw(st.lists(st.integers(0, 4 * capacity - 1), unique=True,
                         max_size=capacity // 2))
    counts = draw(st.lists(st.integers(0, 20), min_size=len(keys), max_size=len(keys)))
    return keys, counts, capacity


def _capacity_for(n: int) -> int:
    """The smallest power of two, at least 16, that holds n keys half full."""
    capacity = 16
    while capacity < 2 * n:
        capacity *= 2
    return capacity


def _random(n: int, rng: random.Random) -> Case:
    """Keys anywhere below 2**31, counts from a wide range."""
    keys = rng.sample(range(KEY_LIMIT), n)
    return keys, [rng.randrange(MAX_COUNT) for _ in keys], _capacity_for(n)


def _crowded(n: int, rng: random.Random) -> Case:
    """Every key's home in the first quarter of the table: one long run,
    where the order decides almost every key's slot."""
    capacity = _capacity_for(n)
    homes = capacity // 4
    picked = rng.sample(range(homes * (KEY_LIMIT // capacity)), n)
    keys = [p % homes + capacity * (p // homes) for p in picked]
    return keys, [rng.randrange(1, 1000) for _ in keys], capacity


def _few_counts(n: int, rng: random.Random) -> Case:
    """Only five different counts: long runs of ties, the worst case of a
    quicksort that sends every key equal to the pivot the same way."""
    keys, _, capacity = _random(n, rng)
    return keys, [rng.choice((1, 2, 3, 5, 8)) for _ in keys], capacity


# --------------------------------------------------------------------------
# Running and judging


def _run(solution: Callable[..., Any], case: Case) -> List[int]:
    """Call the solution on copies of the inputs; return its order."""
    keys, counts, capacity = case
    return _cache_lines.plain_ints(solution(list(keys), list(counts), capacity),
                                   "insertion_order", "keys")


@lru_cache(maxsize=16)
def _lines(order: tuple, lookups: tuple, capacity: int) -> int:
    """The lines the lookups touch after inserting ``order``, as the traced
    build counts them (or the reference's model, without the C twins).
    ``lookups`` holds (key, count) pairs."""
    counts = dict(lookups)
    native = _cache_lines.twins()
    if native is None:
        return _cache_lines.model(REFERENCE, "total_lines")(list(order), counts, capacity)
    table = native.OpenAddressingHashTable(hash_function="identity", capacity=capacity,
                                           max_load_factor=0.99, traced=True)
    for key in order:
        table[key] = 0
    if table.capacity != capacity:  # pragma: no cover - the constraints prevent it
        raise AssertionError(f"the table grew from {capacity} to {table.capacity} slots")
    total = 0
    for key in order:
        table[key]
        total += counts[key] * table.last_lines
    return total


def _judge(case: Case, expected: Any, actual: Any) -> Optional[str]:
    """Pass a permutation of the keys whose lookups touch no more lines than
    the reference's order."""
    keys, counts, capacity = case
    lookups = tuple(zip(keys, counts))
    return _cache_lines.order_no_more_lines(
        actual, expected, keys, "keys", lambda order: _lines(tuple(order), lookups, capacity),
        "after your order the lookups touch")


COMPLEXITY = Complexity(
    expected="O(n log n)",
    max_exponent=1.45,
    sizes=doublings(MAX_KEYS),
    families={"random": _random, "crowded homes": _crowded,
              "few different counts": _few_counts},
    repeats=7,
    note="one sort of the keys by their counts",
    # The judge replays both orders in the traced C twin, far slower than
    # either solution: after the first pass a third of the timed
    # answers are judged, chosen where the learner's code cannot see.
    judged_share=1 / 3,
)


def _show(case: Case) -> str:
    keys, counts, capacity = case
    return f"insertion_order({keys!r}, {counts!r}, {capacity!r})"


PROBLEM = declare(
    globals(),
    Listing("Insertion order for cheap lookups", "hash table", "medium", order=10),
    entry="insertion_order",
    explicit_cases=(
        ([], [], 16),
        ([3, 19], [1, 5], 16),
        ([3, 4, 19], [1, 1, 9], 16),
        ([15, 31, 47, 0], [1, 2, 3, 9], 16),
        ([3, 131, 259, 4, 5, 6], [1, 1, 1, 1, 1, 50], 128),
    ),
    lessons=("hashtable",),
)
