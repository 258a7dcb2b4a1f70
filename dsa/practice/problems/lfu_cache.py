"""LFU cache: a bounded cache that evicts the least frequently used entry."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Optional, Tuple

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, Rules, declare
from dsa.practice.problems._answers import sizes_between, whole_number
from dsa.practice.problems._hashing import Packed, judge_steps, pack, show_steps
from dsa.practice.stubs import cache_methods, class_outline, class_stub

#: The class the learner writes: the cache interface, each method with the
#: docstring the stub gives it (the statement shows the signatures).
_METHODS = cache_methods(
    get="Return the value of key (a use), or -1.",
    put="Insert or update key (an update is a use); evict first if it does not fit.",
)

STATEMENT = f"""\
Write the class `LFUCache`, a cache holding at most `capacity` entries.
When a new entry does not fit, the cache drops the entry **used least
often**, and among several used equally little, the one whose last use is
the oldest.

{class_outline("LFUCache", _METHODS)}

* Every entry has a **use count**.  A new entry starts at 1.
* `get(key)` returns the value stored for `key`, or `-1` when the key is not
  in the cache.  A hit is a use: the entry's count goes up by one, and it
  becomes the most recently used.
* `put(key, value)` on a key already in the cache replaces its value, and
  that is a use too (count up by one, most recently used).  On a new key,
  if the cache already holds `capacity` entries, first remove the entry
  with the smallest count, the least recently used of those if several tie;
  then add the new entry with count 1.
* An evicted key is forgotten entirely: if it comes back, it starts again
  at count 1.
* `capacity` is at least 1.  Keys and values are integers, values never
  negative, so `-1` always means "absent".

