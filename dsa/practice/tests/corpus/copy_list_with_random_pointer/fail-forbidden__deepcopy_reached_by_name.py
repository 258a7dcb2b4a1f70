"""Raises the recursion limit and calls copy.deepcopy found by a computed name, which the syntax check cannot see: the tripwire catches the call at run time, so the forbidden stage fails it.

deepcopy would copy the whole structure correctly; the problem asks you to
do that work yourself.
"""

from __future__ import annotations

import sys

from dsa.practice.nodes import RandomListNode

sys.setrecursionlimit(100_000)


def copy_random_list(head: RandomListNode | None) -> RandomListNode | None:
    module = __import__("co" + "py")
    return getattr(module, "deep" + "copy")(head)
