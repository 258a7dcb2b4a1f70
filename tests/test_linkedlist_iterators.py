"""The linked lists' iterators against list's: by position, whatever
happens to the list meanwhile.

A list's iterator is an index into the list: it yields whatever sits at the
index when ``next()`` is called, so it may skip or repeat items after an
insertion or deletion before it, sees appends, and once exhausted lets go
of the list for good.  Every test here runs the same steps on list's own
iterators and compares what comes out: items, StopIteration,
``operator.length_hint``, ``__reduce__`` and ``__setstate__``.  The main one
is a Hypothesis test that interleaves random changes of every kind with
steps of several live iterators, forwards and backwards, on ``list``, both
Python twins and (when built) the C twin.
"""

from __future__ import annotations

import copy
import gc
import operator
import pickle
import weakref

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dsa.native
from dsa import _list_iterators
from dsa.linkedlist import DoublyLinkedList, SinglyLinkedList

NATIVE = dsa.native.DoublyLinkedList if dsa.native.available else None
KINDS = {"singly": SinglyLinkedList, "doubly": DoublyLinkedList}
if NATIVE is not None:
    KINDS["native"] = NATIVE
LINKED = tuple(KINDS.values())

kinds = pytest.mark.parametrize("cls", list(KINDS.values()), ids=list(KINDS))
directions = pytest.mark.parametrize("start", [iter, reversed],
                                     ids=["forward", "backward"])


def step(it):
    """What one ``next(it)`` gave."""
    try:
        return ("item", next(it))
    except StopIteration:
        return ("stop",)


def state(it):
    """``it.__reduce__()`` with the list in it read as its items."""
    reduced = it.__reduce__()
    items = list(reduced[1][0]) if isinstance(reduced[1][0], LINKED) else reduced[1][0]
    return (reduced[0], items) + tuple(reduced[2:])


# -- a few cases spelled out ------------------------------------------------------

@kinds
@directions
def test_length_hint_counts_down_as_lists_does(cls, start):
    for n in range(5):
        ours, theirs = start(cls(range(n))), start(list(range(n)))
        for _ in range(n + 1):
            assert operator.length_hint(ours) == operator.length_hint(theirs)
            assert next(ours, None) == next(theirs, None)


@kinds
@directions
def test_iterators_pickle_what_is_left(cls, start):
    for taken in range(4):
        ours, theirs = start(cls([7, 8, 9])), start([7, 8, 9])
        for _ in range(taken):
            next(ours, None), next(theirs, None)
        assert state(ours) == state(theirs)
        for proto in range(pickle.HIGHEST_PROTOCOL + 1):
            restored = pickle.loads(pickle.dumps(ours, proto))
            assert list(restored) == list(pickle.loads(pickle.dumps(theirs, proto)))
        assert list(ours) == list(theirs)


@kinds
def test_an_append_is_seen_as_by_lists_iterator(cls):
    ours, theirs = cls([1, 2, 3]), [1, 2, 3]
    walks = [iter(ours), iter(theirs)]
    for walk in walks:
        next(walk)
    ours.append(9), theirs.append(9)
    assert list(walks[0]) == list(walks[1]) == [2, 3, 9]


@kinds
@directions
def test_exhausted_stays_exhausted_even_if_the_list_grows(cls, start):
    ours, theirs = cls([1, 2]), [1, 2]
    walks = [start(ours), start(theirs)]
    for walk in walks:
        assert list(walk) in ([1, 2], [2, 1])
    ours.extend([3, 4]), theirs.extend([3, 4])
    for walk in walks:
        assert operator.length_hint(walk) == 0 and step(walk) == ("stop",)
        assert walk.__reduce__() == (iter, ([],))


@kinds
def test_a_reversed_iterator_past_a_shrunk_list_stops_for_good(cls):
    ours, theirs = cls([1, 2, 3, 4]), [1, 2, 3, 4]
    walks = [reversed(ours), reversed(theirs)]
    for seq in (ours, theirs):
        del seq[1:]
    assert [operator.length_hint(w) for w in walks] == [0, 0]
    for seq in (ours, theirs):
        seq.extend([5, 6, 7])               # back at its index before a step
    assert [step(w) for w in walks] == [("item", 7), ("item", 7)]
    for seq in (ours, theirs):
        del seq[:]
    assert [step(w) for w in walks] == [("stop",), ("stop",)]
    for seq in (ours, theirs):
        seq.extend([1, 2, 3])
    assert [step(w) for w in walks] == [("stop",), ("stop",)]


