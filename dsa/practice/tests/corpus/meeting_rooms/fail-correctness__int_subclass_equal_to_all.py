"""Returns an int subclass whose == is always true: the answer travels as plain data, which refuses it.

Compared as an object, `Rooms(0) == expected` would say yes to any number
of rooms; the worker turns answers into plain values first and refuses an
int that redefines `==`.
"""


class Rooms(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


def min_meeting_rooms(meetings):
    return Rooms(len(meetings))
