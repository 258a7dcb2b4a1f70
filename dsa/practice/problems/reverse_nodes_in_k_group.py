"""Reverse a linked list k nodes at a time, relinking, in O(1) extra memory."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Optional, Tuple, Union

from hypothesis import strategies as st

from dsa.practice.nodes import ListNode
from dsa.practice.problem import Complexity, Listing, Memory, Rules, declare, doublings
from dsa.practice.problems._chains import linked
from dsa.practice.problems._lists import call, chain_says, relinked, values

#: A case: the values of the list and k (1 <= k <= len(values)).
Case = Tuple[List[int], int]

STATEMENT = """\
You are given the head of a singly linked list built from `ListNode` objects
(each has a `val` and a `next`) and a number `k`.  Cut the list, from the
head, into groups of `k` consecutive nodes, **reverse the order of the nodes
inside every complete group**, and return the head of the result:

```python
def reverse_k_group(head: ListNode | None, k: int) -> ListNode | None
```

* The groups keep their order; only the nodes inside each one turn around.
* If fewer than `k` nodes are left at the end, they form no complete group
  and stay as they are.
* The list has at least one node and `1 <= k <= length` is guaranteed
  (`k = 1` changes nothing).
* **Relink the nodes you were given.**  Do not create nodes for the result
  (a temporary "dummy" node of your own in front is fine, as long as you do
  not return it) and do not change any `val`: moving values instead of
  nodes is refused.
* **Use O(1) extra memory**: a few names pointing at nodes, whatever `k`
  and the length.  A Python list holding a group's nodes grows with `k`, and
  recursion (one call per group) grows with the number of groups; the
  grader measures the memory your call allocates.

Aim for O(n) time, whatever `k` is.
"""

EXAMPLES = (
    "`reverse_k_group(from_list([1, 2, 3, 4, 5]), 2)` returns the chain `2 -> 1 -> 4 -> 3 -> "
    "5`: the `5` is a group of one, fewer than `k`, and stays.",
    "`reverse_k_group(from_list([1, 2, 3, 4, 5]), 3)` returns `3 -> 2 -> 1 -> 4 -> 5`.",
    "`reverse_k_group(from_list([1, 2, 3]), 3)` reverses the whole list: `3 -> 2 -> 1`; "
    "with `k = 1` every list comes back as it was.",
)

CONSTRAINTS = (
    "1 <= number of nodes <= 10,000",
    "1 <= k <= number of nodes",
    "values are integers between -10**9 and 10**9; they may repeat",
)

HINTS = (
    "Handle one group at a time.  Before touching a group, walk `k` nodes ahead from its "
    "start: if the list ends first, the rest is a short group and you are done.",
    "Reversing the `k` nodes of a group is the plain list reversal (`prev`, `node`, `nxt`) "
    "stopped after `k` steps.  Afterwards the group's old first node is its last, and "
    "must link to whatever followed the group.",
    "Keep `before`, the node just in front of the current group (a dummy node in front of "
    "the head for the first group).  After reversing, set `before.next` to the group's new "
    "first node, and move `before` to the group's new last node (its old first node).",
)

STUB = '''\
"""Reverse the nodes of a linked list k at a time.

Cut the chain into groups of k consecutive nodes from the head and reverse
the nodes inside each complete group; a last group shorter than k stays as
it is.  Return the new head.  1 <= k <= length.  Relink the nodes (no new
nodes in the result, no changed values) and use O(1) extra memory.

Examples (from_list / to_list come from dsa.practice.nodes):
    to_list(reverse_k_group(from_list([1, 2, 3, 4, 5]), 2))  ->  [2, 1, 4, 3, 5]
    to_list(reverse_k_group(from_list([1, 2, 3, 4, 5]), 3))  ->  [3, 2, 1, 4, 5]
    to_list(reverse_k_group(from_list([1, 2, 3]), 3))        ->  [3, 2, 1]
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def reverse_k_group(head: ListNode | None, k: int) -> ListNode | None:
    """Reverse every complete group of k nodes in place; return the new head."""
    raise NotImplementedError("write your solution here")
'''


def _run(solution: Callable[[Optional[ListNode], int], Any],
         case: Case) -> Union[List[Any], str]:
    """Reverse the groups of a fresh chain; the values of the result."""
    items, k = case
    nodes = linked(items)
    return relinked(solution(nodes[0] if nodes else None, k), nodes, items, "reverse_k_group")


def _judge(case: Case, expected: Any, actual: Any) -> Optional[str]:
    """Equality, with the first group that came out wrong named."""
    if actual == expected:
        return None
    says = chain_says(expected, actual)
    if says is not None:
        return says
    items, k = case
    for start in range(0, len(items), k):
        if actual[start:start + k] != expected[start:start + k]:
            group = items[start:start + k]
            if len(group) < k:
                return (f"the last {len(group)} node(s) {group} are fewer than k = {k}, so they "
                        f"stay in order; the result has {actual[start:]}")
            return (f"the group {group} (positions {start} to {start + k - 1}) should read "
                    f"{expected[start:start + k]}, not {actual[start:start + k]}")
    return "the order differs from the expected one"


@st.composite
def _cases(draw: Any) -> Case:
    """A short list of small values and a k that often leaves a remainder."""
    items = draw(st.lists(st.integers(0, 9), min_size=1, max_size=30))
    k = draw(st.one_of(st.integers(1, min(len(items), 5)), st.integers(1, len(items))))
    return (items, k)


def _show(case: Case) -> str:
    items, k = case
    return call("reverse_k_group", items, k)


def _wide(n: int, rng: random.Random) -> Case:
    """One group of all the nodes but the last: holding a group costs O(n)
    memory, reversing it by repeated walks O(n**2)."""
    return (values(n, rng), n - 1)


def _small(n: int, rng: random.Random) -> Case:
    """k = 3: many groups, so any walk over the rest of the list per group
    costs O(n**2)."""
    return (values(n, rng), 3)


COMPLEXITY = Complexity(
    expected="O(n) time, O(1) extra memory",
    max_exponent=1.3,
    sizes=doublings(4096),
    families={"one group of n - 1": _wide, "groups of 3": _small},
    repeats=9,
    note="whatever k is: one group of n - 1 nodes, and groups of 3",
)


def _large(rng: random.Random) -> List[Case]:
    """The longest lists the constraints allow, with small, odd and wide k."""
    return [(values(10_000, rng, 10**9), 2), (values(9_999, rng, 10**9), 7),
            (values(10_000, rng, 10**9), 2_500)]


PROBLEM = declare(
    globals(),
    Listing("Reverse the nodes of a list k at a time", "linked list", "hard", order=8),
    entry="reverse_k_group",
    rules=Rules(memory=Memory("O(1)")),
    explicit_cases=(([1], 1), ([1, 2], 2), ([1, 2, 3], 2), ([1, 2, 3, 4, 5], 3),
                    ([1, 2, 3, 4], 1), ([4, 4, 5, 5], 2)),
    lessons=("linkedlist",),
)
