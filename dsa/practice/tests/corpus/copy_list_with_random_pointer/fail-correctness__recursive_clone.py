"""Clones recursively, memoised, following next and random: right on short lists, but one nested call per node means RecursionError on the inputs at the constraints' size, so correctness fails.

The random inputs are short; the large ones have 5,000 nodes.
"""

from __future__ import annotations

from dsa.practice.nodes import RandomListNode


def copy_random_list(head: RandomListNode | None) -> RandomListNode | None:
    made = {}

    def clone(node):
        if node is None:
            return None
        if node not in made:
            made[node] = RandomListNode(node.val)
            made[node].next = clone(node.next)
            made[node].random = clone(node.random)
        return made[node]

    return clone(head)
