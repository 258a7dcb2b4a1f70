"""LRU cache: a bounded cache that evicts the least recently used entry."""

from __future__ import annotations

import random
import types
from typing import Any, Optional

from hypothesis import strategies as st

from dsa.practice import harness
from dsa.practice.guard import RuleBroken
from dsa.practice.problem import Complexity, Family, Listing, Rules, declare
from dsa.practice.problems._hashing import judge_steps, pack, show_steps, sizes
from dsa.practice.stubs import cache_methods, class_outline, class_stub

#: The class the learner writes: the cache interface, each method with the
#: docstring the stub gives it (the statement shows the signatures).
_METHODS = cache_methods(
    get="Return the value of key (now the most recently used), or -1.",
    put="Insert or update key; evict the least recently used if it does not fit.",
)

STATEMENT = f"""\
Write the class `LRUCache`, a cache holding at most `capacity` entries.
When a new entry does not fit, the cache drops the entry that was **used
least recently**.

{class_outline("LRUCache", _METHODS)}

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
`lru_cache` / `cache` are not allowed (however they are reached): build the
order yourself.  A dict may find your entries, but it may not keep the order
of use for you: a plain dict whose keys are moved to its end on every use
(`pop` and insert again) and whose oldest key is `next(iter(d))` is an
`OrderedDict` by another name.  After the checks on small inputs the grader
looks through your cache, and a dict listing the cached keys (as its keys or
its values) in their order of use is refused, whenever that order differs
from the order the keys were put in.  A dict from each key to a node of a
linked list that you keep in order of use yourself is fine.
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
    "OrderedDict, lru_cache and cache are not allowed, nor a dict kept in the order of use",
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

STUB = class_stub(
    '''\
LRU cache.

Write LRUCache(capacity): get(key) returns the value or -1 and makes the key
the most recently used; put(key, value) inserts or updates the key (an update
is a use too) and, when a new key does not fit, first evicts the least
recently used entry.  Both in O(1).  OrderedDict, lru_cache and cache are not
allowed, nor a dict whose own order stands for the order of use: keep that
order in a linked list of your own.

    c = LRUCache(2)
    c.put(1, 10); c.put(2, 20)
    c.get(1)      ->  10      (2 is now the least recently used)
    c.put(3, 30)              (evicts 2)
    c.get(2)      ->  -1
    c.get(3)      ->  30
''',
    "LRUCache",
    "At most `capacity` entries; the least recently used one is evicted.",
    _METHODS,
)

#: An operation is ("get", key) or ("put", key, value); a case is
#: (capacity, operations packed by ``_hashing.pack``), replayed on one fresh
#: LRUCache(capacity).
Operation = tuple
Case = tuple  # (capacity, packed operations)

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
    return capacity, pack(ops + [("get", key) for key in seen])


_CASES = st.tuples(
    st.integers(1, 4),
    st.lists(st.tuples(st.sampled_from(["put", "get"]), st.integers(0, 3), _VALUES),
             min_size=1, max_size=6),
    st.lists(st.tuples(st.integers(0, 3), _VALUES), min_size=1, max_size=4),
    st.lists(_OPERATION, max_size=15),
).map(_scenario)


#: Cases with at most this many operations are checked for a dict kept in
#: the order of use (the growth cases are left to the clock).
_ORDER_CHECKED = 300


def _run(solution: Any, case: Case) -> list[Optional[int]]:
    """Replay the operations on a fresh cache; record what get returns.

    put is recorded as None, whatever it returns.  On small cases a model
    follows along, and the cache is then looked through for a dict kept in
    the order of use.
    """
    capacity, (initials, keys, values) = case
    lru = solution(capacity)
    results: list[Optional[int]] = []
    model = _Model(capacity) if len(initials) <= _ORDER_CHECKED else None
    for initial, key, value in zip(initials, keys, values):
        if initial == "p":
            lru.put(key, value)
            results.append(None)
        else:
            results.append(lru.get(key))
        if model is not None:
            model.step(initial, key)
    if model is not None:
        model.look_through(lru)
    return results


class _Model:
    """The cached keys in order of use and in the order they were put in."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.by_use: dict[int, None] = {}  # least recently used first
        self.by_insertion: dict[int, None] = {}

    def step(self, initial: str, key: int) -> None:
        if key in self.by_use:
            del self.by_use[key]
            self.by_use[key] = None
        elif initial == "p":
            if len(self.by_use) == self.capacity:
                oldest = next(iter(self.by_use))
                del self.by_use[oldest]
                del self.by_insertion[oldest]
            self.by_use[key] = None
            self.by_insertion[key] = None

    def look_through(self, lru: Any) -> None:
        """Raise RuleBroken when a dict reachable from ``lru`` lists the
        cached keys in their order of use (and that order is not simply the
        order they were put in)."""
        in_use = list(self.by_use)
        if len(in_use) < 2 or in_use == list(self.by_insertion):
            return
        cached = frozenset(in_use)

        def in_order_of_use(obj: Any) -> Optional[str]:
            if not isinstance(obj, dict):
                return None
            for listed, what in ((dict.keys(obj), "keys"), (dict.values(obj), "values")):
                kept = [x for x in listed if type(x) is int and x in cached]
                if kept == in_use:
                    return f"is a dict whose {what} are the cached keys in their order of use"
            return None

        cls = type(lru)
        functions = [getattr(f, "__func__", f) for klass in cls.__mro__[:-1]
                     for f in vars(klass).values()]
        functions = [f for f in functions if isinstance(f, types.FunctionType)]
        if not functions:
            return
        learner_file = functions[0].__code__.co_filename
        roots = [lru, cls] + [f.__globals__ for f in functions]
        found = harness.storage_problems(roots, learner_file, check=in_order_of_use)
        if found:
            raise RuleBroken(
                f"your cache keeps the order of use in a dict ({found[0]}); that is an "
                "OrderedDict by another name: keep the order in a linked list of your own")


