"""Add two numbers stored as lists: column by column, carrying, as on paper.

The idea
--------
Written lowest digit first, the lists put the digits in the order written
addition works through them: the units, then the tens, and so on.  So walk
both lists together and, in every column, add the two digits and the carry
from the column before.  The total is at most 9 + 9 + 1 = 19: its last
digit, ``total % 10``, is the column's digit of the sum, and ``total // 10``
(0 or 1) is carried into the next column.

A list that runs out counts as zeros from then on, and the loop keeps going
while *either* list has digits left *or* a carry is waiting, so that
99 + 1 ends with the new digit: ``0 -> 0 -> 1``.

A dummy node in front of the result and a ``tail`` name pointing at its
last node make each new digit one O(1) append; the answer is
``dummy.next``.

Why it is correct
-----------------
After k columns, the result holds the k lowest digits of the sum and
``carry`` is what those columns carry into column k, exactly as in written
addition.  When both lists and the carry are exhausted, every further
column would be 0, so the digits built are the whole sum.  The top digit is
never a useless 0: the last column built either holds a digit of the longer
number's top (not 0, as the inputs have no leading zeros) or the final
carry, 1; and 0 + 0 gives the single digit 0.

Cost
----
One step per column: O(max(m, n)) time, and the result's nodes, which the
problem asks for; nothing else grows.  ``a`` and ``b`` are only read.

The classic pitfalls
--------------------
Forgetting the last carry (99 + 1 coming out as 00).  Stopping when the
*shorter* list ends.  Reusing the nodes of the longer list for the rest of
the sum, which changes the inputs (or shares nodes with them).  And
converting both lists to Python ints: it works for small numbers, but each
multiplication of a long int by 10 costs time in its length, so the
conversion alone is O(n**2) (and ``int(str)`` refuses more than 4,300 digits).
"""

from __future__ import annotations

from dsa.practice.nodes import ListNode


def add_two_numbers(a: ListNode, b: ListNode) -> ListNode:
    """The sum of the numbers a and b, digits lowest first, as a new list."""
    dummy = tail = ListNode()
    carry = 0
    while a is not None or b is not None or carry:
        total = carry
        if a is not None:
            total += a.val
            a = a.next
        if b is not None:
            total += b.val
            b = b.next
        carry, digit = divmod(total, 10)
        tail.next = ListNode(digit)
        tail = tail.next
    return dummy.next
