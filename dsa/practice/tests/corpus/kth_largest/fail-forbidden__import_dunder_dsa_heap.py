"""Imports this package's own nsmallest with __import__ and a name built at run time: the tripwires catch it.

`dsa.heap.nsmallest` does the same job as `heapq.nsmallest`, and the
statement forbids both however they are reached.
"""


def kth_largest(nums, k):
    heap_module = __import__("dsa." + "heap", fromlist=["heap"])
    smallest = getattr(heap_module, "n" + "smallest")
    return smallest(len(nums) - k + 1, nums)[-1]
