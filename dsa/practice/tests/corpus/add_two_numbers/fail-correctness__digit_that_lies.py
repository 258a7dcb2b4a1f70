"""Returns nodes whose val is an int subclass that says it equals anything: the grader only takes plain ints back, so it fails correctness whatever the digits.

Equality is judged in the grader on plain values, never with the learner's
own ``==``.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


class Digit(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


def add_two_numbers(a: ListNode, b: ListNode) -> ListNode:
    return ListNode(Digit(0))