Aim for O(1) time per call.  Scanning the entries for the least used one at
each eviction is O(capacity) and too slow; a heap, O(log capacity) per call,
is close enough that the check cannot tell it from O(1) and passes too.
`functools.lru_cache` and `functools.cache` are not allowed (they would not
count uses anyway).
"""

EXAMPLES = (
    "`c = LFUCache(2); c.put(1, 10); c.put(2, 20); c.get(1)` returns `10`: "
    "key 1 now has 2 uses, key 2 has 1",
    "`c.put(3, 30)` evicts key 2, the least used: `c.get(2)` returns `-1`, and "
    "`c.get(3)` returns `30` (keys 1 and 3 now both have 2 uses)",
    "`c.put(4, 40)` must evict one of the two tied keys: key 1, whose last use "
    "is older; `c.get(1)` returns `-1`",
    "`c = LFUCache(1); c.put(5, 1); c.put(5, 2); c.get(5)` returns `2`: an "
    "update never evicts",
)

CONSTRAINTS = (
    "1 <= capacity <= 10**4",
    "0 <= key, value <= 10**9",
    "at most 3 * 10**4 calls in all",
    "functools.lru_cache and functools.cache are not allowed",
)

HINTS = (
    "Two questions must be answered fast: where is the entry of this key, "
    "and which entry goes at the next eviction?  A dict answers the first. "
    "For the second, group the keys by their use count.",
    "Keep, for each count, the keys that have it in order of last use "
    "(an OrderedDict, or a doubly linked list of your own): the first one "
    "is the least recently used of that count.",
    "A use moves a key from the group of count c to the *end* of the group "
    "of count c + 1.  Remember the smallest count that has keys: a new "
    "entry makes it 1; a use that empties the group of the smallest count "
    "makes it c + 1.",
    "Evict the first key of the group of the smallest count, and forget "
    "its count too.  An update of an existing key must never evict.",
)

STUB = class_stub(
    '''\
LFU cache.

LFUCache(capacity): get(key) returns the value or -1; put(key, value)
inserts or updates.  Every hit and every update is a use.  When a new key
does not fit, first evict the entry with the fewest uses, the least
recently used among those that tie; a new entry starts at 1 use.  Aim for
O(1) per call.

    c = LFUCache(2)
    c.put(1, 10); c.put(2, 20)
    c.get(1)      ->  10      (key 1: 2 uses, key 2: 1 use)
    c.put(3, 30)              (evicts key 2, the least used)
    c.get(2)      ->  -1
    c.get(3)      ->  30      (keys 1 and 3 now both have 2 uses)
    c.put(4, 40)              (a tie: evicts key 1, used longer ago)
    c.get(1)      ->  -1
''',
    "LFUCache",
    "At most `capacity` entries; the least frequently used one is evicted.",
    _METHODS,
)

_FORBIDDEN = ("functools.lru_cache", "functools.cache")

Call = Tuple[Any, ...]
#: A case: the capacity and the calls, packed by ``_hashing.pack``.
Case = Tuple[int, Packed]


def _case(capacity: int, calls: List[Call]) -> Case:
    return capacity, pack(calls)


def _run(solution: Callable[..., Any], case: Case) -> List[Optional[int]]:
    """Replay the calls on one fresh cache; record what get returns (None
    for put, whatever it returns)."""
    capacity, (initials, keys, values) = case
    cache = solution(capacity)
    get, put = cache.get, cache.put
    results: List[Optional[int]] = []
    for initial, key, value in zip(initials, keys, values):
        if initial == "g":
            results.append(whole_number(get(key), "get"))
        else:
            put(key, value)
            results.append(None)
    return results


def _judge(case: Case, expected: List[Optional[int]],
           actual: List[Optional[int]]) -> Optional[str]:
    return judge_steps(case[1], expected, actual, "c")


def _show(case: Case) -> str:
    return show_steps(f"c = LFUCache({case[0]})", case[1], "c", limit=40)


@st.composite
def _cases(draw: Callable[..., Any]) -> Case:
    """Fill a small cache, use some of its keys (so counts differ and tie),
    insert new keys, then anything; finally get every key seen, which shows
    what survived."""
    capacity = draw(st.integers(1, 4))
    value = st.integers(0, 9)
    calls: List[Call] = [("put", key, key) for key in range(capacity)]
    for name, key, val in draw(st.lists(st.tuples(st.sampled_from(["get", "put"]),
                                                  st.integers(0, capacity - 1), value),
                                        max_size=8)):
        calls.append(("get", key) if name == "get" else ("put", key, val))
    calls += [("put", capacity + key, val) for key, val in
              draw(st.lists(st.tuples(st.integers(0, 3), value), min_size=1, max_size=4))]
    calls += draw(st.lists(st.one_of(st.tuples(st.just("get"), st.integers(0, 6)),
                                     st.tuples(st.just("put"), st.integers(0, 6), value)),
                           max_size=12))
    seen = sorted({call[1] for call in calls})
    return _case(capacity, calls + [("get", key) for key in seen])


#: Calls made once the cache is full: a fixed number, so that the cost per
#: call is what grows (or not) with the capacity.
_CALLS = 5_000


def _keys(count: int, rng: random.Random) -> List[int]:
    return rng.sample(range(10**9), count)


def _mixed(n: int, rng: random.Random) -> Case:
    """Fill a cache of capacity n, use half of its keys once, then a fixed
    mix of calls.

    The calls are hits and updates on that used half (whose counts then
    spread out), misses, and, one call in ten, a new key, which evicts
    one of the entries never used since they came in.  Scanning the entries
    for the least used one costs O(n) an eviction.
    """
    keys = _keys(n + _CALLS, rng)
    stored, fresh = keys[:n], keys[n:]
    core = stored[: max(1, n // 2)]  # used at least twice: never the one evicted
    calls: List[Call] = [("put", key, rng.randrange(10**6)) for key in stored]
    calls += [("get", key) for key in core]
    for _ in range(_CALLS):
        roll = rng.random()
        if roll < 0.55:
            calls.append(("get", rng.choice(core)))
        elif roll < 0.65:
            calls.append(("get", fresh[-1]))  # never inserted yet: a miss
        elif roll < 0.9:
            calls.append(("put", rng.choice(core), rng.randrange(10**6)))
        else:
            calls.append(("put", fresh.pop(), rng.randrange(10**6)))
    return _case(n, calls)


def _equal_counts(n: int, rng: random.Random) -> Case:
    """Fill a cache of capacity n, then mostly hits spread evenly over it.

    All n entries climb through the same few counts together, so each count
    holds a large share of them: keeping the keys of each count in a list,
    and removing a key from it by searching, costs O(n) a hit.
    """
    stored = _keys(n, rng)
    calls: List[Call] = [("put", key, key % 1000) for key in stored]
    order = list(stored)
    for i in range(_CALLS):
        if i % len(order) == 0:
            rng.shuffle(order)
        calls.append(("get", order[i % len(order)]))
    return _case(n, calls)


COMPLEXITY = Complexity(
    expected="O(1) per get and put",
    # O(1) and O(log n) per call fit 0 to 0.5 over these sizes on a busy
    # machine (the structures outgrow the caches); a scan of the entries
    # at each eviction, or of a count's keys at each use, about 0.9.
    max_exponent=0.65,
    sizes=sizes_between(128, 4096, 7),
    families={"mixed calls": _mixed, "equal counts": _equal_counts},
    note=f"capacity n, filled, then {_CALLS:,} gets and puts",
    repeats=6,
)


def _large(rng: random.Random) -> List[Case]:
    """The largest capacity and the most calls; a cache of one entry; keys
    and values at the widest."""
    big = _mixed(10**4, rng)
    one = _mixed(1, rng)
    extremes = [("put", 10**9, 10**9), ("put", 0, 0), ("get", 10**9), ("put", 10**9 - 1, 1),
                ("get", 0), ("get", 10**9), ("get", 10**9 - 1)]
    return [big, one, _case(2, extremes)]


PROBLEM = declare(
    globals(),
    Listing("LFU cache", "hash table", "hard", order=10),
    entry="LFUCache",
    forbid=_FORBIDDEN,
    rules=Rules(forbidden_types=("functools._lru_cache_wrapper",)),
    explicit_cases=(
        _case(2, [("put", 1, 10), ("put", 2, 20), ("get", 1), ("put", 3, 30), ("get", 2),
                  ("get", 3), ("put", 4, 40), ("get", 1), ("get", 3), ("get", 4)]),
        _case(1, [("get", 5), ("put", 5, 1), ("put", 5, 2), ("get", 5), ("put", 6, 3),
                  ("get", 5), ("get", 6)]),
        _case(2, [("put", 1, 1), ("get", 1), ("get", 1), ("put", 2, 2), ("put", 3, 3),
                  ("get", 2), ("get", 1), ("put", 2, 4), ("get", 2)]),
        # an update is a use
        _case(2, [("put", 1, 1), ("put", 2, 2), ("put", 1, 10), ("put", 3, 3), ("get", 1),
                  ("get", 2)]),
        # a tie broken by the last use, not by the first insertion
        _case(2, [("put", 1, 1), ("put", 2, 2), ("get", 2), ("get", 1), ("put", 3, 3),
                  ("get", 1), ("get", 2), ("get", 3)]),
        # an evicted key that comes back starts again at 1 use
        _case(2, [("put", 1, 1), ("get", 1), ("put", 2, 2), ("get", 2), ("get", 2),
                  ("put", 3, 3), ("put", 1, 5), ("put", 4, 4), ("get", 2)]),
    ),
    lessons=("hashtable",),
)
