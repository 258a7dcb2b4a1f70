"""Returns an int subclass whose == is always true: the answer travels as plain data, which refuses it.

If the judge compared the object itself, `Liar(0) == expected` would say
yes to every expected answer.  The worker turns answers into plain values
before they leave it and refuses an int that redefines `==`.
"""


class Liar(int):
    __hash__ = int.__hash__

    def __ne__(self, other):
        return False

    def __eq__(self, other):
        return True


def kth_largest(nums, k):
    return Liar(0)