def _judge(
    case: Case, expected: list[Optional[int]], actual: list[Optional[int]]
) -> Optional[str]:
    """Name the first get whose result is wrong."""
    return judge_steps(case[1], expected, actual, "c")


def _show(case: Case) -> str:
    capacity, ops = case
    return show_steps(f"c = LRUCache({capacity})", ops, "c")


#: Operations made once the cache is full: a fixed number, so that the cost
#: per operation is what grows (or not) with the capacity.
_OPERATIONS = 4_000


def _mix(n: int, rng: random.Random, *, capacity: int = 0, touch: str = "any") -> Case:
    """Put n new keys into a cache of ``capacity`` (n when 0), then run a
    fixed mix of operations chosen by replaying them on a model of the cache.

    Mostly hits (gets, and updates, which are uses too), plus misses and
    puts of new keys, each of which evicts.  ``touch`` says which entry a
    hit uses: ``"any"``, or ``"ends"``, by turns the oldest (least recently
    used) and the newest but one.
    """
    capacity = capacity or n
    keys = rng.sample(range(-10**9, 10**9), n + _OPERATIONS + 1)
    fresh = keys[n:]
    absent = fresh.pop()
    by_use: dict[int, None] = {}  # the cached keys, least recently used first
    stored: list[int] = []  # the same keys, in no order, to draw from
    where: dict[int, int] = {}  # key -> its place in stored
    ops: list[Operation] = []

    def use(key: int) -> None:
        del by_use[key]
        by_use[key] = None

    def insert(key: int) -> None:
        if len(by_use) == capacity:
            oldest = next(iter(by_use))
            del by_use[oldest]
            i = where.pop(oldest)
            stored[i] = stored[-1]
            where[stored[i]] = i
            stored.pop()
        by_use[key] = None
        where[key] = len(stored)
        stored.append(key)
        ops.append(("put", key, rng.randrange(10**6)))

    turn = [False]

    def pick() -> int:
        if touch == "any":
            return rng.choice(stored)
        turn[0] = not turn[0]
        if turn[0] or len(by_use) == 1:
            return next(iter(by_use))
        newest = reversed(by_use)
        next(newest)
        return next(newest)

    for key in keys[:n]:
        insert(key)
    for _ in range(_OPERATIONS):
        roll = rng.random()
        if roll < 0.7:
            key = pick()
            ops.append(("get", key))
            use(key)
        elif roll < 0.8:
            ops.append(("get", absent))
        elif roll < 0.9:
            key = pick()
            ops.append(("put", key, rng.randrange(10**6)))
            use(key)
        else:
            insert(fresh.pop())
    return capacity, pack(ops)


_FAMILIES = (
    Family("uses anywhere", lambda n, rng: _mix(n, rng)),
    # A list or deque of the keys searched from either end finds one of the
    # two last: the oldest entry, and the newest but one.
    Family("uses at both ends of the order", lambda n, rng: _mix(n, rng, touch="ends")),
    # n keys have come and gone: a cache that remembers evicted keys, or
    # searches a history of every use, slows down with n.
    Family("capacity 1 after n keys", lambda n, rng: _mix(n, rng, capacity=1)),
)


COMPLEXITY = Complexity(
    expected="O(1) per get and put",
    max_exponent=0.5,
    sizes=sizes(64, 1024),
    families=_FAMILIES,
    repeats=9,
    note=f"n keys put, then {_OPERATIONS:,} gets and puts",
)


def _large(rng: random.Random) -> list[Case]:
    """The constraints' limits in key range and capacity: capacity 1, 500 and
    10**5, keys over the whole range.

    The number of calls stays in the tens of thousands (every case travels
    to both workers), and the largest capacity holds 5,000 keys, so that a
    slow cache still finishes here and is judged by the growth check.
    """
    cases = []
    for capacity, distinct, calls in ((1, 50, 20_000), (500, 1_000, 30_000),
                                      (100_000, 5_000, 12_000)):
        keys = rng.sample(range(-10**9, 10**9 + 1), distinct - 2) + [-10**9, 10**9]
        ops: list[Operation] = [("put", key, rng.randrange(10**9 + 1))
                                for key in keys[: min(capacity, distinct)]]
        while len(ops) < calls:
            key = rng.choice(keys)
            if rng.random() < 0.6:
                ops.append(("get", key))
            else:
                ops.append(("put", key, rng.randrange(10**9 + 1)))
        cases.append((capacity, pack(ops + [("get", key) for key in keys])))
    return cases


PROBLEM = declare(
    globals(),
    Listing("LRU cache", "hash table", "medium", order=5),
    entry="LRUCache",
    forbid=("collections.OrderedDict", "functools.lru_cache", "functools.cache"),
    rules=Rules(forbidden_types=("collections.OrderedDict", "functools._lru_cache_wrapper")),
    explicit_cases=tuple((capacity, pack(ops)) for capacity, ops in (
        (1, [("get", 5), ("put", 5, 1), ("put", 5, 2), ("get", 5)]),
        (2, [("put", 1, 1), ("put", 2, 2), ("get", 1), ("put", 3, 3), ("get", 2), ("get", 1)]),
        (3, [("put", 1, 1), ("put", 2, 2), ("put", 3, 3), ("get", 1), ("put", 2, 20),
             ("put", 4, 4), ("get", 3), ("get", 1)]),
        (2, [("put", 10**9, 1), ("put", -10**9, 2), ("get", 10**9), ("put", 0, 3),
             ("get", -10**9), ("get", 0)]),
    )),
)
