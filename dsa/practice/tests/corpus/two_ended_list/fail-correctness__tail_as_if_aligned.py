"""Costs the last k nodes like the first k, as if the list ended on a line boundary: fails.

From the head, k nodes cover ``ceil(24 * k / 64)`` lines.  From the tail
that holds only when the list's length is a multiple of 8: a list of 3
nodes ends at byte 72, and its last node, bytes 48 to 71, straddles two
lines.  Thinking the tail cheap, this puts a hot value there.
"""

from __future__ import annotations


def list_order(values: list[int], counts: list[int]) -> list[int]:
    n = len(values)

    def cost(i: int) -> int:
        walked = min(i + 1, n - i)
        return -(-24 * walked // 64)  # the mistake: true only from the head

    positions = sorted(range(n), key=cost)
    hottest = sorted(range(n), key=counts.__getitem__, reverse=True)
    order = [0] * n
    for position, k in zip(positions, hottest):
        order[position] = values[k]
    return order
