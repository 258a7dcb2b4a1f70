"""Randomized set: insert, remove and draw a uniformly random member, all in O(1)."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Callable, List, Optional, Sequence, Tuple

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, Rules, declare
from dsa.practice.problems._answers import sizes_between, truth, whole_number
from dsa.practice.problems._hashing import Packed, call, pack, show_steps, unpack
from dsa.practice.stubs import Method, class_outline, class_stub

#: The class the learner writes, one method at a time: its signature, which
#: the statement shows, and the docstring the stub gives it.
_METHODS: list[Method] = [
    ("__init__(self) -> None", None),
    ("insert(self, val: int) -> bool", "Add val; return True if it was not a member yet."),
    ("remove(self, val: int) -> bool", "Take val out; return True if it was a member."),
    ("get_random(self) -> int", "Return a member, each with the same probability."),
]

STATEMENT = f"""\
Write the class `RandomizedSet`, a set of integers that can also hand out
one of its members **at random**, every operation in O(1) time on average.

{class_outline("RandomizedSet", _METHODS)}

* `insert(val)` adds `val` and returns `True`, or returns `False` when `val`
  is already a member (the set does not change).
* `remove(val)` takes `val` out and returns `True`, or returns `False` when
  `val` is not a member.
* `get_random()` returns one of the current members, each with the **same
  probability**, drawn afresh at every call.  It is only called when the set
  is not empty.

Use the `random` module (or a generator of your own) to draw.  The check
tests your draws statistically: over thousands of calls every member must
come up about equally often, and consecutive draws must not follow a
pattern, so a fixed order, a rotation, or favouring some members fails.
(The check seeds `random` first, so a solution using it always gets the same
verdict.)