@kinds
@directions
def test_setstate_clamps_as_lists_does(cls, start):
    for index in [-2**63, -5, -1, 0, 1, 2, 3, 4, 100, 2**63 - 1, True]:
        ours, theirs = start(cls([1, 2, 3])), start([1, 2, 3])
        for walk in (ours, theirs):
            assert walk.__setstate__(index) is None
        assert state(ours) == state(theirs)
        assert operator.length_hint(ours) == operator.length_hint(theirs)
        assert list(ours) == list(theirs)
        for walk in (ours, theirs):          # exhausted: ignored
            walk.__setstate__(0)
        assert list(ours) == list(theirs) == []


@kinds
@directions
def test_setstate_refuses_what_lists_refuses(cls, start):
    class Index:
        def __index__(self):
            return 1
    for bad in [1.0, "1", None, Index(), 2**63, -2**63 - 1]:
        walks = [start(cls([1, 2])), start([1, 2])]
        errors = []
        for walk in walks:
            with pytest.raises((TypeError, OverflowError)) as caught:
                walk.__setstate__(bad)
            errors.append((type(caught.value), str(caught.value)))
        assert errors[0] == errors[1]
        assert list(walks[0]) == list(walks[1])


@kinds
@directions
def test_copy_shares_the_list_as_lists_does(cls, start):
    ours, theirs = cls([1, 2, 3]), [1, 2, 3]
    walks = [start(ours), start(theirs)]
    for walk in walks:
        next(walk)
    copies = [copy.copy(walk) for walk in walks]
    ours.insert(0, 0), theirs.insert(0, 0)
    assert list(copies[0]) == list(copies[1])
    assert list(walks[0]) == list(walks[1])


@kinds
@directions
def test_exhausted_iterators_let_go_of_the_list(cls, start):
    class Watched(cls):                      # list itself has no weak references
        pass
    seq = Watched([1])
    gone = weakref.ref(seq)
    walk = start(seq)
    del seq
    assert list(walk) == [1]
    gc.collect()
    assert gone() is None


def test_nodes_still_refuse_a_change_of_structure():
    for cls in LINKED:
        seq = cls([1, 2, 3])
        walk = seq.nodes()
        next(walk)
        seq.append(4)
        with pytest.raises(RuntimeError, match="mutated during iteration"):
            next(walk)


# -- O(1) a step while nothing changes ----------------------------------------------

FINDERS = [(_list_iterators._ForwardIterator, "_find"),
           (_list_iterators._BackwardIterator, "_find"),
           (_list_iterators._SnapshotIterator, "_take_nodes")]
if NATIVE is not None:
    from dsa.native._linked_core import _Cursor
    FINDERS.append((_Cursor, "_find"))


@kinds
@directions
def test_the_node_is_looked_up_again_only_after_a_change(cls, start, monkeypatch):
    looked_up = []
    for owner, name in FINDERS:
        original = getattr(owner, name)

        def counting(self, *args, _original=original):
            looked_up.append(True)
            return _original(self, *args)
        monkeypatch.setattr(owner, name, counting)
    seq = cls(range(200))
    walk = start(seq)
    looked_up.clear()                        # the snapshot's first walk
    for _ in range(100):
        next(walk)
    assert looked_up == []
    seq[5] = -1                              # a value: not a change of structure
    next(walk)
    assert looked_up == []
    seq.append(7)
    next(walk), next(walk)
    assert looked_up == [True]


# -- the differential test ---------------------------------------------------------

