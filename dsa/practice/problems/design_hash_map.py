"""Design a hash map: build the structure behind dict yourself."""

from __future__ import annotations

import random
from typing import Any, Optional

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, Rules, declare
from dsa.practice.problems._hashing import Packed, by_count, judge_steps, pack, show_steps, sizes
from dsa.practice.stubs import Method, class_outline, class_stub

#: The class the learner writes, one method at a time: its signature, which
#: the statement shows, and the docstring the stub gives it.
_METHODS: list[Method] = [
    ("__init__(self) -> None", None),
    ("put(self, key: int, value: int) -> None",
     "Store value for key, replacing any previous value."),
    ("get(self, key: int) -> int", "Return the value stored for key, or -1 when it is absent."),
    ("remove(self, key: int) -> None", "Delete key and its value; do nothing when it is absent."),
    ("__len__(self) -> int", "Return the number of keys stored."),
]

STATEMENT = f"""\
Write the class `MyHashMap`, a map from integer keys to integer values,
**without** using Python's own hash-based containers: store the entries
yourself in Python lists, as a hash table (open addressing, where every slot
holds at most one entry and a key whose slot is taken tries the next ones;
or chaining, where every slot holds a short list of entries).

{class_outline("MyHashMap", _METHODS)}

* `put(key, value)` stores `value` for `key`, replacing the old value if the
  key is already present.
* `get(key)` returns the value stored for `key`, or `-1` when the key is
  absent.
* `remove(key)` deletes the key and its value; it does nothing when the key
  is absent (no exception).
* `len(m)` is the number of keys currently stored.
* Keys are any integers from -10**9 to 10**9.  Values are never negative, so
  `-1` always means "absent".

`dict`, `set`, `frozenset`, `defaultdict`, `OrderedDict`, `Counter` and
`functools`' `lru_cache` / `cache` (which keep a dict inside) are not
allowed, nor `{{}}` literals and comprehensions, which build dicts and sets:
the point is to build the table yourself.  After every check the grader
looks through everything your map and your module hold, and none of the
keys you were given may be a key of a dict or an element of a set there,
however it was made (`type(...)()`, `vars()`, `globals()`, attributes named
after the keys, a class from another module that keeps a dict inside).
`hash(key)` is allowed.

Every operation should take O(1) time on average, however many keys are
stored: keep the table from getting too full by growing it, and make sure
removed entries do not slow it down for good.  Memory must grow with the
number of keys, not with how large they are: a list with one place for
every possible key does not fit.
"""

EXAMPLES = (
    "`m = MyHashMap(); m.put(3, 30); m.put(-5, 50); m.get(3)` returns `30`, "
    "`m.get(4)` returns `-1`.",
    "`m.put(3, 31)` replaces the value: `m.get(3)` is now `31` and `len(m)` "
    "is still `2`.",
    "`m.remove(3); m.get(3)` returns `-1`, `len(m)` is `1`; `m.remove(3)` "
    "again does nothing.",
)

CONSTRAINTS = (
    "-10**9 <= key <= 10**9 and 0 <= value <= 10**9",
    "at most 10**5 operations",
    "dict, set, frozenset, defaultdict, OrderedDict, Counter, lru_cache and cache "
    "are not allowed",
)

HINTS = (
    "Keep a list of slots whose length is a power of two, and start a key at "
    "slot `hash(key) & (capacity - 1)`. When that slot holds another key, try "
    "the next one, and the next, wrapping around: a lookup follows the same "
    "walk and stops at the key or at an empty slot.",
    "Once the table is more than about 2/3 full, walks get long: allocate a "
    "list twice as big and re-insert every key (their slots change with the "
    "capacity).",
    "Removing is the trap. If you empty the slot, a key that had to walk past "
    "it can no longer be found. Mark the slot as deleted instead (a "
    "\"tombstone\"): lookups walk over it, and a new key may reuse it.",
    "Count tombstones as used slots when deciding to rebuild, and drop them "
    "all when you rebuild; otherwise the table can fill with tombstones and "
    "a lookup for a missing key never meets an empty slot.",
)

