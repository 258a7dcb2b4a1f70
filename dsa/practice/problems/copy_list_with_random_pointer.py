"""Deep-copy a linked list whose nodes also point to a random node."""

from __future__ import annotations

import random
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from hypothesis import strategies as st

from dsa.practice.nodes import RandomListNode
from dsa.practice.problem import Complexity, Listing, Rules, declare, doublings
from dsa.practice.problems._chains import NEVER_ENDS, NEVER_ENDS_SAYS
from dsa.practice.problems._lists import RuleBroken, new_chain

#: A case: the values of the nodes, and for each node the position of the
#: node its random pointer refers to, or None.  (Two flat lists travel
#: between the processes much faster than a list of pairs.)
Case = Tuple[List[int], List[Optional[int]]]
#: An outcome: the copy's values and the positions its randoms refer to
#: (None for None), or a sentence.
Outcome = Union[Tuple[List[Any], List[Optional[int]]], str]

_ELSEWHERE = "points elsewhere"

STATEMENT = """\
A singly linked list is built from `RandomListNode` objects (from
`dsa.practice.nodes`): each node has a `val`, a `next` and one more
reference, `random`, to any node of the same list (itself included) or
`None`.  Return a **deep copy** of the list:

```python
def copy_random_list(head: RandomListNode | None) -> RandomListNode | None
```

* The copy has as many nodes as the original, in the same order, with the
  same values, and each copied node's `random` refers to the **copy** of the
  node the original's `random` refers to (or is `None` where it was).
* The copy is made of **new** `RandomListNode` objects: no node of the
  original may appear in it, through `next` or through `random`.
* **Leave the original exactly as it was, at every moment**: no `val`,
  `next` or `random` of it may change, not even for a while to be put back
  later.  Assigning to a node of the original is refused as it happens, and
  the grader also compares the list with its first state after every step
  of your code on small inputs and after the call on long ones.  (So the
  trick of weaving the copies in between the original nodes is not allowed
  here.)
* `copy.deepcopy` is not allowed.  An empty list (`None`) copies to `None`.

Values may repeat, so they cannot tell nodes apart.  Aim for O(n) time;
O(n) extra memory is fine.
"""

EXAMPLES = (
    "For `from_pairs([(7, None), (13, 0), (11, 2)])` (the `13`'s random refers to the `7`, "
    "the `11`'s to itself) the copy reads the same, `[(7, None), (13, 0), (11, 2)]`, with "
    "three new nodes.",
    "For `from_pairs([(1, 1), (1, 1)])` both randoms of the copy refer to the copy's "
    "second node, although both values are 1.",
    "`copy_random_list(None)` returns `None`.",
)

CONSTRAINTS = (
    "0 <= number of nodes <= 5,000",
    "-10**4 <= val <= 10**4; values may repeat",
    "each random is None or a node of the same list",
)

HINTS = (
    "The values and the `next` links are easy to copy in one walk.  The hard part is "
    "`random`: when you copy a node, the copy of its random target may not exist yet, "
    "and values cannot tell you which node it is.",
    "Do it in two walks.  First make every copy, and remember for each original node "
    "which new node is its copy.  Then walk again and set each copy's `next` and "
    "`random` from its original's, looked up in what you remembered.",
    "A `dict` from original node to copy does the remembering: nodes are hashable and "
    "compare by identity.  `copies[node.random]` (with None for None) is then the "
    "copy's random.",
)

STUB = '''\
"""Deep-copy a list with random pointers.

Each RandomListNode has val, next and random (any node of the list, or
None).  Return a copy made of new nodes: same values in the same order, and
each copy's random pointing to the copy of the original's random target.
Leave the original untouched, even for a moment; no copy.deepcopy.

Examples (from_pairs / to_pairs come from dsa.practice.nodes; a pair is
(val, position of the random target or None)):
    to_pairs(copy_random_list(from_pairs([(7, None), (13, 0), (11, 2)])))
        ->  [(7, None), (13, 0), (11, 2)]     (new nodes)
    to_pairs(copy_random_list(from_pairs([(1, 1), (1, 1)])))
        ->  [(1, 1), (1, 1)]
    copy_random_list(None)  ->  None
"""

from __future__ import annotations

from dsa.practice.nodes import RandomListNode


def copy_random_list(head: RandomListNode | None) -> RandomListNode | None:
    """A deep copy of the list at ``head``, random pointers included."""
    raise NotImplementedError("write your solution here")
'''


class _Original(RandomListNode):
    """A node of the list handed to the learner.  Once sealed, assigning to
    it is refused as it happens, whatever the input's length: changing the
    original and putting it back before returning is caught on long lists
    too, where comparing after every step would cost too much."""

    __slots__ = ("_sealed",)

    def __setattr__(self, name: str, value: Any) -> None:
        if getattr(self, "_sealed", False):
            raise RuleBroken(
                f"your code assigned to {name} of a node of the original list; the "
                "original must stay as it was at every moment")
        object.__setattr__(self, name, value)


