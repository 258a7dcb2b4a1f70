"""Counts the values in an array indexed by value - min: memory grows with the range of the values, so the range the constraints allow runs it out of memory.

Values between -9 and 9 make this a quick counting sort; -10**9 and 10**9
in the same input ask for two billion counters.
"""

from dsa.practice.nodes import ListNode


def merge_k_lists(lists):
    values = []
    for head in lists:
        while head is not None:
            values.append(head.val)
            head = head.next
    if not values:
        return None
    low = min(values)
    counts = [0] * (max(values) - low + 1)
    for value in values:
        counts[value - low] += 1
    dummy = tail = ListNode()
    for offset, count in enumerate(counts):
        for _ in range(count):
            tail.next = ListNode(offset + low)
            tail = tail.next
    return dummy.next
