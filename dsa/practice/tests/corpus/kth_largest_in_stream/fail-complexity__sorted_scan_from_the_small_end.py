"""Keeps the k largest in a sorted list and finds each new number's place by walking up from the smallest: O(k) for every number that enters, and with k = n/4 many do (in the rising family, all), so the case costs O(n**2) and growth fails it."""

from __future__ import annotations


class KthLargest:
    def __init__(self, k: int, nums: list[int]) -> None:
        self.k = k
        self.top = sorted(nums)[-k:] if nums else []  # smallest first

    def add(self, val: int) -> int:
        top = self.top
        if len(top) == self.k:
            if val <= top[0]:
                return top[0]
            top.pop(0)
        i = 0
        while i < len(top) and top[i] < val:  # from the small end upward
            i += 1
        top.insert(i, val)
        return top[0]