#: The classes a node of the copy may have (``type(node)(...)`` on an
#: original node makes an unsealed _Original).
_KINDS = (RandomListNode, _Original)


def _build(case: Case) -> List[RandomListNode]:
    """Fresh, sealed nodes for ``case``, linked in order, random pointers set."""
    values, targets = case
    put = object.__setattr__  # around _Original.__setattr__, which is slow and seals
    nodes = [_Original.__new__(_Original) for _ in values]
    successors = nodes[1:] + [None]
    for node, value, successor, target in zip(nodes, values, successors, targets):
        put(node, "val", value)
        put(node, "next", successor)
        put(node, "random", None if target is None else nodes[target])
        put(node, "_sealed", True)
    return nodes


def _run(solution: Callable[[Optional[RandomListNode]], Any], case: Case) -> Outcome:
    """Copy a fresh list; the copy's values and random positions."""
    original = _build(case)
    head = solution(original[0] if original else None)
    copy, loops_to = new_chain(head, original, "copy_random_list", "the original list",
                               _KINDS)
    if loops_to is not None:
        return f"{NEVER_ENDS} after {len(copy)} nodes"
    position: Dict[RandomListNode, int] = {node: index for index, node in enumerate(copy)}
    targets: List[Optional[int]] = []
    for index, node in enumerate(copy):
        target = node.random
        if target is None:
            targets.append(None)
        elif type(target) in _KINDS and target in position:
            targets.append(position[target])
        elif type(target) in _KINDS and target in set(original):
            raise RuleBroken(
                f"the random of the copy's node at position {index} refers to a node of the "
                "original list; the copy must share no node with the original")
        else:
            return f"{_ELSEWHERE}: the random of the copy's node at position {index}"
    return ([node.val for node in copy], targets)


def _judge(case: Case, expected: Any, actual: Any) -> Optional[str]:
    """Equality, with the first node whose value or random is wrong named."""
    if actual == expected:
        return None
    if isinstance(actual, str) and actual.startswith(NEVER_ENDS):
        return NEVER_ENDS_SAYS
    if isinstance(actual, str):
        return (f"{actual.split(': ', 1)[1]} refers to a node that is in neither list; it "
                "must refer to a node of the copy (or be None)")
    (values, targets), (got_values, got_targets) = expected, actual
    if len(got_values) != len(values):
        return f"the copy has {len(got_values)} node(s), the original {len(values)}"
    for index, (value, got_value) in enumerate(zip(values, got_values)):
        if type(got_value) is not type(value) or got_value != value:
            return f"the copy's node at position {index} holds {got_value!r}, not {value!r}"
    for index, (target, got_target) in enumerate(zip(targets, got_targets)):
        if got_target != target:
            want = "None" if target is None else f"the copy of the node at position {target}"
            got = "None" if got_target is None else f"the node at position {got_target}"
            return f"the random of the copy's node at position {index} should be {want}, not {got}"
    return "the copy differs from the original"


@st.composite
def _cases(draw: Any) -> Case:
    """Up to 4 nodes with few distinct values, so that values repeat.  (Small:
    the original is compared with its first state after every step of the
    learner's code, a cost that grows with the list's length times the
    steps; the large inputs check longer lists.)"""
    size = draw(st.integers(0, 4))
    targets = st.one_of(st.none(), st.integers(0, size - 1)) if size else st.none()
    return (draw(st.lists(st.integers(0, 2), min_size=size, max_size=size)),
            draw(st.lists(targets, min_size=size, max_size=size)))


def _show(case: Case) -> str:
    return f"copy_random_list(from_pairs({list(zip(*case))!r}))"


def _random_targets(n: int, rng: random.Random) -> Case:
    """Random values, each random pointer to a node drawn at random."""
    return ([rng.randrange(10**4) for _ in range(n)], [rng.randrange(n) for _ in range(n)])


def _to_the_end(n: int, rng: random.Random) -> Case:
    """Every random pointer refers to the last node: a search for the target
    that starts at the head walks the whole list every time."""
    return ([rng.randrange(10**4) for _ in range(n)], [n - 1] * n)


COMPLEXITY = Complexity(
    expected="O(n)",
    max_exponent=1.3,
    sizes=doublings(1600),
    families={"random targets": _random_targets, "all to the last node": _to_the_end},
    repeats=15,
)


def _large(rng: random.Random) -> List[Case]:
    """The longest list the constraints allow, values from the whole range
    (so some repeat), randoms to anywhere or None."""
    n = 5_000
    return [([rng.randrange(-10**4, 10**4 + 1) for _ in range(n)],
             [rng.choice((None, rng.randrange(n))) for _ in range(n)])]


PROBLEM = declare(
    globals(),
    Listing("Copy a list with random pointers", "linked list", "medium", order=6),
    entry="copy_random_list",
    forbid=("copy.deepcopy",),
    rules=Rules(keep_input=True),
    explicit_cases=(([], []), ([7], [None]), ([5], [0]), ([1, 1], [1, 1]),
                    ([7, 13, 11], [None, 0, 2]), ([2, 2, 2], [2, 0, None])),
    lessons=("linkedlist",),
)
