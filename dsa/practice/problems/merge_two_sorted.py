"""Merge two sorted linked lists by splicing their nodes, stably."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Optional, Sequence, Tuple

from hypothesis import strategies as st

from dsa.practice.counting import Counted
from dsa.practice.nodes import ListNode
from dsa.practice.problem import Complexity, Listing, Memory, Rules, declare
from dsa.practice.problems._chains import (
    NO_DEEPER_RECURSION, Given, Outcome, judge_chain, label, linked)
from dsa.practice.problems._timing import growth_sizes

#: A case: the values of list ``a`` and of list ``b``, each ascending.
Case = Tuple[List[Any], List[Any]]

STATEMENT = """\
You are given the heads of two singly linked lists, `a` and `b`, built from
`ListNode` objects (each has a `val` and a `next`).  Each list is sorted in
ascending order (equal values may repeat).  Merge them into one ascending
list by **re-linking the nodes you were given**, and return its head:

```python
def merge_two_lists(a: ListNode | None, b: ListNode | None) -> ListNode | None
```

* **Equal values:** when a node of `a` and a node of `b` hold equal values,
  the node of `a` comes first.  Within each list, nodes keep their order.
  (This is what makes a merge *stable*, which merge sort relies on.)
* Either list may be empty (`None`): the result is then the other list.
  Both empty: return `None`.

The grader checks these rules besides the answer:

* **Re-link the nodes you were given.**  Every node of `a` and of `b` must
  appear exactly once in the result, each still holding the very `val`
  object it held, and no other node may appear in it.  (A temporary
  "dummy" node of your own in front of the result is fine, as long as you
  do not return it.)
* **O(1) extra memory.**  The memory your function allocates while it runs
  is measured (with `tracemalloc`) on lists of growing length, and it must
  not grow with them: no list of the nodes.  Recursion one call deep per
  node is not O(1) either, so the classic recursive merge fails this rule:
  the grader lets Python stop it at its usual limit of about 1,000 nested
  calls, and `sys.setrecursionlimit` is not allowed (a file that calls it
  is rejected).
* **No sorting.**  A file that uses `sorted` or `.sort` is rejected before
  it runs; sorting by another route would need a list of the nodes, which
  the memory rule refuses.

O(n + m) time for lists of n and m nodes is expected and measured: by the
clock, and by counting the comparisons your code makes between the values
(the values are int-like objects that count every `<`, `<=`, `==`...).
"""

EXAMPLES = (
    "`merge_two_lists(from_list([1, 3, 5]), from_list([2, 3, 6]))` returns the chain `1 -> 2 "
    "-> 3 -> 3 -> 5 -> 6`, the first `3` being the node of `a`.",
    "`merge_two_lists(None, from_list([4]))` returns the node `4` of `b`.",
    "`merge_two_lists(None, None)` returns `None`.",
)

CONSTRAINTS = (
    "0 <= n, m <= 5,000 nodes",
    "-10**9 <= val <= 10**9, each list in ascending (non-decreasing) order",
    "O(1) extra memory, measured; `sorted` and `.sort` are not allowed",
)

HINTS = (
    "The first node of the result is the smaller of the two heads.  After taking it, the "
    "problem is the same with one list a node shorter.",
    "Keep a `tail`: the last node of the result so far.  Compare the two heads, link the "
    "smaller one after `tail`, and advance in the list it came from.  Use `<=` so that `a` "
    "wins ties.",
    "Start with a dummy node, `tail = dummy = ListNode()`, so the first link needs no "
    "special case.  When one list runs out, link the whole rest of the other one after "
    "`tail` and return `dummy.next`.",
)

STUB = '''\
"""Merge two sorted lists.

Given the heads of two ascending chains of ListNode objects, splice their
nodes into one ascending chain and return its head.  Reuse the nodes (no new
ones in the result, no values moved).  When values are equal, the node
from `a` goes first.  If one list is empty (None) the answer is the other
one.  O(n + m) time and O(1) extra memory (no list of nodes, no recursion),
both measured; sorting (sorted, .sort) is not allowed.

Examples (from_list / to_list come from dsa.practice.nodes):
    to_list(merge_two_lists(from_list([1, 3, 5]), from_list([2, 3, 6])))
        ->  [1, 2, 3, 3, 5, 6]     (the first 3 is the node from a)
    to_list(merge_two_lists(None, from_list([4])))  ->  [4]
    merge_two_lists(None, None)  ->  None
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def merge_two_lists(a: ListNode | None, b: ListNode | None) -> ListNode | None:
    """Splice the ascending chains ``a`` and ``b`` into one; return its head."""
    raise NotImplementedError("write your solution here")