Every operation must take O(1) time on average however large the set is,
`get_random` included: copying the members into a list to pick one is
O(n).  The `sortedcontainers` package, whose sorted lists can be indexed,
is not allowed.
"""

EXAMPLES = (
    "`s = RandomizedSet(); s.insert(4)` returns `True`; `s.insert(4)` again "
    "returns `False`",
    "`s.insert(9); s.remove(4)` returns `True`; `s.remove(4)` again returns "
    "`False`; `s.get_random()` now always returns `9`",
    "with members 1, 2 and 3, a thousand calls of `s.get_random()` give each "
    "of them about 333 times, in no fixed order",
)

CONSTRAINTS = (
    "-2**31 <= val < 2**31",
    "at most 5 * 10**4 calls in all",
    "get_random is only called when the set is not empty",
    "sortedcontainers is not allowed",
)

HINTS = (
    "A set (or dict) does insert and remove in O(1), but it cannot pick "
    "its i-th member.  A list picks `items[random.randrange(len(items))]` "
    "in O(1), but removing from its middle costs O(n).  Can you keep both?",
    "Keep the members in a list and a dict from each member to its index "
    "in that list.  insert appends to the list and records the index.",
    "To remove a member from the middle of the list in O(1): move the "
    "*last* member into its place, update the moved member's index in the "
    "dict, and pop the end of the list.",
    "Check the order of the steps when the member removed is itself the "
    "last one, and remember to delete the removed member from the dict.",
)

STUB = class_stub(
    '''\
Randomized set.

insert(val) and remove(val) return True when they change the set, False
otherwise; get_random() returns a member, each with the same probability
(it is only called on a non-empty set).  Every operation in O(1) on average.
sortedcontainers is not allowed.

    s = RandomizedSet()
    s.insert(4)     ->  True
    s.insert(4)     ->  False
    s.insert(9)     ->  True
    s.remove(4)     ->  True
    s.get_random()  ->  9
''',
    "RandomizedSet",
    "A set of ints with insert, remove and a uniformly random member.",
    _METHODS,
    imports=("random",),
)

#: The methods, by initial, with how many arguments each takes; ``draws``
#: is a burst of get_random() calls, its argument the number of calls.
_METHODS = {"i": ("insert", 1), "r": ("remove", 1), "g": ("get_random", 0), "d": ("draws", 1)}
#: What seeds the learner's (and the reference's) ``random`` module first.
SEED = "dsa-practice:randomized-set"

#: A burst's draws are tested for uniformity when it has this many draws at
#: least, and at least this many per member; pairs of draws, with at least
#: this many pairs per possible pair.
_MIN_DRAWS = 200
_PER_MEMBER = 20
_PER_PAIR = 10
#: A test fails below this p-value: an honest generator fails one about once
#: in a million tests.
_ALPHA = 1e-6

_FORBIDDEN_TYPES = ("sortedcontainers.SortedList", "sortedcontainers.SortedKeyList",
                    "sortedcontainers.SortedSet", "sortedcontainers.SortedDict")
_TRIPWIRES = _FORBIDDEN_TYPES + (
    "sortedcontainers.sortedlist.SortedList", "sortedcontainers.sortedlist.SortedKeyList",
    "sortedcontainers.sortedset.SortedSet", "sortedcontainers.sorteddict.SortedDict")

Call = Tuple[Any, ...]
#: A case: the calls, packed by ``_hashing.pack``.
Case = Packed


def _calls(case: Case) -> List[Call]:
    return unpack(case, _METHODS)


def _pack(calls: Sequence[Call]) -> Case:
    return pack(calls)


# --------------------------------------------------------------------------
# Running and judging


def _run(solution: Callable[..., Any], case: Case) -> List[Any]:
    """Seed ``random``, then replay the calls on one fresh set; record each
    result (a burst of draws as the list of its draws)."""
    random.seed(SEED)
    members = solution()
    insert, remove, draw = members.insert, members.remove, members.get_random
    results: List[Any] = []
    initials, arguments, _ = case
    for initial, argument in zip(initials, arguments):
        if initial == "i":
            results.append(truth(insert(argument), "insert"))
        elif initial == "r":
            results.append(truth(remove(argument), "remove"))
        elif initial == "g":
            results.append(whole_number(draw(), "get_random"))
        else:
            results.append([whole_number(draw(), "get_random") for _ in range(argument)])
    return results


def _judge(case: Case, expected: Any, actual: List[Any]) -> Optional[str]:
    """Replay the set; check every answer, and the uniformity of long bursts."""
    calls = _calls(case)
    if len(actual) != len(calls):
        return "the number of results differs from the number of calls"
    current: set = set()
    for step, (op, got) in enumerate(zip(calls, actual), 1):
        name = op[0]
        if name in ("insert", "remove"):
            val = op[1]
            want = (val not in current) if name == "insert" else (val in current)
            if got is not want:
                return f"call {step}, {call(op, 's')}, returned {got!r} instead of {want!r}"
            if name == "insert":
                current.add(val)
            else:
                current.discard(val)
            continue
        draws = got if name == "draws" else [got]
        for value in draws:
            if value not in current:
                return (f"call {step}, {_draw_text(op)}, returned {value!r}, which is not "
                        f"in the set {_members_text(current)}")
        if name == "draws":
            verdict = _uniformity(draws, sorted(current))
            if verdict is not None:
                return f"call {step}, {_draw_text(op)}: {verdict}"
    return None


def _draw_text(op: Call) -> str:
    if op[0] == "draws":
        return f"{op[1]:,} calls of s.get_random()"
    return "s.get_random()"


def _members_text(current: set) -> str:
    shown = sorted(current)
    if len(shown) > 10:
        return "{" + ", ".join(map(str, shown[:10])) + f", ... ({len(shown):,} members)" + "}"
    return "{" + ", ".join(map(str, shown)) + "}"


def _uniformity(draws: Sequence[int], members: List[int]) -> Optional[str]:
    """None when the draws look uniform and independent, else why not.

    Two chi-square tests, each failing only at p < 1e-6: how often each
    member came up, and how often each ordered pair of members came up as
    draws 2i and 2i + 1 (a fixed rotation passes the first test but never
    the second).
    """
    m, d = len(members), len(draws)
    if m < 2 or d < _MIN_DRAWS or d < _PER_MEMBER * m:
        return None
    counts = Counter(draws)
    expected = d / m
    statistic = sum((counts[x] - expected) ** 2 for x in members) / expected
    if _chi_square_tail(statistic, m - 1) < _ALPHA:
        rare = min(members, key=lambda x: counts[x])
        often = max(members, key=lambda x: counts[x])
        return (f"the draws are not uniform: over {d:,} draws from {m:,} members each should "
                f"come up about {expected:,.0f} times, but {often} came up {counts[often]:,} "
                f"times and {rare} {counts[rare]:,}")
    pairs = d // 2
    if pairs >= _PER_PAIR * m * m:
        pair_counts = Counter(zip(draws[0::2], draws[1::2]))
        expected = pairs / (m * m)
        seen = sum((c - expected) ** 2 for c in pair_counts.values())
        statistic = (seen + (m * m - len(pair_counts)) * expected ** 2) / expected
        if _chi_square_tail(statistic, m * m - 1) < _ALPHA:
            common, times = pair_counts.most_common(1)[0]
            return (f"the draws follow a pattern: in {pairs:,} pairs of consecutive draws each "
                    f"of the {m * m:,} ordered pairs should come up about {expected:,.0f} times, "
                    f"but {common[0]} then {common[1]} came up {times:,} times (each draw must "
                    "be independent of the one before)")
    return None


def _chi_square_tail(statistic: float, freedom: int) -> float:
    """P(X >= statistic) for X chi-square with ``freedom`` degrees of freedom."""
    return _upper_gamma(freedom / 2.0, statistic / 2.0)


def _upper_gamma(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x)."""
    if x <= 0:
        return 1.0
    scale = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:  # the series for P(a, x) converges fast here
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1.0 - total * scale)
    tiny = 1e-300  # the continued fraction for Q(a, x), by Lentz's method
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 100000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return scale * h


def _show(case: Case) -> str:
    return show_steps("s = RandomizedSet()", case, "s", _METHODS, limit=40, write=_call_shown)


def _call_shown(op: Call) -> str:
    if op[0] == "draws":
        return f"s.get_random() x {op[1]:,}"
    return call(op, "s")


