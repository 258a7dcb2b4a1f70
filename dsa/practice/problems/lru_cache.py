"""LRU cache: a bounded cache that evicts the least recently used entry."""

from __future__ import annotations

import random
from typing import Any, Optional

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Problem, Rules

STATEMENT = """\
Write the class `LRUCache`, a cache holding at most `capacity` entries.
When a new entry does not fit, the cache drops the entry that was **used
least recently**.

```python
class LRUCache:
    def __init__(self, capacity: int) -> None: ...
    def get(self, key: int) -> int: ...
    def put(self, key: int, value: int) -> None: ...
```

* `get(key)` returns the value stored for `key`, or `-1` when the key is not
  in the cache.  A hit counts as a use: the key becomes the most recently
  used.
* `put(key, value)` stores `value` for `key`.  If the key is already there,
  its value is replaced and it becomes the most recently used (an update is
  a use too).  If the key is new and the cache already holds `capacity`
  entries, the least recently used entry is removed first.
* `capacity` is at least 1.  Keys are any integers; values are never
  negative, so `-1` always means "absent".

Both operations must take O(1) time.  `OrderedDict` and `functools`'
`lru_cache` / `cache` are not allowed: build the order yourself.
"""

EXAMPLES = (
    "`c = LRUCache(2); c.put(1, 10); c.put(2, 20); c.get(1)` returns `10`; "
    "now 2 is the least recently used.",
    "`c.put(3, 30)` then evicts key 2: `c.get(2)` returns `-1`, `c.get(3)` "
    "returns `30`.",
    "`c = LRUCache(1); c.put(5, 1); c.put(5, 2); c.get(5)` returns `2`: an "
    "update never evicts.",
)

CONSTRAINTS = (
    "1 <= capacity <= 10**5",
    "-10**9 <= key <= 10**9 and 0 <= value <= 10**9",
    "at most 2 * 10**5 calls to get and put",
    "OrderedDict, lru_cache and cache are not allowed",
)

HINTS = (
    "A dict finds an entry in O(1), but it cannot tell you cheaply which "
    "entry was used least recently, nor move an entry to the \"recent\" end. "
    "Which structure removes an element from the middle and appends it at "
    "the end in O(1), once you hold the element?",
    "Keep the entries in a doubly linked list in order of use, least recent "
    "at the front, and a dict from each key to its *node*. Store the key in "
    "the node too: eviction needs it to delete the dict entry.",
    "Two dummy nodes, one before the first entry and one after the last, "
    "mean every real node always has neighbours: unlinking and appending "
    "then need no special case for an empty or one-entry list.",
    "Remember that a `get` hit and a `put` on an existing key are both uses, "
    "and that an update must not evict anything.",
)

STUB = '''\
"""LRU cache.

Write LRUCache(capacity): get(key) returns the value or -1 and makes the key
the most recently used; put(key, value) inserts or updates the key (an update
is a use too) and, when a new key does not fit, first evicts the least
recently used entry.  Both in O(1).  OrderedDict, lru_cache and cache are not
allowed.

    c = LRUCache(2)
    c.put(1, 10); c.put(2, 20)
    c.get(1)      ->  10      (2 is now the least recently used)
    c.put(3, 30)              (evicts 2)
    c.get(2)      ->  -1
    c.get(3)      ->  30
"""

from __future__ import annotations


class LRUCache:
    """At most `capacity` entries; the least recently used one is evicted."""

    def __init__(self, capacity: int) -> None:
        raise NotImplementedError("write your solution here")

    def get(self, key: int) -> int:
        """Return the value of key (now the most recently used), or -1."""
        raise NotImplementedError("write your solution here")

    def put(self, key: int, value: int) -> None:
        """Insert or update key; evict the least recently used if it does not fit."""
        raise NotImplementedError("write your solution here")
'''

#: An operation is ("get", key) or ("put", key, value); a case is
#: (capacity, operations), replayed on one fresh LRUCache(capacity).
Operation = tuple
Case = tuple  # (capacity, list of operations)

_VALUES = st.integers(0, 9)
_OPERATION = st.one_of(
    st.tuples(st.just("put"), st.integers(0, 5), _VALUES),
    st.tuples(st.just("get"), st.integers(0, 5)),
)


def _scenario(
    parts: tuple[int, list[tuple[str, int, int]], list[tuple[int, int]], list[Operation]],
) -> Case:
    """Fill the cache, use some of its keys, insert new keys, then anything.

    The cache is first filled with the keys 0 .. capacity - 1.  The *uses*
    (gets and updates of those keys) reorder it, the *insertions* of keys
    from capacity upward then evict, and the free tail mixes everything.  A
    final get of every key seen shows which entries survived, and a mistake
    in the order of use almost always changes that set.
    """
    capacity, uses, insertions, tail = parts
    ops: list[Operation] = [("put", key, key) for key in range(capacity)]
    for name, key, value in uses:
        key %= capacity
        ops.append(("put", key, value) if name == "put" else ("get", key))
    ops += [("put", capacity + key, value) for key, value in insertions]
    ops += tail
    seen = sorted({op[1] for op in ops})
    return capacity, ops + [("get", key) for key in seen]