'''


def _run(solution: Callable[[Optional[ListNode], Optional[ListNode]], Any], case: Case
         ) -> Outcome:
    """Merge two fresh chains; the values of the result and the number of
    each of its nodes (a's nodes first: with three nodes in a, b's head is
    number 3)."""
    a_values, b_values = case
    given = Given(linked(a_values), linked(b_values), names=("a", "b"))
    return given.follow(solution(*given.heads()), "merge_two_lists")


def _judge(case: Case, expected: Outcome, actual: Outcome) -> Optional[str]:
    """Equality, with a sentence for each way a merge goes wrong."""
    verdict = judge_chain(expected, actual)
    if verdict is None or isinstance(actual, str) or isinstance(expected, str):
        return verdict
    if len(actual["nodes"]) != len(expected["nodes"]):
        return verdict
    values = actual["values"]
    if any(later < earlier for earlier, later in zip(values, values[1:])):
        return "the values of the result are not in ascending order"
    lengths = [len(case[0]), len(case[1])]
    for place, (want, got) in enumerate(zip(expected["nodes"], actual["nodes"])):
        if want != got:
            return (f"equal values in the wrong order: the result has {label(got, lengths, 'ab')} "
                    f"at position {place}, where {label(want, lengths, 'ab')} belongs (on equal "
                    "values the node of a goes first, and each list keeps its order)")
    return verdict


def _cases() -> Any:
    """Two short ascending lists of small values, so ties between them are common."""
    one_list = st.lists(st.integers(0, 9), max_size=15).map(sorted)
    return st.tuples(one_list, one_list)


def _show(case: Case) -> str:
    a_values, b_values = case
    return f"merge_two_lists(from_list({a_values!r}), from_list({b_values!r}))"


def _interleaved(n: int, rng: random.Random) -> Case:
    """Two ascending lists of ``n`` distinct values each, interleaving at random."""
    values = rng.sample(range(10**6), 2 * n)
    chosen = set(rng.sample(range(2 * n), n))
    a_values = sorted(v for i, v in enumerate(values) if i in chosen)
    b_values = sorted(v for i, v in enumerate(values) if i not in chosen)
    return (a_values, b_values)


def _b_after_a(n: int, rng: random.Random) -> Case:
    """Every value of b larger than every value of a: the worst case of
    inserting each node of b into a by walking from a's head."""
    a_values = sorted(rng.sample(range(10**6), n))
    b_values = sorted(rng.sample(range(10**6, 2 * 10**6), n))
    return (a_values, b_values)


def _a_after_b(n: int, rng: random.Random) -> Case:
    """Every value of a larger than every value of b: the same mistake made
    the other way round (walking b from its head for each node of a)."""
    b_values, a_values = _b_after_a(n, rng)
    return (a_values, b_values)


def _equal(n: int, rng: random.Random) -> Case:
    """Every value the same in both lists: all ties, so stability decides
    everything, and a walk that steps past equal values walks far."""
    return ([42] * n, [42] * n)


def _counted(case: Case) -> Case:
    """Both lists with Counted values, for the comparison count."""
    a_values, b_values = case
    return ([Counted(v) for v in a_values], [Counted(v) for v in b_values])


COMPLEXITY = Complexity(
    expected="O(n + m)",
    max_exponent=1.3,
    # Nodes in each list at the growth check's sizes: the reference takes about
    # 0.1 ms of processor time on the smallest pair and 2 ms on the largest (see
    # :mod:`._timing`).
    sizes=growth_sizes(40),
    repeats=7,
    families={"interleaved": _interleaved, "b after a": _b_after_a, "a after b": _a_after_b,
              "all values equal": _equal},
    counted=_counted,
    # When every value of a is below every value of b, one comparison
    # (a's last value with b's first) can prove the answer; so one is all
    # any correct merge of two non-empty lists is sure to make.  Code that
    # compares int() copies makes none at all.
    min_ops=lambda n: 1,
    note="two lists of n nodes each",
)


def _large(rng: random.Random) -> Sequence[Case]:
    """Lists at the constraints' limit: 5,000 nodes each."""
    size = 5_000
    wide = sorted(rng.randrange(-10**9, 10**9) for _ in range(2 * size))
    return (
        (wide[0::2], wide[1::2]),
        (sorted(rng.randrange(100) for _ in range(size)),
         sorted(rng.randrange(100) for _ in range(size))),
        (wide[:size], []),
        (sorted(rng.sample(wide, 3)), wide[size:]),
    )


PROBLEM = declare(
    globals(),
    Listing("Merge two sorted lists", "linked list", "easy", order=3),
    entry="merge_two_lists",
    rules=Rules(memory=Memory("O(1)")),
    forbidden=("sorted", ".sort"),
    forbid=NO_DEEPER_RECURSION,
    explicit_cases=(
        ([], []),
        ([1], []),
        ([], [1]),
        ([1, 2], [1, 2]),
        ([1, 3, 5], [2, 3, 6]),
        ([2, 2], [1, 2, 2, 3]),
    ),
)
