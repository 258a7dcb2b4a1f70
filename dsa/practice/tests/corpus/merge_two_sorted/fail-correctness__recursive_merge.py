"""The classic recursive merge: fails as wrong on long lists, where Python stops the recursion.

Elegant and right on short lists, but it recurses once per node of the
result: on the lists of a thousand and more nodes that the grader measures,
Python raises RecursionError at its limit of about 1,000 nested calls
(which the problem does not let you raise), and an exception on an input
the constraints allow is a wrong answer.
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def merge_two_lists(a: ListNode | None, b: ListNode | None) -> ListNode | None:
    if a is None or b is None:
        return a if b is None else b
    if a.val <= b.val:
        a.next = merge_two_lists(a.next, b)
        return a
    b.next = merge_two_lists(a, b.next)
    return b
