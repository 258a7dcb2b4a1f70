"""A sorted list where each new stone's place is found by walking up from the lightest: quick on random weights, O(n) a turn when one heavy stone stays on top, so the one-heavy-stone family fails it."""

from __future__ import annotations


def last_stone_weight(stones: list[int]) -> int:
    order = sorted(stones)  # lightest first; the two heaviest are at the end
    while len(order) > 1:
        x = order.pop()
        y = order.pop()
        if x == y:
            continue
        left = x - y
        i = 0
        while i < len(order) and order[i] < left:  # from the light end upward
            i += 1
        order.insert(i, left)
    return order[0] if order else 0
