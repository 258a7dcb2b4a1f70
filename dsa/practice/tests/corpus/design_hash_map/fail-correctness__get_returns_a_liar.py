"""Returns values of an int subclass whose == is always true: fails the correctness check.

A map that stores nothing: ``get`` answers an object claiming to equal
whatever it is compared with.  The grader turns each answer into a plain
value before judging it, and refuses one that redefines ``==``.
"""


class Anything(int):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


class MyHashMap:
    def put(self, key, value):
        pass

    def get(self, key):
        return Anything(-1)

    def remove(self, key):
        pass

    def __len__(self):
        return Anything(0)
