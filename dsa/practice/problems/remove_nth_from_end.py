"""Remove the n-th node from the end of a linked list, in one pass."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Optional, Sequence, Tuple

from hypothesis import strategies as st

from dsa.practice.nodes import ListNode
from dsa.practice.problem import Complexity, Listing, Memory, Rules, declare
from dsa.practice.problems._chains import (
    NO_DEEPER_RECURSION, Given, Outcome, judge_chain, linked)
from dsa.practice.problems._timing import growth_sizes

#: A case: the values of the list, and n (1 <= n <= len(values)).
Case = Tuple[List[int], int]

STATEMENT = """\
You are given the head of a singly linked list built from `ListNode` objects
(each has a `val` and a `next`) and a number `n`.  Unlink the node that is
`n`-th **from the end** (`n = 1` is the last node, `n = length` the head)
and return the head of the shortened list:

```python
def remove_nth_from_end(head: ListNode | None, n: int) -> ListNode | None
```

* The list has at least one node and `1 <= n <= length` is guaranteed.
* When `n == length` the node to remove is the head itself: return the
  second node (or `None` if the head was the only node).

The grader checks two rules besides the answer:

* **Re-link the nodes you were given.**  Every node left in the result must
  be one of the input's nodes and still hold the very `val` object it held:
  no new nodes, and no values copied from one node to another (copying the
  next node's value over the one to delete is not allowed).  A temporary
  "dummy" node of your own is fine, as long as it is not part of the result.
* **O(1) extra memory.**  The memory your function allocates while it runs
  is measured (with `tracemalloc`) on lists of growing length, and it must
  not grow with the length: no list or stack of the nodes.  Recursion one
  call deep per node is not O(1) either: the grader lets Python stop it at
  its usual limit of about 1,000 nested calls, and `sys.setrecursionlimit`
  is not allowed (a file that calls it is rejected).

O(L) time for a list of L nodes is expected, and measured, with `n`
anywhere from the last node to the head.  One pass is the elegant way, but
two passes (count, then walk) are O(L) as well.
"""

EXAMPLES = (
    "`remove_nth_from_end(from_list([1, 2, 3, 4, 5]), 2)` returns the chain `1 -> 2 -> 3 -> "
    "5`.",
    "`remove_nth_from_end(from_list([1, 2]), 2)` removes the head and returns the node `2`.",
    "`remove_nth_from_end(from_list([7]), 1)` returns `None`.",
)

CONSTRAINTS = (
    "1 <= L <= 10,000 nodes",
    "1 <= n <= L",
    "-10**9 <= val <= 10**9; values may repeat",
)

HINTS = (
    "Counting the length first and then walking `L - n` nodes works, in two passes.  For one "
    "pass, think of two pointers that stay a fixed distance apart.",
    "Move a `lead` pointer `n` nodes ahead first, then move `lead` and a `trail` pointer "
    "together until `lead` reaches the last node.  Where is `trail` then?",
    "To unlink a node you need the node *before* it, and the head has none.  Start both "
    "pointers at a dummy node placed in front of the head (`dummy = ListNode(0, head)`): "
    "then removing the head is no special case, and you return `dummy.next`.",
)

STUB = '''\
"""Remove the n-th node from the end of a list.

Unlink the node n-th from the end of the chain (n = 1 is the last node,
n = length is the head) and return the head of what is left.  The list has
at least one node and 1 <= n <= length.  Re-link the nodes (no new nodes,
no values copied between nodes) and use O(1) extra memory: the grader
checks both.  Try to do it in one pass.

Examples (from_list / to_list come from dsa.practice.nodes):
    to_list(remove_nth_from_end(from_list([1, 2, 3, 4, 5]), 2))  ->  [1, 2, 3, 5]
    to_list(remove_nth_from_end(from_list([1, 2]), 2))           ->  [2]
    remove_nth_from_end(from_list([7]), 1)                       ->  None
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def remove_nth_from_end(head: ListNode | None, n: int) -> ListNode | None:
    """Unlink the n-th node from the end; return the (possibly new) head."""
    raise NotImplementedError("write your solution here")
'''


def _run(solution: Callable[[Optional[ListNode], int], Any], case: Case) -> Outcome:
    """Remove from a fresh chain; the values and origins of what is left."""
    values, n = case
    given = Given(linked(values))
    return given.follow(solution(given.heads()[0], n), "remove_nth_from_end")


def _judge(case: Case, expected: Outcome, actual: Outcome) -> Optional[str]:
    """Equality, with a sentence for each way a removal goes wrong."""
    verdict = judge_chain(expected, actual)
    if verdict is None or isinstance(actual, str) or isinstance(expected, str):
        return verdict
    values, n = case
    if len(actual["nodes"]) != len(values) - 1:
        return (
            f"the list had {len(values)} nodes and should have {len(values) - 1} left, not "
            f"{len(actual['nodes'])}"
        )
    if n == len(values):
        return f"n = {n} is the length of the list, so the head itself should have been removed"
    return f"removed the wrong node: the {n}-th from the end is the one at index {len(values) - n}"


@st.composite
def _cases(draw: Any) -> Case:
    """A list of 1 to 30 small values and an n that often hits either end."""
    values = draw(st.lists(st.integers(0, 9), min_size=1, max_size=30))
    length = len(values)
    n = draw(st.one_of(st.integers(1, length), st.just(length), st.just(1)))
    return (values, n)


def _show(case: Case) -> str:
    values, n = case
    return f"remove_nth_from_end(from_list({values!r}), {n})"


def _values(size: int, rng: random.Random) -> List[int]:
    return [rng.randrange(10**6) for _ in range(size)]


def _halfway(size: int, rng: random.Random) -> Case:
    """Remove the node halfway along: the worst case of a search that, from
    each node, walks ``n`` nodes ahead to see whether the end is there."""
    return (_values(size, rng), size // 2)


def _second(size: int, rng: random.Random) -> Case:
    """``n`` near the length: remove the second node.  Costly for code that
    steps back from the end one node at a time, walking from the head for
    each step."""
    return (_values(size, rng), size - 1)


def _last(size: int, rng: random.Random) -> Case:
    """``n = 1``, the last node: the worst case of counting the nodes after
    each node again and again."""
    return (_values(size, rng), 1)


COMPLEXITY = Complexity(
    expected="O(L) time, O(1) extra memory",
    max_exponent=1.3,
    # Lengths of the growth check: the reference takes about 0.1 ms of processor
    # time at the smallest and 2 ms at the largest (see :mod:`._timing`).
    sizes=growth_sizes(125),
    repeats=7,
    families={"halfway": _halfway, "n near the length": _second, "the last node": _last},
    note="a list of L nodes; n halfway, near L, and 1",
)


def _large(rng: random.Random) -> Sequence[Case]:
    """Lists at the constraints' limit, 10,000 nodes (values over the whole
    range once), with n at both ends and in the middle."""
    size = 10_000
    small = [rng.randrange(10) for _ in range(size)]
    return (([rng.randrange(-10**9, 10**9) for _ in range(size)], 3_752), (small, 1),
            (small, size))


PROBLEM = declare(
    globals(),
    Listing("Remove the n-th node from the end", "linked list", "medium", order=4),
    forbid=NO_DEEPER_RECURSION,
    rules=Rules(memory=Memory("O(1)")),
    explicit_cases=(
        ([7], 1),
        ([1, 2], 2),
        ([1, 2], 1),
        ([1, 2, 3, 4, 5], 2),
    ),
)
