"""The linked lists' iterators against list's: how many are left, and
pickling what is left."""

from __future__ import annotations

import operator
import pickle

import pytest

from dsa.linkedlist import DoublyLinkedList, SinglyLinkedList

classes = pytest.mark.parametrize("cls", [SinglyLinkedList, DoublyLinkedList])
directions = pytest.mark.parametrize("start", [iter, reversed],
                                     ids=["forward", "backward"])


@classes
@directions
def test_length_hint_counts_down_as_lists_does(cls, start):
    for n in range(5):
        ours, theirs = start(cls(range(n))), start(list(range(n)))
        for _ in range(n + 1):
            assert operator.length_hint(ours) == operator.length_hint(theirs)
            assert next(ours, None) == next(theirs, None)


@classes
@directions
def test_iterators_pickle_what_is_left(cls, start):
    for taken in range(4):
        ours, theirs = start(cls("abc")), start(list("abc"))
        for _ in range(taken):
            next(ours, None), next(theirs, None)
        for proto in range(pickle.HIGHEST_PROTOCOL + 1):
            restored = pickle.loads(pickle.dumps(ours, proto))
            assert list(restored) == list(pickle.loads(pickle.dumps(theirs, proto)))
        assert list(ours) == list(theirs)


@classes
@directions
def test_a_changed_list_stops_its_iterator_for_good(cls, start):
    items = cls([1, 2, 3])
    iterator = start(items)
    next(iterator)
    items.append(4)
    assert operator.length_hint(iterator) == 0
    with pytest.raises(RuntimeError, match="mutated during iteration"):
        next(iterator)
    assert list(iterator) == [] and operator.length_hint(iterator) == 0
    assert list(pickle.loads(pickle.dumps(iterator))) == []
