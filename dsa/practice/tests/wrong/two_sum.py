"""WRONG: records a value before looking for its partner.

With ``target == 2 * x`` the lookup then finds ``x`` itself, and the function
returns the same position twice, ``(i, i)``: one element used twice.
"""

from __future__ import annotations


def two_sum(nums: list[int], target: int) -> tuple[int, int]:
    """Return positions of two values adding up to ``target`` (buggy)."""
    index_of: dict[int, int] = {}
    for j, x in enumerate(nums):
        index_of[x] = j  # the mistake: x is stored before the lookup
        i = index_of.get(target - x)
        if i is not None:
            return i, j
    raise ValueError("no two values in nums add up to target")
