"""Calls heapq.nlargest through difflib's own name for it, spelled out at run time: the tripwires catch it.

`difflib` keeps the function as `_nlargest` (it imports it under that
name), and the name is built from pieces so that no syntax check can see
it.  The tripwire replaces every name the function has in the loaded
modules, so the call is refused while it runs.
"""

import difflib


def kth_largest(nums, k):
    pick = getattr(difflib, "_nlar" + "gest")
    return pick(k, nums)[-1]
