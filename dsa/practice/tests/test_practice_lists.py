"""The linked-list and deque problems' own helpers and bounds.

What the graders of those problems rely on and the generic tests cannot
see: the careful walk of :mod:`dsa.practice.problems._chains` (new nodes,
moved values, loops), and the lower bounds on comparisons (``min_ops``)
that tell a dodged count from a real one, checked on every growth case.
"""

from __future__ import annotations

import random

import pytest

from dsa.practice import registry
from dsa.practice.guard import RuleBroken
from dsa.practice.nodes import ListNode
from dsa.practice.problems._chains import (
    MOVED_SAYS, NEVER_ENDS, NEVER_ENDS_SAYS, Given, judge_chain, label, linked, looped)


def test_follow_gives_values_and_node_numbers() -> None:
    nodes = linked([10, 20, 30])
    given = Given(nodes)
    nodes[2].next, nodes[1].next, nodes[0].next = nodes[1], nodes[0], None
    assert given.follow(nodes[2], "f") == {"values": [30, 20, 10], "nodes": [2, 1, 0]}
    assert given.follow(None, "f") == {"values": [], "nodes": []}


def test_follow_numbers_several_chains_one_after_the_other() -> None:
    a, b = linked([1, 3]), linked([2])
    given = Given(a, b, names=("a", "b"))
    a[0].next, b[0].next = b[0], a[1]
    assert given.follow(a[0], "f") == {"values": [1, 2, 3], "nodes": [0, 2, 1]}
    assert [label(n, [2, 1], "ab") for n in (0, 1, 2)] == ["a[0]", "a[1]", "b[0]"]
    assert label(4, [5]) == "position 4"


def test_a_new_node_breaks_the_rule_even_with_an_equal_value() -> None:
    nodes = linked([1, 2])
    given = Given(nodes)
    nodes[0].next = ListNode(2)
    with pytest.raises(RuleBroken, match="not in the input"):
        given.follow(nodes[0], "f")


def test_a_subclass_posing_as_a_given_node_is_a_new_node() -> None:
    nodes = linked([1])
    given = Given(nodes)

    class Impostor(ListNode):
        __slots__ = ()

        def __eq__(self, other: object) -> bool:
            return True

        def __hash__(self) -> int:
            return hash(nodes[0])

    with pytest.raises(RuleBroken, match="not in the input"):
        given.follow(Impostor(1), "f")


def test_a_val_replaced_by_an_equal_object_breaks_the_rule() -> None:
    class Agreeable(int):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = int.__hash__

    values = [10**6 + 1, 10**6 + 2]
    nodes = linked(values)
    given = Given(nodes)
    nodes[0].val = Agreeable(nodes[0].val)
    with pytest.raises(RuleBroken, match="changed the val"):
        given.follow(nodes[0], "f")
    nodes[0].val = int(str(values[0]))  # equal, but another object
    with pytest.raises(RuleBroken, match="changed the val"):
        given.follow(nodes[0], "f")


def test_a_loop_is_a_sentence_and_unloop_ends_it() -> None:
    nodes = looped([1, 2, 3], 1)
    given = Given(nodes)
    outcome = given.follow(nodes[0], "f")
    assert isinstance(outcome, str) and outcome.startswith(NEVER_ENDS)
    assert judge_chain({"values": [1, 2, 3], "nodes": [0, 1, 2]}, outcome) == NEVER_ENDS_SAYS
    given.unloop()
    assert given.follow(nodes[0], "f") == {"values": [1, 2, 3], "nodes": [0, 1, 2]}


def test_judge_chain_names_values_moved_between_nodes() -> None:
    expected = {"values": [4, 4], "nodes": [1, 0]}
    assert judge_chain(expected, expected) is None
    assert judge_chain(expected, {"values": [4, 4], "nodes": [0, 1]}) == MOVED_SAYS
    assert "lost" in (judge_chain(expected, {"values": [4], "nodes": [1]}) or "")


def _losers(nums, k):
    """How many values are not the maximum of every window holding them:
    each must lose a comparison in any correct solution (values distinct)."""
    n = len(nums)
    table = [list(nums)]
    width = 1
    while 2 * width <= n:
        row = table[-1]
        table.append([max(row[i], row[i + width]) for i in range(n - 2 * width + 1)])
        width *= 2

    def largest(lo, hi):
        level = (hi - lo + 1).bit_length() - 1
        return max(table[level][lo], table[level][hi - (1 << level) + 1])

    return sum(1 for i in range(n)
               if largest(max(0, i - k + 1), min(i, n - k) + k - 1) != nums[i])


@pytest.mark.parametrize("name", ["sliding-window-max", "merge-two-sorted"])
def test_min_ops_is_a_lower_bound_on_every_growth_case(name: str) -> None:
    problem = registry.get(name)
    complexity = problem.complexity
    assert complexity is not None and complexity.min_ops is not None
    for family in complexity.all_families():
        for n in complexity.sizes_of(family):
            case = family.make_case(n, random.Random(f"{problem.name}:{family.name}:{n}"))
            if name == "sliding-window-max":
                nums, k = case
                assert len(set(nums)) == len(nums), "the bound needs distinct values"
                fewest = _losers(nums, k)
            else:  # any correct merge of two non-empty lists compares at least once
                assert case[0] and case[1]
                fewest = 1
            assert complexity.min_ops(n) <= fewest, (family.name, n)


def _within_limits(name: str, case) -> None:
    """Fail unless ``case`` keeps the constraints the statement of ``name`` gives."""
    span = 10**9
    if name in ("reverse-list", "remove-nth-from-end", "detect-cycle"):
        values = case if name == "reverse-list" else case[0]
        assert len(values) <= 10_000 and all(-span <= v <= span for v in values)
        if name == "remove-nth-from-end":
            assert 1 <= case[1] <= len(values)
        if name == "detect-cycle":
            assert -1 <= case[1] < max(1, len(values))
    elif name == "merge-two-sorted":
        for values in case:
            assert len(values) <= 5_000 and values == sorted(values)
            assert all(-span <= v <= span for v in values)
    elif name == "sliding-window-max":
        nums, k = case
        assert 1 <= k <= len(nums) <= 10_000
        assert all(-10**4 <= v <= 10**4 for v in nums)
    elif name == "circular-deque":
        capacity, fill, letters, values = case
        assert 1 <= capacity <= 10_000 and len(fill) + len(letters) <= 10_000
        assert all(0 <= v <= span for v in fill + values)
    elif name == "grid-shortest-path":
        assert 1 <= len(case) <= 100 and 1 <= len(case[0]) <= 100
        assert all(len(row) == len(case[0]) and set(row) <= {".", "#"} for row in case)


@pytest.mark.parametrize("name", ["reverse-list", "remove-nth-from-end", "detect-cycle",
                                  "merge-two-sorted", "sliding-window-max", "circular-deque",
                                  "grid-shortest-path"])
def test_growth_and_large_inputs_keep_the_constraints(name: str) -> None:
    problem = registry.get(name)
    assert problem.complexity is not None and problem.large_cases is not None
    for family in problem.complexity.all_families():
        for n in problem.complexity.sizes_of(family):
            _within_limits(name, family.make_case(n, random.Random(f"{name}:{family.name}:{n}")))
    for case in problem.large_cases(random.Random(f"{name}:large")):
        _within_limits(name, case)
