"""The list and deque stand-ins refuse what list and deque refuse, in the
same words: ``left * seq`` with a ``left`` that is no integer, and
assignment to a read-only attribute.

Every outcome is compared with the standard library's own, computed here,
with the class names mapped (``SinglyLinkedList`` reads as ``list``).
"""

from __future__ import annotations

import array
import collections
from fractions import Fraction

import pytest

import dsa.native as native
from dsa.deque import BlockedDeque
from dsa.linkedlist import DoublyLinkedList, SinglyLinkedList
from dsa.lru import LRUCache

from helpers import outcome

needs_c = pytest.mark.skipif(not native.available, reason="the C twins are not built")

#: (twin, the standard-library type it stands in for)
LISTS = [SinglyLinkedList, DoublyLinkedList]
DEQUES = [BlockedDeque]
if native.available:
    LISTS.append(native.DoublyLinkedList)
    DEQUES.append(native.BlockedDeque)
TWINS = [(cls, list) for cls in LISTS] + [(cls, collections.deque) for cls in DEQUES]


class Plain:
    """An object of a class written in Python, with no ``*`` of its own."""


class Declines:
    """A class written in Python whose ``*`` declines everything."""

    def __mul__(self, other):
        return NotImplemented

    __rmul__ = __mul__


LEFT_OPERANDS = [1.5, None, Fraction(1, 2), 3j, Plain(), Declines(), object(),
                 memoryview(b"ab"), "ab", b"ab", bytearray(b"ab"), (1, 2), [1, 2],
                 array.array("b", [1]), collections.deque([1]), 2, True, 0, -1]


def in_std_words(result: tuple, twin: type, std: type) -> tuple:
    """An outcome of a twin with its class named as the standard type is."""
    if result[0] == "ok":
        return ("ok", list(result[1]))
    std_name = "collections.deque" if std is collections.deque else std.__name__
    return result[:2] + (result[2].replace(f"'{twin.__name__}'", f"'{std_name}'"),)


@pytest.mark.parametrize("twin, std", TWINS, ids=lambda c: getattr(c, "__module__", "") + "." + getattr(c, "__name__", ""))
@pytest.mark.parametrize("left", LEFT_OPERANDS, ids=repr)
def test_left_operand_times_a_twin(twin, std, left):
    mine = outcome(lambda: left * twin([1, 2]))
    theirs = outcome(lambda: left * std([1, 2]))
    if theirs[0] == "ok" and not isinstance(theirs[1], std):
        theirs = ("ok", list(theirs[1]))
    assert in_std_words(mine, twin, std) == in_std_words(theirs, std, std)


@pytest.mark.parametrize("left_twin, left_std", TWINS)
@pytest.mark.parametrize("right_twin, right_std", TWINS)
def test_one_twin_times_another(left_twin, left_std, right_twin, right_std):
    """``seq * other_seq`` names the right operand, as ``list * deque`` does."""
    mine = outcome(lambda: left_twin([1]) * right_twin([1]))
    theirs = outcome(lambda: left_std([1]) * right_std([1]))
    assert mine[:2] == theirs[:2] == ("raised", TypeError)
    right_name = "collections.deque" if right_std is collections.deque else "list"
    assert theirs[2] == f"can't multiply sequence by non-int of type '{right_name}'"
    assert mine[2] == f"can't multiply sequence by non-int of type '{right_twin.__name__}'"


@pytest.mark.parametrize("twin", DEQUES)
@pytest.mark.parametrize("how", ["set", "delete"])
def test_maxlen_is_not_writable_in_deques_words(twin, how):
    def meddle(d):
        if how == "set":
            d.maxlen = 5
        else:
            del d.maxlen
    mine, theirs = twin([1], maxlen=3), collections.deque([1], maxlen=3)
    got, expected = outcome(meddle, mine), outcome(meddle, theirs)
    assert got[:2] == expected[:2] == ("raised", AttributeError)
    assert got[2] == expected[2].replace("'collections.deque'", f"'{twin.__name__}'")
    assert mine.maxlen == 3


def test_read_only_counters_refuse_in_the_same_words():
    cache = LRUCache(2)
    with pytest.raises(AttributeError,
                       match=r"^attribute 'hits' of 'LRUCache' objects is not writable$"):
        cache.hits = 10
    assert cache.hits == 0


@needs_c
def test_read_only_attributes_keep_their_own_docstrings():
    for owner, name in ((native.DoublyLinkedList, "layout"), (native.DoublyLinkedList, "seed"),
                        (native.BlockedDeque, "maxlen"), (native.BlockedDeque, "block_size"),
                        (BlockedDeque, "maxlen"), (LRUCache, "hits")):
        doc = getattr(owner, name).__doc__
        assert doc and "attrgetter" not in doc and "refuses assignment" not in doc, (owner, name)
