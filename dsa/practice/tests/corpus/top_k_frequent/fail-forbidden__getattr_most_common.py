"""Calls Counter.most_common through getattr with a name built at run time: the tripwires catch it.

No syntax check can see the name; the tripwire on the method itself refuses
the call while it runs.
"""

from collections import Counter


def top_k_frequent(nums, k):
    counts = Counter(nums)
    method = getattr(counts, "most" + "_common")
    return [value for value, _ in method(k)]
