"""Reverse a singly linked list by re-linking its nodes."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Optional, Sequence

from hypothesis import strategies as st

from dsa.practice.nodes import ListNode
from dsa.practice.problem import Complexity, Listing, Memory, Rules, declare
from dsa.practice.problems._chains import (
    NO_DEEPER_RECURSION, Given, Outcome, judge_chain, linked)
from dsa.practice.problems._timing import growth_sizes

STATEMENT = """\
You are given the head of a singly linked list built from `ListNode` objects
(each has a `val` and a `next`; the last node's `next` is `None`).  Reverse
the list **in place** and return the head of the reversed list:

```python
def reverse_list(head: ListNode | None) -> ListNode | None
```

* An empty list (`head is None`) reversed is still empty: return `None`.
* A one-node list is its own reverse: return that node.
* The input is a proper chain: it ends with `None`, no cycle.

The grader checks two rules besides the answer:

* **Re-link the nodes you were given.**  Every node of the result must be
  one of the input's nodes, and each must still hold the very `val` object
  it held: no new nodes, and no values moved from one node to another.
* **O(1) extra memory.**  The memory your function allocates while it runs
  is measured (with `tracemalloc`) on lists of growing length, and it must
  not grow with the length, as a list of all the nodes does.  Recursion
  one call deep per node is not O(1) either: the grader lets Python stop
  it at its usual limit of about 1,000 nested calls, and
  `sys.setrecursionlimit` is not allowed (a file that calls it is
  rejected).

O(n) time is expected, and measured too.
"""

EXAMPLES = (
    "`reverse_list(from_list([1, 2, 3]))` returns the chain `3 -> 2 -> 1` (the same three "
    "nodes).",
    "`reverse_list(from_list([7]))` returns the single node `7`.",
    "`reverse_list(None)` returns `None`.",
)

CONSTRAINTS = (
    "0 <= number of nodes <= 10,000",
    "-10**9 <= val <= 10**9; values may repeat",
    "the input chain ends with None (no cycle)",
)

HINTS = (
    "Walk the list once.  At each node you want its `next` to point to the node you visited "
    "just before it.",
    "Once you overwrite `node.next`, the rest of the list is unreachable unless you saved it "
    "first.  Keep three names: the previous node, the current one, and the one after it.",
    "Start with `prev = None`.  Repeat: `nxt = node.next; node.next = prev; prev = node; "
    "node = nxt`.  When `node` is None, `prev` is the new head.",
)

STUB = '''\
"""Reverse a singly linked list in place.

Given the head of a chain of ListNode objects, re-link the nodes so that the
chain runs the other way, and return the new head (the old last node).  Use
the nodes you are given: no new nodes, no changed values.  An empty list
(None) stays None.  The grader measures your extra memory: it must stay
O(1) (no list of the nodes, no recursion one call per node).

Examples (from_list / to_list come from dsa.practice.nodes):
    to_list(reverse_list(from_list([1, 2, 3])))  ->  [3, 2, 1]
    to_list(reverse_list(from_list([7])))        ->  [7]
    reverse_list(None)                           ->  None
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_list(head: ListNode | None) -> ListNode | None:
    """Reverse the chain starting at ``head`` in place; return the new head."""
    raise NotImplementedError("write your solution here")
'''


_CASES = st.lists(st.integers(0, 9), max_size=30)


def _run(solution: Callable[[Optional[ListNode]], Any], values: List[Any]) -> Outcome:
    """Reverse a fresh chain holding ``values``.

    The outcome holds the values of the returned chain and the position in
    the input of each of its nodes (see :class:`~._chains.Given`).
    """
    given = Given(linked(values))
    return given.follow(solution(*given.heads()), "reverse_list")


def _judge(case: List[Any], expected: Outcome, actual: Outcome) -> Optional[str]:
    """Equality, with a sentence for each way a reversal goes wrong."""
    verdict = judge_chain(expected, actual)
    if verdict is None or isinstance(actual, str) or isinstance(expected, str):
        return verdict
    if actual["values"] != expected["values"] and len(actual["nodes"]) == len(
            expected["nodes"]):
        return "the values are not the input in reverse order"
    return verdict


def _show(values: List[Any]) -> str:
    """How a failing case is shown: the call that fails."""
    return f"reverse_list(from_list({values!r}))"


def _random_values(n: int, rng: random.Random) -> List[int]:
    """``n`` values in any order; reversing costs the same whatever they are."""
    return [rng.randrange(10**6) for _ in range(n)]


def _equal_values(n: int, rng: random.Random) -> List[int]:
    """``n`` equal values: a search by value cannot tell the nodes apart."""
    return [7] * n


COMPLEXITY = Complexity(
    expected="O(n) time, O(1) extra memory",
    max_exponent=1.3,
    # Lengths of the growth check: the reference takes about 0.1 ms of processor
    # time at the smallest and 2 ms at the largest (see :mod:`._timing`).
    sizes=growth_sizes(125),
    repeats=7,
    families={"random values": _random_values, "one value repeated": _equal_values},
    note="one pass over the list",
)


def _large(rng: random.Random) -> Sequence[List[int]]:
    """Lists at the constraints' limit: 10,000 nodes."""
    return ([rng.randrange(-10**9, 10**9) for _ in range(10_000)],
            [rng.randrange(10) for _ in range(9_999)])


PROBLEM = declare(
    globals(),
    Listing("Reverse a linked list", "linked list", "easy", order=1),
    forbid=NO_DEEPER_RECURSION,
    rules=Rules(memory=Memory("O(1)")),
    explicit_cases=([], [5], [1, 2], [4, 4, 4]),
)
