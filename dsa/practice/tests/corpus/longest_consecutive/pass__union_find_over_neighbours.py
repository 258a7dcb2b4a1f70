"""Joins every value with its neighbour x + 1 in a union-find, and answers the largest set: passes.

A different route to the same answer: each run of consecutive values ends
up as one set.  Union by size and path halving make each operation nearly
O(1), so the whole is about O(n), with dicts for the parents and sizes.
"""


def longest_consecutive(nums):
    parent = {x: x for x in nums}
    size = dict.fromkeys(parent, 1)

    def root(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for x in parent:
        if x + 1 in parent:
            a, b = root(x), root(x + 1)
            if a != b:
                if size[a] < size[b]:
                    a, b = b, a
                parent[b] = a
                size[a] += size[b]
    return max((size[root(x)] for x in parent), default=0)
