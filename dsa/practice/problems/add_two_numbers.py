"""Add two numbers stored as linked lists of digits, lowest digit first."""

from __future__ import annotations

import random
from typing import Any, Callable, List, Optional, Tuple, Union

from hypothesis import strategies as st

from dsa.practice.nodes import ListNode
from dsa.practice.problem import Complexity, Listing, declare, doublings
from dsa.practice.problems._chains import NEVER_ENDS_SAYS, linked
from dsa.practice.problems._lists import call, new_chain, unchanged

#: A case: the digits of the two numbers, lowest first.
Case = Tuple[List[int], List[int]]

STATEMENT = """\
Two non-negative whole numbers are stored as singly linked lists of
`ListNode` objects, one decimal digit per node, **lowest digit first**: the
number 342 is the chain `2 -> 4 -> 3`.  Return their sum as a **new** list
in the same form:

```python
def add_two_numbers(a: ListNode, b: ListNode) -> ListNode
```

* Each list has at least one node, every `val` is a digit from 0 to 9, and
  no number has leading zeros: the last node holds 0 only when the number
  is 0 itself (the one-node list `0`).  The sum must follow the same form.
* The lists may have different lengths.
* **Build the result from new nodes** and **leave both lists as you were
  given them**: when your function returns, every node of `a` and `b` must
  hold its `val` and its `next` as before, and no node of `a` or `b` may be
  part of the result (not even a tail that would happen to be right).

Aim for O(max(m, n)) time for lists of m and n nodes, digit by digit, as
on paper.
"""

EXAMPLES = (
    "`add_two_numbers(from_list([2, 4, 3]), from_list([5, 6, 4]))` returns the new chain "
    "`7 -> 0 -> 8`: 342 + 465 = 807.",
    "`add_two_numbers(from_list([9, 9]), from_list([1]))` returns `0 -> 0 -> 1`: "
    "99 + 1 = 100, the last carry making a node of its own.",
    "`add_two_numbers(from_list([0]), from_list([0]))` returns the one-node chain `0`.",
)

CONSTRAINTS = (
    "1 <= number of nodes in each list <= 10,000",
    "every val is a digit from 0 to 9; no leading zeros except the number 0",
)

HINTS = (
    "Add as on paper, from the lowest digit, which is conveniently the first node: "
    "digit of a + digit of b + the carry from the column before.",
    "The column's total is between 0 and 19: its last digit, `total % 10`, goes in a new "
    "node, and `total // 10` (0 or 1) is carried into the next column.",
    "Keep going while either list has nodes left *or* the carry is 1, treating a list "
    "that ran out as zeros.  A dummy node in front of the result and a `tail` name make "
    "appending a node O(1).",
)

STUB = '''\
"""Add two numbers given as lists of digits, lowest digit first.

342 is the chain 2 -> 4 -> 3.  Return the sum of the numbers a and b in the
same form, built from new ListNode objects; leave a and b as they are (no
node of theirs in the result).  No leading zeros, except the number 0.

Examples (from_list / to_list come from dsa.practice.nodes):
    to_list(add_two_numbers(from_list([2, 4, 3]), from_list([5, 6, 4])))  ->  [7, 0, 8]
        (342 + 465 = 807)
    to_list(add_two_numbers(from_list([9, 9]), from_list([1])))           ->  [0, 0, 1]
    to_list(add_two_numbers(from_list([0]), from_list([0])))              ->  [0]
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def add_two_numbers(a: ListNode, b: ListNode) -> ListNode:
    """The sum of the numbers a and b, digits lowest first, as a new list."""
    raise NotImplementedError("write your solution here")
'''

_NEVER_ENDS = "never ends"


def _run(solution: Callable[[ListNode, ListNode], Any], case: Case) -> Union[List[Any], str]:
    """Add two fresh chains; the digits of the result."""
    a_nodes, b_nodes = linked(case[0]), linked(case[1])
    head = solution(a_nodes[0], b_nodes[0])
    unchanged(a_nodes, case[0], "add_two_numbers", "the list a")
    unchanged(b_nodes, case[1], "add_two_numbers", "the list b")
    nodes, loops_to = new_chain(head, a_nodes + b_nodes, "add_two_numbers", "the lists given")
    if loops_to is not None:
        return _NEVER_ENDS
    return [node.val for node in nodes]


def _number(digits: List[int]) -> str:
    """The number a list of digits, lowest first, stands for, as it is written."""
    return "".join(str(d) for d in reversed(digits))


def _judge(case: Case, expected: Any, actual: Any) -> Optional[str]:
    """Equality, with what is wrong about the sum in words."""
    if actual == expected:
        return None
    if actual == _NEVER_ENDS:
        return NEVER_ENDS_SAYS
    if any(type(d) is not int or not 0 <= d <= 9 for d in actual):
        return "every node of the result must hold one digit, an int from 0 to 9"
    a, b = case
    if actual[:len(expected)] == expected and not any(actual[len(expected):]):
        return f"the sum {_number(expected)} came back with leading zeros"
    if len(actual) == len(expected) - 1 and actual == expected[:-1]:
        return (f"{_number(a)} + {_number(b)} = {_number(expected)}: the carry out of the "
                "last digit needs a node of its own")
    return f"{_number(a)} + {_number(b)} is {_number(expected)}, not {_number(actual)}"


@st.composite
def _number_digits(draw: Any) -> List[int]:
    """The digits of a number, lowest first, without leading zeros; 9s are
    common, so carries run on."""
    digits = draw(st.lists(st.sampled_from((9, 0, 1, 5, 2, 3, 4, 6, 7, 8)),
                           min_size=1, max_size=15))
    if len(digits) > 1 and digits[-1] == 0:
        digits[-1] = draw(st.integers(1, 9))
    return digits


_CASES = st.tuples(_number_digits(), _number_digits())


def _show(case: Case) -> str:
    return call("add_two_numbers", case[0], case[1])


def _digits(n: int, rng: random.Random) -> List[int]:
    """A number of ``n`` random digits, lowest first, the top one not 0."""
    return [rng.randrange(10) for _ in range(n - 1)] + [rng.randrange(1, 10)]


def _equal(n: int, rng: random.Random) -> Case:
    """Two numbers of n / 2 digits each."""
    return (_digits(n // 2, rng), _digits(n // 2, rng))


def _carry(n: int, rng: random.Random) -> Case:
    """99...9 + 1: the carry runs through all n digits and makes a new one."""
    return ([9] * n, [1])


def _uneven(n: int, rng: random.Random) -> Case:
    """A number of one digit plus one of n digits: a loop that stops with the
    shorter list has all the rest to copy."""
    return ([rng.randrange(1, 10)], _digits(n, rng))


COMPLEXITY = Complexity(
    expected="O(max(m, n))",
    max_exponent=1.3,
    sizes=doublings(3200),
    families={"equal lengths": _equal, "carry all the way": _carry,
              "one digit plus n": _uneven},
    repeats=9,
    note="n digits in all",
)


def _large(rng: random.Random) -> List[Case]:
    """Numbers as long as the constraints allow."""
    return [(_digits(10_000, rng), _digits(10_000, rng)), ([9] * 10_000, [9] * 9_999)]


PROBLEM = declare(
    globals(),
    Listing("Add two numbers stored as lists", "linked list", "medium", order=7),
    explicit_cases=(([0], [0]), ([5], [5]), ([2, 4, 3], [5, 6, 4]), ([9, 9], [1]),
                    ([1], [9, 9, 9])),
    lessons=("linkedlist",),
)
