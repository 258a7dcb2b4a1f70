"""Returns positions of an int subclass whose == is always true: fails the correctness check.

It does no work at all.  The grader turns the answer into plain values
before judging it, and refuses an int that redefines ``==``.
"""


class Yes(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


def two_sum(nums, target):
    return Yes(0), Yes(1)
