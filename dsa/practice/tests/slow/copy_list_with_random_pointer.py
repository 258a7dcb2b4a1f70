"""SLOW: finds each random target's position by walking from the head.

For every node, it walks the original from the head until it meets the
random target, counting steps, then walks the copy the same number of
steps.  Right, and the original is only read, but each search can walk the
whole list: O(n**2) when the targets lie far down the list.
"""

from __future__ import annotations

from dsa.practice.nodes import RandomListNode


def copy_random_list(head: RandomListNode | None) -> RandomListNode | None:
    """Copy the list, locating every random target by a walk from the head."""
    dummy = tail = RandomListNode()
    node = head
    while node is not None:
        tail.next = RandomListNode(node.val)
        tail = tail.next
        node = node.next
    node, twin = head, dummy.next
    while node is not None:
        if node.random is not None:
            steps, probe = 0, head
            while probe is not node.random:  # the walk, once per node
                probe = probe.next
                steps += 1
            target = dummy.next
            for _ in range(steps):
                target = target.next
            twin.random = target
        node, twin = node.next, twin.next
    return dummy.next