STUB = class_stub(
    '''\
Design a hash map.

Write MyHashMap, a map from int keys to int values stored in Python lists
as a hash table (open addressing: a key whose slot is taken tries the next
ones; or chaining: each slot holds a short list).  get returns -1 for an
absent key; remove of an absent key does nothing; len gives the number of
keys.  dict, set, frozenset, defaultdict, OrderedDict, Counter, lru_cache and
cache are not allowed, however they are reached; hash() is.

    m = MyHashMap()
    m.put(3, 30); m.put(-5, 50)
    m.get(3)      ->  30
    m.get(4)      ->  -1
    m.remove(3)
    m.get(3)      ->  -1
    len(m)        ->  1
''',
    "MyHashMap",
    "A map from int keys to int values, built on a list of slots.",
    _METHODS,
)

#: An operation is ("put", key, value), ("get", key), ("remove", key) or
#: ("len",); a case is a list of them, packed (see ``_hashing.pack``),
#: replayed on one fresh MyHashMap.
Operation = tuple

#: Keys r + 1024 * j share their low ten bits with the other keys of the same
#: r, so they collide in every power-of-two table of up to 1024 slots, and
#: the three values of r sit side by side: probe walks run through each other.
_KEYS = st.builds(lambda r, j: r + 1024 * j, st.integers(0, 2), st.integers(-2, 2))
_VALUES = st.integers(0, 9)
_OPERATION = st.one_of(
    st.tuples(st.just("put"), _KEYS, _VALUES),
    st.tuples(st.just("get"), _KEYS),
    st.tuples(st.just("remove"), _KEYS),
    st.just(("len",)),
)


def _scenario(parts: tuple[list[tuple[int, int]], list[int], list[Operation]]) -> Packed:
    """Put some keys, remove some, look up every key put, then anything.

    Removing keys from the middle of probe walks and looking the others up
    right after is what finds broken removals; the free tail of operations
    covers updates, re-insertions after a removal and len.
    """
    puts, removals, tail = parts
    ops: list[Operation] = [("put", key, value) for key, value in puts]
    ops += [("remove", key) for key in removals]
    ops += [("get", key) for key, _ in puts]
    return pack(ops + tail)


_CASES = st.tuples(
    st.lists(st.tuples(_KEYS, _VALUES), min_size=2, max_size=12),
    st.lists(_KEYS, min_size=1, max_size=4),
    st.lists(_OPERATION, max_size=20),
).map(_scenario)


def _run(solution: Any, case: Packed) -> list[Optional[int]]:
    """Replay the operations on a fresh map; record what get and len return.

    put and remove are recorded as None, whatever they return.
    """
    with by_count(lambda: _keys(case), "keys"):
        return _replay(solution, case)


def _replay(solution: Any, case: Packed) -> list[Optional[int]]:
    table = solution()
    results: list[Optional[int]] = []
    for initial, key, value in zip(*case):
        if initial == "p":
            table.put(key, value)
            results.append(None)
        elif initial == "g":
            results.append(table.get(key))
        elif initial == "r":
            table.remove(key)
            results.append(None)
        else:
            results.append(len(table))
    return results


def _keys(case: Packed) -> list[int]:
    """The keys a case hands the map: none may end up in a dict or set."""
    return [key for initial, key in zip(case[0], case[1]) if initial == "p"]


def _judge(
    case: Packed, expected: list[Optional[int]], actual: list[Optional[int]]
) -> Optional[str]:
    """Name the first operation whose result is wrong."""
    return judge_steps(case, expected, actual, "m")


def _show(case: Packed) -> str:
    return show_steps("m = MyHashMap()", case, "m")


#: Operations made after the n keys are in: a fixed number, so that the cost
#: per operation is what grows (or not) with n.
_OPERATIONS = 3_000