_CASES = st.tuples(
    st.integers(1, 4),
    st.lists(st.tuples(st.sampled_from(["put", "get"]), st.integers(0, 3), _VALUES),
             min_size=1, max_size=6),
    st.lists(st.tuples(st.integers(0, 3), _VALUES), min_size=1, max_size=4),
    st.lists(_OPERATION, max_size=15),
).map(_scenario)


def _run(solution: Any, case: Case) -> list[Optional[int]]:
    """Replay the operations on a fresh cache; record what get returns.

    put is recorded as None, whatever it returns.
    """
    capacity, ops = case
    lru = solution(capacity)
    results: list[Optional[int]] = []
    for op in ops:
        if op[0] == "put":
            lru.put(op[1], op[2])
            results.append(None)
        else:
            results.append(lru.get(op[1]))
    return results


def _call(op: Operation) -> str:
    return f"c.{op[0]}({', '.join(repr(arg) for arg in op[1:])})"


def _judge(
    case: Case, expected: list[Optional[int]], actual: list[Optional[int]]
) -> Optional[str]:
    """Name the first get whose result is wrong."""
    for step, (op, want, got) in enumerate(zip(case[1], expected, actual), 1):
        if want != got:
            return f"operation {step}, {_call(op)}, returned {got!r} instead of {want!r}"
    if len(expected) != len(actual):
        return "the number of results differs from the number of operations"
    return None


def _show(case: Case) -> str:
    capacity, ops = case
    return "; ".join([f"c = LRUCache({capacity})"] + [_call(op) for op in ops])


#: Operations made once the cache is full: a fixed number, so that the cost
#: per operation is what grows (or not) with the capacity.
_OPERATIONS = 40_000


def _make_case(n: int, rng: random.Random) -> Case:
    """Fill a cache of capacity n, then run a fixed mix of operations.

    Mostly hits on keys anywhere in the order of use, plus misses, updates
    and insertions of new keys (each one evicting).  The mix is chosen by
    replaying it on a small model, so the hits really hit.
    """
    keys = rng.sample(range(10**9), n + _OPERATIONS)
    fresh = keys[n:]
    stored = keys[:n]  # the keys in the cache, in no particular order
    where = {key: i for i, key in enumerate(stored)}
    by_use: dict[int, None] = dict.fromkeys(stored)  # least recently used first
    ops: list[Operation] = [("put", key, rng.randrange(10**6)) for key in stored]

    def touch(key: int) -> None:
        del by_use[key]
        by_use[key] = None

    for _ in range(_OPERATIONS):
        roll = rng.random()
        if roll < 0.7:
            key = rng.choice(stored)
            ops.append(("get", key))
            touch(key)
        elif roll < 0.8:
            ops.append(("get", fresh[-1]))  # absent
        elif roll < 0.9:
            key = rng.choice(stored)
            ops.append(("put", key, rng.randrange(10**6)))
            touch(key)
        else:
            oldest = next(iter(by_use))
            del by_use[oldest]
            key = fresh.pop()
            i = where.pop(oldest)
            stored[i] = key
            where[key] = i
            by_use[key] = None
            ops.append(("put", key, rng.randrange(10**6)))
    return n, ops


PROBLEM = Problem(
    name="lru-cache",
    title="LRU cache",
    structure="hash table",
    difficulty="medium",
    entry="LRUCache",
    kind="class",
    statement=STATEMENT,
    examples=EXAMPLES,
    constraints=CONSTRAINTS,
    hints=HINTS,
    stub=STUB,
    reference="dsa.practice.solutions.lru_cache",
    cases=_CASES,
    run=_run,
    judge=_judge,
    complexity=Complexity(
        expected="O(1) per get and put",
        max_exponent=0.35,
        sizes=(128, 256, 512, 1024, 2048),
        make_case=_make_case,
        note=f"capacity n, filled, then {_OPERATIONS:,} gets and puts",
    ),
    show_case=_show,
    forbidden=("collections.OrderedDict", "functools.lru_cache", "functools.cache"),
    rules=Rules(tripwires=("collections.OrderedDict", "functools.lru_cache", "functools.cache"),
                forbidden_types=("collections.OrderedDict", "functools._lru_cache_wrapper")),
    order=5,
    explicit_cases=(
        (1, [("get", 5), ("put", 5, 1), ("put", 5, 2), ("get", 5)]),
        (2, [("put", 1, 1), ("put", 2, 2), ("get", 1), ("put", 3, 3), ("get", 2), ("get", 1)]),
    ),
)