VALUE = st.integers(0, 20)
INDEX = st.integers(-12, 12)
CHANGES = st.one_of(
    st.tuples(st.just("append"), VALUE),
    st.tuples(st.just("insert"), INDEX, VALUE),
    st.tuples(st.just("del"), INDEX),
    st.tuples(st.just("del slice"), INDEX, INDEX, st.sampled_from([1, 2, -1, -2])),
    st.tuples(st.just("set slice"), INDEX, INDEX, st.lists(VALUE, max_size=4)),
    st.tuples(st.just("set extended"), INDEX, INDEX, st.sampled_from([2, -1, -2]), VALUE),
    st.tuples(st.just("set"), INDEX, VALUE),
    st.tuples(st.just("extend"), st.lists(VALUE, max_size=4)),
    st.tuples(st.just("extend self")),
    st.tuples(st.just("pop"), INDEX),
    st.tuples(st.just("remove"), VALUE),
    st.tuples(st.just("clear")),
    st.tuples(st.just("reverse")),
    st.tuples(st.just("sort"), st.booleans()),
    st.tuples(st.just("imul"), st.integers(0, 2)),
    st.tuples(st.just("init"), st.lists(VALUE, max_size=5)),
    st.tuples(st.sampled_from(["insert_after", "insert_before", "node value"]),
              INDEX, VALUE),
    st.tuples(st.sampled_from(["remove_node", "move_to_front", "move_to_back"]),
              INDEX),
    st.tuples(st.sampled_from(["appendleft", "append_node", "appendleft_node"]),
              VALUE),
)
NEW_WALK = st.tuples(st.sampled_from(["iter", "reversed"]))
NEXT = st.tuples(st.just("next"), st.integers(0, 7))
REST = st.one_of(st.tuples(st.sampled_from(["copy", "pickle"]), st.integers(0, 7)),
                 st.tuples(st.just("setstate"), st.integers(0, 7), INDEX))
# Of ten steps: three change the lists, two make iterators, four take a
# step of one, one copies, pickles or sets the state of one.
STEPS = st.integers(0, 9).flatmap(
    lambda k: CHANGES if k < 3 else NEW_WALK if k < 5 else NEXT if k < 9 else REST)


def as_on_a_list(seq, change):
    """``change`` made to a linked list; the node-handle and deque-style
    operations, which list lacks, by their positions on a plain list."""
    name, *args = change
    n = len(seq)
    plain = isinstance(seq, list)
    if name in ("del", "set", "pop") + NODE_CHANGES:
        if n:                                 # an index in range, if any
            args[0] %= n
        else:
            return
    if name == "remove" and args[0] not in seq:
        return
    if plain:
        LIST_CHANGES.get(name, TO_EVERY.get(name))(seq, *args)
    elif name in NODE_CHANGES:
        node = seq.node_at(args[0])
        if name == "node value":
            node.value = args[1]
        else:
            getattr(seq, name)(node, *args[1:])
    elif name in ("appendleft", "append_node", "appendleft_node"):
        getattr(seq, name)(*args)
    else:
        TO_EVERY[name](seq, *args)


def _set_extended(seq, start, stop, step, value):
    where = slice(start, stop, step)
    seq[where] = [value] * len(range(*where.indices(len(seq))))


def _del(seq, where):
    del seq[where]


def _set(seq, where, value):
    seq[where] = value


def _extend_self(seq):
    seq += seq


def _imul(seq, n):
    seq *= n


TO_EVERY = {
    "append": lambda s, v: s.append(v),
    "insert": lambda s, i, v: s.insert(i, v),
    "del": _del,
    "del slice": lambda s, i, j, k: _del(s, slice(i, j, k)),
    "set slice": lambda s, i, j, values: _set(s, slice(i, j), values),
    "set extended": _set_extended,
    "set": _set,
    "extend": lambda s, values: s.extend(values),
    "extend self": _extend_self,
    "pop": lambda s, i: s.pop(i),
    "remove": lambda s, v: s.remove(v),
    "clear": lambda s: s.clear(),
    "reverse": lambda s: s.reverse(),
    "sort": lambda s, descending: s.sort(reverse=descending),
    "imul": _imul,
    "init": lambda s, values: s.__init__(values),
}
NODE_CHANGES = ("insert_after", "insert_before", "node value", "remove_node",
                "move_to_front", "move_to_back")
# What the node-handle and deque-style changes are on a plain list.
LIST_CHANGES = {
    "insert_after": lambda s, i, v: s.insert(i + 1, v),
    "insert_before": lambda s, i, v: s.insert(i, v),
    "node value": _set,
    "remove_node": _del,
    "move_to_front": lambda s, i: s.insert(0, s.pop(i)),
    "move_to_back": lambda s, i: s.append(s.pop(i)),
    "appendleft": lambda s, v: s.insert(0, v),
    "appendleft_node": lambda s, v: s.insert(0, v),
    "append_node": lambda s, v: s.append(v),
}