# --------------------------------------------------------------------------
# Inputs


@st.composite
def _cases(draw: Callable[..., Any]) -> Case:
    """Insert a few values, remove some, then anything, then 30 draws.

    Removing members from the middle of what was inserted and drawing
    afterwards is what shows a removal that left the members' positions
    wrong: a stale member is then drawn, or a member never is.
    """
    value = st.integers(-3, 5)
    first = draw(st.lists(value, min_size=1, max_size=6, unique=True))
    calls: List[Call] = [("insert", v) for v in first]
    calls += [("remove", v) for v in draw(st.lists(value, max_size=4))]
    calls += draw(st.lists(st.tuples(st.sampled_from(["insert", "remove"]), value),
                           max_size=8))
    members: set = set()
    shown: List[Call] = []
    for chosen in calls + [("draws", 30)]:
        if chosen[0] == "insert":
            members.add(chosen[1])
        elif chosen[0] == "remove":
            members.discard(chosen[1])
        elif not members:
            continue  # get_random is only called on a non-empty set
        shown.append(chosen)
    return _pack(shown)


def _burst_case(inserted: Sequence[int], removed: Sequence[int], draws: int) -> Case:
    calls: List[Call] = [("insert", v) for v in inserted] + [("remove", v) for v in removed]
    return _pack(calls + [("draws", draws)])


#: The cases that test the draws: members with a block of removed values in
#: the middle (where "the next member after a gap" is favoured), two
#: members, and a set that grew, shrank and grew again.
_BURSTS = (
    _burst_case(range(10), range(3, 7), 3000),
    _burst_case([7, -7], [], 1000),
    _burst_case(list(range(0, 60, 3)) + [-1, -2, 61], [6, 9, 12, 30, 33, -2], 12000),
)


#: Calls made after the set is filled: a fixed number, so that the cost per
#: call is what grows (or not) with n.
_CALLS = 5_000


def _mixed(n: int, rng: random.Random) -> Case:
    """n members, then a fixed mix of calls that keeps about n members.

    A third are get_random, the rest inserts and removes of members and of
    values that are not members.  Copying the members to draw, or finding a
    value in a list to remove it, costs O(n) a call.
    """
    values = rng.sample(range(-2**31, 2**31), n + _CALLS)
    members, fresh = values[:n], values[n:]
    calls: List[Call] = [("insert", v) for v in members]
    for _ in range(_CALLS):
        roll = rng.random()
        if roll < 0.35:
            calls.append(("get_random",))
        elif roll < 0.55:
            i = rng.randrange(len(members))
            calls.append(("remove", members[i]))
            members[i] = fresh.pop()
            calls.append(("insert", members[i]))
        elif roll < 0.7:
            calls.append(("insert", rng.choice(members)))  # already there
        elif roll < 0.85:
            calls.append(("remove", fresh[-1]))  # not there
        else:
            calls.append(("get_random",))
    return _pack(calls)


def _after_removals(n: int, rng: random.Random) -> Case:
    """n members inserted, all but 64 removed, then a fixed number of draws.

    A list with holes where removed members were, drawn from by retrying
    until a draw hits a member, needs about n / 64 tries a draw here.
    """
    values = rng.sample(range(-2**31, 2**31), n)
    rng.shuffle(values)
    calls: List[Call] = [("insert", v) for v in values] + [("remove", v) for v in values[64:]]
    return _pack(calls + [("get_random",)] * _CALLS)


COMPLEXITY = Complexity(
    expected="O(1) average per call",
    # O(1) per call fits 0 to 0.3 over these sizes (more on a busy
    # machine); copying the members at each draw fits about 1.
    max_exponent=0.6,
    sizes=sizes_between(128, 4096, 7),
    families={"mixed calls": _mixed, "after removals": _after_removals},
    note=f"n members first, then {_CALLS:,} calls",
    repeats=6,
)


def _large(rng: random.Random) -> List[Case]:
    """Nearly the most calls, over the widest values; and draws from 40
    members, enough for the test of pairs."""
    values = rng.sample(range(-2**31, 2**31), 45)
    return [_mixed(40_000, rng), _burst_case(values, values[40:], 32_000)]


PROBLEM = declare(
    globals(),
    Listing("Randomized set", "hash table", "medium", order=9),
    entry="RandomizedSet",
    forbidden=("sortedcontainers",),
    rules=Rules(tripwires=_TRIPWIRES, forbidden_types=_FORBIDDEN_TYPES),
    explicit_cases=(
        _pack([("insert", 4), ("insert", 4), ("insert", 9), ("remove", 4), ("remove", 4),
               ("get_random",)]),
        _pack([("remove", 1), ("insert", 1), ("remove", 1), ("insert", 1), ("get_random",)]),
        _pack([("insert", 1), ("insert", 2), ("insert", 3), ("remove", 1), ("remove", 3),
               ("get_random",), ("insert", 3), ("remove", 2), ("get_random",)]),
    ) + _BURSTS,
    lessons=("hashtable",),
)
