"""Find the node where a linked list's cycle begins, in O(1) extra memory."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Optional, Tuple, Union

from hypothesis import strategies as st

from dsa.practice.nodes import ListNode
from dsa.practice.problem import Complexity, Problem
from dsa.practice.problems._chains import linked

#: A case: the values of the nodes in order, and the index of the node the
#: last node links back to (-1: the last node's next is None, no cycle).
Case = Tuple[List[int], int]
#: An outcome: the index of the node returned (None for None, or a sentence
#: when the node is not one of the list's), and whether the list was left as
#: it was found.
Outcome = Tuple[Union[int, str, None], str]

_UNCHANGED = "list unchanged"
_MODIFIED = "list modified"
_FOREIGN = "a node that is not in the list"

STATEMENT = """\
You are given the head of a singly linked list built from `ListNode` objects
(each has a `val` and a `next`).  The list may end with `None`, or its last
node may link back to one of the earlier nodes (or to itself), so that
walking along `next` goes round a loop forever.  Return the node where that
loop begins, or `None` when there is no loop:

```python
def detect_cycle(head: ListNode | None) -> ListNode | None
```

"The node where the loop begins" is the first node, counting from the head,
that a walk reaches twice; it is a node of the list itself, not a copy and not
its value (values may repeat, so they cannot identify a node).

* An empty list (`head is None`) has no loop: return `None`.
* **Leave the list exactly as you found it**: do not change any `next` or any
  `val`, not even temporarily to mark nodes.
* **Use O(1) extra memory.**  Remembering every node you have seen in a set
  or a dictionary is the easy answer and not the one asked for: `set` and
  `dict` are not allowed.  O(n) time is expected.
"""

STUB = '''\
"""Find where a linked list's cycle begins.

The last node of the list may link back to an earlier node (or itself),
making a loop.  Return the node where the loop begins: the first node a walk
from the head reaches twice.  Return None if the list simply ends.  Do not
modify the list, and use O(1) extra memory (no set, no dict).

Examples:
    3 -> 2 -> 0 -> 4, the 4 linking back to the 2  ->  the node 2 (index 1)
    1 -> 2, the 2 linking back to the 1            ->  the node 1 (the head)
    1 -> 2 -> 3, ending with None                  ->  None

To try it, make the loop by hand (from_list comes from dsa.practice.nodes):
    head = from_list([3, 2, 0, 4])
    head.next.next.next.next = head.next
    detect_cycle(head) is head.next   ->  True
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def detect_cycle(head: ListNode | None) -> ListNode | None:
    """Return the node where the chain from ``head`` starts looping, or None."""
    raise NotImplementedError("write your solution here")
'''


def _build(values: List[int], pos: int) -> List[ListNode]:
    """Fresh nodes holding ``values``, linked in order, the last one to ``pos``."""
    nodes = linked(values)
    if pos >= 0:
        nodes[-1].next = nodes[pos]
    return nodes


def _run(solution: Callable[[Optional[ListNode]], Any], case: Case) -> Outcome:
    """Call ``solution`` on a fresh list and describe what it returned.

    Also checks afterwards that every node still has the value and the
    successor it started with.
    """
    values, pos = case
    nodes = _build(values, pos)
    before = [(node.val, node.next) for node in nodes]
    result = solution(nodes[0] if nodes else None)
    unchanged = all(
        node.val == val and node.next is successor
        for node, (val, successor) in zip(nodes, before)
    )
    state = _UNCHANGED if unchanged else _MODIFIED
    if result is None:
        return (None, state)
    if not isinstance(result, ListNode):
        raise TypeError(
            "detect_cycle must return a ListNode or None, not "
            f"{type(result).__name__}"
        )
    for index, node in enumerate(nodes):
        if node is result:
            return (index, state)
    return (_FOREIGN, state)


def _judge(case: Case, expected: Outcome, actual: Outcome) -> Optional[str]:
    """Equality, with a sentence saying which part is wrong."""
    if actual == expected:
        return None
    start, state = actual
    wanted = expected[0]
    if state != _UNCHANGED:
        return "the list was modified: every next and val must be left as they were found"
    if start == _FOREIGN:
        return (
            "returned a node that is not one of the list's nodes (return the node itself, not a "
            "copy)"
        )
    if wanted is None:
        return f"the list has no cycle, so the answer is None, not the node at index {start}"
    if start is None:
        return (
            f"the list has a cycle starting at the node at index {wanted}, but the result was "
            "None"
        )
    return f"returned the node at index {start}, but the cycle starts at index {wanted}"


@st.composite
def _cases(draw: Any) -> Case:
    """Short lists of small, often repeated values, about half with a cycle."""
    values = draw(st.lists(st.integers(0, 9), max_size=30))
    if not values:
        return (values, -1)
    pos = draw(st.one_of(st.integers(0, len(values) - 1), st.just(-1)))
    return (values, pos)


def _show(case: Case) -> str:
    """The list, and where its last node links to."""
    values, pos = case
    if pos < 0:
        return f"from_list({values!r}), no cycle"
    return f"from_list({values!r}) with the last node linked back to index {pos}"


def _make_case(n: int, rng: random.Random) -> Case:
    """``n`` nodes whose last one links back to the node a third of the way in."""
    return ([rng.randrange(1000) for _ in range(n)], n // 3)


PROBLEM = Problem(
    name="detect-cycle",
    title="Where does the cycle begin?",
    structure="linked list",
    difficulty="medium",
    entry="detect_cycle",
    kind="function",
    statement=STATEMENT,
    examples=(
        "For `3 -> 2 -> 0 -> 4` with the node `4` linking back to the node `2`, "
        "`detect_cycle(head)` returns the node `2` (index 1).",
        "For `1 -> 2` with the node `2` linking back to the node `1`, the answer is the head "
        "itself.",
        "For `from_list([1, 2, 3])` (no loop) and for `None`, the answer is `None`.",
    ),
    constraints=(
        "0 <= number of nodes <= 100,000",
        "values are integers and may repeat",
        "the last node's next is None or one of the list's nodes",
        "O(1) extra memory: set and dict are not allowed",
    ),
    hints=(
        "Two pointers walking at different speeds, one step and two steps at a time, must meet "
        "if and only if there is a loop.  That answers *whether*; the meeting point is usually "
        "not the start of the loop.",
        "Say the loop starts `a` steps from the head and the pointers meet `b` steps into the "
        "loop, which has length `c`.  The fast pointer walked twice as far as the slow one: work "
        "out what that says about `a` and `c - b`.",
        "`a` is a multiple of `c`, minus `b`: from the meeting point, `a` more steps land "
        "exactly on the loop's start.  So put one pointer back at the head, leave the other at "
        "the meeting point, and move both one step at a time: they meet at the start of the loop.",
    ),
    stub=STUB,
    reference="dsa.practice.solutions.detect_cycle",
    cases=_cases(),
    run=_run,
    judge=_judge,
    complexity=Complexity(
        expected="O(n) time, O(1) extra memory",
        max_exponent=1.3,
        sizes=(256, 512, 1024, 2048, 4096),
        make_case=_make_case,
        repeats=9,
        note="a list of n nodes looping back a third of the way in",
    ),
    show_case=_show,
    forbidden=("set", "dict"),
    order=2,
    explicit_cases=(
        ([], -1),
        ([1], 0),
        ([1, 2], 0),
        ([3, 2, 0, 4], 1),
        ([1, 2, 3], -1),
    ),
)