def walk_step(seqs, walks, action):
    """One action on the iterators: a new one over each list, or a step
    (next, copy, pickle, setstate) of one already made; what each gave."""
    name, *args = action
    if name in ("iter", "reversed"):
        start = iter if name == "iter" else reversed
        for seq, its in zip(seqs, walks):
            its.append(start(seq))
            del its[:-6]                      # a few live ones at a time
        return [None] * len(seqs)
    if not walks[0]:
        return [None] * len(seqs)
    k = args[0] % len(walks[0])
    results = []
    for its in walks:
        it = its[k]
        if name == "next":
            results.append(step(it))
        elif name == "copy":
            its.append(copy.copy(it))
            results.append(None)
        elif name == "pickle":
            restored = pickle.loads(pickle.dumps(it))
            results.append((state(it), operator.length_hint(restored), list(restored)))
        else:
            results.append(it.__setstate__(args[1]))
    return results


@settings(deadline=None, max_examples=200)
@given(start=st.lists(VALUE, max_size=8),
       steps=st.lists(STEPS, min_size=20, max_size=80))
def test_iterators_match_lists_under_every_change(start, steps):
    seqs = [list(start)] + [cls(start) for cls in LINKED]
    walks = [[] for _ in seqs]
    for action in steps:
        if action[0] in ("iter", "reversed", "next", "copy", "pickle", "setstate"):
            results = walk_step(seqs, walks, action)
            assert all(r == results[0] for r in results), (action, results)
        else:
            for seq in seqs:
                as_on_a_list(seq, action)
        items = list(seqs[0])
        for seq in seqs[1:]:
            assert list(seq) == items, (type(seq), action)
        for i in range(len(walks[0])):
            hints = [operator.length_hint(its[i]) for its in walks]
            assert all(h == hints[0] for h in hints), (action, i, hints)
    for i in range(len(walks[0])):           # what every iterator has left
        rests = [list(its[i]) for its in walks]
        assert all(r == rests[0] for r in rests), (i, rests)


# -- the C twin: every layout, and tracing left alone ----------------------------

NATIVE_CHANGES = {
    "append": (lambda a: a.append(1), lambda r: r.append(1)),
    "appendleft": (lambda a: a.appendleft(1), lambda r: r.insert(0, 1)),
    "pop": (lambda a: a.pop(), lambda r: r.pop()),
    "popleft": (lambda a: a.popleft(), lambda r: r.pop(0)),
    "insert": (lambda a: a.insert(2, 9), lambda r: r.insert(2, 9)),
    "remove": (lambda a: a.remove(3), lambda r: r.remove(3)),
    "reverse": (lambda a: a.reverse(), lambda r: r.reverse()),
    "sort": (lambda a: a.sort(reverse=True), lambda r: r.sort(reverse=True)),
    "clear": (lambda a: a.clear(), lambda r: r.clear()),
    "move_to_back": (lambda a: a.move_to_back(a.head_node),
                     lambda r: r.append(r.pop(0))),
    "remove_node": (lambda a: a.remove_node(a.node_at(1)), lambda r: r.pop(1)),
    "insert_after": (lambda a: a.insert_after(a.head_node, 5),
                     lambda r: r.insert(1, 5)),
    "init": (lambda a: a.__init__([1, 2]), lambda r: r.__init__([1, 2])),
}


@pytest.mark.skipif(NATIVE is None, reason="C twins not built")
@pytest.mark.parametrize("layout", ["malloc", "pool", "shuffled"])
@pytest.mark.parametrize("change", sorted(NATIVE_CHANGES))
@directions
def test_the_c_twin_in_every_layout(layout, change, start):
    ours, theirs = NATIVE(range(6), layout=layout), list(range(6))
    walks = [start(ours), start(theirs)]
    for walk in walks:
        next(walk)
    fresh = [start(ours), start(theirs)]       # made, not started
    for seq, make in zip((ours, theirs), NATIVE_CHANGES[change]):
        make(seq)
    for pair in (walks, fresh):
        assert operator.length_hint(pair[0]) == operator.length_hint(pair[1])
        assert list(pair[0]) == list(pair[1])


@pytest.mark.skipif(NATIVE is None, reason="C twins not built")
def test_finding_the_position_again_is_not_traced():
    seq = NATIVE(range(50), traced=True)
    walk = iter(seq)
    for _ in range(40):
        next(walk)
    seq.appendleft(-1)
    lines = seq.last_lines
    assert next(walk) == 39 and seq.last_lines == lines   # as list(...)[40]