def _mix(n: int, rng: random.Random, *, step: int = 1, churn: float = 0.2,
         operations: int = _OPERATIONS) -> Packed:
    """Put n distinct keys (multiples of ``step``), then a fixed mix of
    operations that keeps n keys stored.

    Of the mix, ``churn`` are removals each followed by the put of a new
    key; the rest are hits and misses for get, and updates.
    """
    span = 10**9 // step
    keys = [k * step for k in rng.sample(range(-span, span), n + operations + 1)]
    stored, fresh = keys[:n], keys[n:]
    absent = fresh.pop()
    ops: list[Operation] = [("put", key, rng.randrange(10**6)) for key in stored]
    while len(ops) < n + operations:
        roll = rng.random()
        if roll < churn:
            i = rng.randrange(len(stored))
            ops.append(("remove", stored[i]))
            stored[i] = fresh.pop()
            ops.append(("put", stored[i], rng.randrange(10**6)))
        elif roll < churn + (1 - churn) / 2:
            ops.append(("get", rng.choice(stored)))
        elif roll < churn + 3 * (1 - churn) / 4:
            ops.append(("get", absent))
        else:
            ops.append(("put", rng.choice(stored), rng.randrange(10**6)))
    return pack(ops)


def _random_keys(n: int, rng: random.Random) -> Packed:
    """Keys anywhere in -10**9..10**9: hits, misses, updates, replacements."""
    return _mix(n, rng)


#: Operations of the churn family, mostly removals each followed by a new
#: key: many times more than a table of its sizes has slots.
_CHURN = 8_000


def _churn(n: int, rng: random.Random) -> Packed:
    """Nearly every operation removes a key or puts a new one in its place:
    thousands of removals on a table of n keys.  A table that leaves
    tombstones behind and never clears them fills with them, and every put
    of a new key and every miss then walks the whole table (or never stops)."""
    return _mix(n, rng, churn=0.95, operations=_CHURN)


def _thousands(n: int, rng: random.Random) -> Packed:
    """Every key a multiple of 1000: a table that files keys by ``key % 1000``
    (or any fixed number of buckets dividing 1000) puts them all in one."""
    return _mix(n, rng, step=1000)


COMPLEXITY = Complexity(
    expected="O(1) average per operation",
    max_exponent=0.5,
    sizes=sizes(64, 1024),
    families={"random keys": _random_keys, "removals and new keys": (_churn, sizes(8, 128)),
              "keys that are multiples of 1000": _thousands},
    repeats=9,
    note=f"n keys are put first, then {_OPERATIONS:,} operations run",
)


def _large(rng: random.Random) -> list[Packed]:
    """The constraints' limits in key range: keys from -10**9 to 10**9.

    30,000 operations (every case travels to both workers) on keys from a
    pool of 300 (the extremes, and -1 and -2, whose hashes are equal, among
    them), so that a slow map still finishes here and is judged by the
    growth check.
    """
    keys = rng.sample(range(-10**9, 10**9 + 1), 296) + [-10**9, 10**9, -1, -2]
    ops: list[Operation] = []
    while len(ops) < 30_000:
        roll = rng.random()
        key = rng.choice(keys)
        if roll < 0.35:
            ops.append(("put", key, rng.randrange(10**9 + 1)))
        elif roll < 0.5:
            ops.append(("remove", key))
        elif roll < 0.95:
            ops.append(("get", key))
        else:
            ops.append(("len",))
    return [pack(ops)]


#: Names the file may not use; from the fourth on, tripwires too.
_FORBIDDEN = ("dict", "set", "frozenset", "collections.defaultdict", "collections.OrderedDict",
              "collections.Counter", "functools.lru_cache", "functools.cache")

PROBLEM = declare(
    globals(),
    Listing("Design a hash map", "hash table", "medium", order=4),
    entry="MyHashMap",
    forbidden=_FORBIDDEN,
    rules=Rules(no_hashed_keys=_keys, tripwires=_FORBIDDEN[3:],
                forbidden_types=("functools._lru_cache_wrapper",)),
    explicit_cases=tuple(pack(ops) for ops in (
        [("put", 3, 1), ("put", 3, 2), ("get", 3), ("len",)],
        [("remove", 5), ("get", 5), ("len",)],
        [("put", 0, 1), ("remove", 0), ("remove", 0), ("get", 0), ("len",)],
        # hash(-1) == hash(-2) in Python: equal hashes, different keys.
        [("put", -1, 5), ("put", -2, 7), ("get", -1), ("get", -2), ("remove", -1),
         ("get", -2), ("len",)],
        [("put", 10**9, 1), ("put", -10**9, 2), ("get", 10**9), ("get", -10**9),
         ("get", 0), ("len",)],
    )),
)
