"""Counts the stones of every weight in a list indexed by weight: right for light stones, but a weight of 10**9 needs a list of a billion counts and runs out of memory on the named edge case."""

from __future__ import annotations


def last_stone_weight(stones: list[int]) -> int:
    count = [0] * (max(stones) + 1)  # grows with the heaviest weight, not with n
    for weight in stones:
        count[weight] += 1
    weight = len(count) - 1
    while weight > 0:
        if count[weight] == 0:
            weight -= 1
            continue
        count[weight] %= 2  # equal pairs destroy each other
        if count[weight] == 0:
            continue
        lighter = weight - 1
        while lighter > 0 and count[lighter] == 0:
            lighter -= 1
        if lighter == 0:
            return weight
        count[weight] -= 1
        count[lighter] -= 1
        count[weight - lighter] += 1
        weight = max(weight - lighter, lighter)
    return 0
