"""Turns both lists into Python ints through strings, adds, and turns the sum back: right on short numbers, but int() refuses strings of more than 4,300 digits, so the inputs at the constraints' size (10,000 digits) fail correctness.

Python limits int/str conversion of huge numbers (sys.get_int_max_str_digits).
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode, from_list


def _number(node: ListNode) -> int:
    digits = []
    while node is not None:
        digits.append(str(node.val))
        node = node.next
    return int("".join(reversed(digits)))


def add_two_numbers(a: ListNode, b: ListNode) -> ListNode:
    total = str(_number(a) + _number(b))
    return from_list([int(d) for d in reversed(total)])
