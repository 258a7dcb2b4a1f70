"""Imports heapq through importlib under a built name and calls nlargest: the tripwires catch it.
"""

import importlib
from collections import Counter


def top_k_frequent(nums, k):
    module = importlib.import_module("heap" + "q")
    counts = Counter(nums)
    pick = getattr(module, "n" + "largest")
    return pick(k, counts, key=counts.get)
