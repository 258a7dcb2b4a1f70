"""One state machine for the linked-list family.

Every operation runs on a plain ``list`` (the reference), on the Python twins
``SinglyLinkedList`` and ``DoublyLinkedList`` and, when the C twins are built,
on the C ``DoublyLinkedList`` in each of its node layouts (malloc, pool,
shuffled), with the same arguments, and every result is compared with the
list's: values, new lists (as their items, of the twin's own class),
exception types and, for the Python twins, messages.

Node handles are followed by identity.  The model beside the reference
names each node with a uid, so a handle held across steps can be checked to
be the same node in every twin, wherever it has moved to, and a handle whose
node was removed must be refused everywhere.  After every step each twin
runs ``check_invariants()`` and is walked both ways.

Items are integers the C twin can hold (int64), mostly small so that count,
index and remove find things.  What only one twin can do (other item types
for the Python twins; forged handles, layouts and kernels for the C twin)
is tested in test_linkedlist.py and test_native_linkedlist.py; the C twin's
rejected values are tried here, at every step.
"""

from __future__ import annotations

import itertools
import operator

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant,
                                 precondition, rule)

from helpers import outcome as shared_outcome
from test_linkedlist import (BOUNDS, INDICES, SORT_KEYS, SOURCES, STEPS,
                             VALUES as SMALL_VALUES, source)

import dsa.native
from dsa.linkedlist import DoublyLinkedList, SinglyLinkedList

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
VALUES = st.one_of(SMALL_VALUES, st.integers(INT64_MIN, INT64_MAX))
NATIVE = dsa.native.DoublyLinkedList if dsa.native.available else None
LAYOUTS = ["malloc", "pool", "shuffled"] if NATIVE else []
PYTHON = ["singly", "doubly"]
NOT_IN_LIST = "not in any list"
NODE_OPERATIONS = ["insert_after", "insert_before", "remove_node",
                   "move_to_front", "move_to_back", "set_value"]
COMPARISONS = [operator.eq, operator.ne, operator.lt, operator.le,
               operator.gt, operator.ge]


def type_only(error):
    return None


def outcome(action, seq, words=str):
    """What ``action(seq)`` did (see helpers.outcome); a linked list in the
    result must be of ``seq``'s own class and is compared as its items."""
    def shape(result):
        if isinstance(result, (SinglyLinkedList, DoublyLinkedList)) or (
                NATIVE is not None and isinstance(result, NATIVE)):
            assert type(result) is type(seq), "new lists are of the list's own class"
            return list(result)
        return result
    return shared_outcome(action, seq, shape=shape, words=words)


class LinkedListFamily(RuleBasedStateMachine):
    """A list, both Python linked lists and the C twin's layouts, in step."""

    def __init__(self) -> None:
        super().__init__()
        self.ref: list[int] = []
        self.uids: list[int] = []               # the node at each position
        self.new_uid = itertools.count()
        self.twins: dict = {"singly": SinglyLinkedList(), "doubly": DoublyLinkedList()}
        for layout in LAYOUTS:
            self.twins[layout] = NATIVE(layout=layout)
        self.held: list[tuple[int, dict]] = []  # (uid, {twin name: handle})

    @initialize(values=st.lists(VALUES, max_size=12), seed=st.integers(0, 2**64 - 1))
    def start(self, values, seed):
        self.twins = {"singly": SinglyLinkedList(values),
                      "doubly": DoublyLinkedList(values)}
        for layout in LAYOUTS:
            self.twins[layout] = NATIVE(values, layout=layout, seed=seed)
        self.ref = list(values)
        self.uids = self.fresh(len(values))

    # -- helpers -----------------------------------------------------------------

    def fresh(self, n):
        return [next(self.new_uid) for _ in range(n)]

    def all(self, action):
        """Run ``action`` on the reference and on every twin; each outcome
        must be the reference's (the C twin's: results and exception types)."""
        expected = outcome(action, self.ref)
        typed = expected[:2] + (None,) if expected[0] == "raised" else expected
        for name, twin in self.twins.items():
            words = str if name in PYTHON else type_only
            got = outcome(action, twin, words)
            assert got == (expected if name in PYTHON else typed), (name, got, expected)
        return expected

    def small(self):
        return len(self.ref) < 30

    def position(self, uid):
        try:
            return self.uids.index(uid)
        except ValueError:
            return None

    def hold(self, uid, handles):
        self.held.append((uid, handles))
        del self.held[:-12]

    def grown(self, before):
        """Nodes were added at the end (the list grew from ``before``)."""
        self.uids += self.fresh(len(self.ref) - before)

    # -- growing ---------------------------------------------------------------

    @precondition(small)
    @rule(value=VALUES)
    def append(self, value):
        self.all(lambda s: s.append(value))
        self.uids += self.fresh(1)

    @precondition(small)
    @rule(value=VALUES)
    def appendleft(self, value):
        for twin in self.twins.values():
            assert twin.appendleft(value) is None
        self.ref.insert(0, value)
        self.uids[:0] = self.fresh(1)

    @precondition(small)
    @rule(values=st.lists(VALUES, max_size=5), kind=SOURCES)
    def extend(self, values, kind):
        before = len(self.ref)
        self.all(lambda s: s.extend(source(kind, values, s)))
        self.grown(before)

    @precondition(small)
    @rule(values=st.lists(VALUES, max_size=5), kind=SOURCES)
    def iadd(self, values, kind):
        before = len(self.ref)
        for seq in (self.ref, *self.twins.values()):
            original = seq
            seq += source(kind, values, seq)
            assert seq is original
        self.grown(before)

    @precondition(small)
    @rule(index=INDICES, value=VALUES)
    def insert(self, index, value):
        if self.all(lambda s: s.insert(index, value))[0] == "ok":
            self.uids.insert(index, *self.fresh(1))

    @rule(n=st.integers(min_value=-1, max_value=3))
    def imul(self, n):
        if len(self.ref) * n > 40:
            n = 1
        before = len(self.ref)
        for seq in (self.ref, *self.twins.values()):
            original = seq
            seq *= n
            assert seq is original
        if n <= 0:
            self.uids.clear()
        else:                           # the nodes stay; copies follow them
            self.uids += self.fresh(len(self.ref) - before)

    @rule(n=st.integers(min_value=-1, max_value=3), right=st.booleans())
    def mul(self, n, right):
        self.all(lambda s: n * s if right else s * n)

    @rule()
    def add_copy(self):
        self.all(lambda s: s + s.copy())

    # -- reading ---------------------------------------------------------------

    @rule(index=INDICES)
    def getitem(self, index):
        self.all(lambda s: s[index])

    @rule(start=BOUNDS, stop=BOUNDS, step=STEPS)
    def getslice(self, start, stop, step):
        self.all(lambda s: s[start:stop:step])

    @rule(value=VALUES)
    def contains_and_count(self, value):
        self.all(lambda s: (value in s, s.count(value)))

    @rule(value=VALUES,
          bounds=st.lists(INDICES, max_size=2))
    def index(self, value, bounds):
        self.all(lambda s: s.index(value, *bounds))

    @rule()
    def copy(self):
        self.all(lambda s: s.copy())

    @rule()
    def iterate(self):
        self.all(lambda s: (list(s), list(reversed(s)), len(s), bool(s)))

    # -- writing and deleting --------------------------------------------------

    @rule(index=INDICES, value=VALUES)
    def setitem(self, index, value):
        self.all(lambda s: s.__setitem__(index, value))     # the node stays

    @rule(index=INDICES)
    def delitem(self, index):
        if self.all(lambda s: s.__delitem__(index))[0] == "ok":
            del self.uids[index]

    @rule(start=BOUNDS, stop=BOUNDS, step=STEPS, data=st.data(), kind=SOURCES)
    def setslice(self, start, stop, step, data, kind):
        where = slice(start, stop, step)
        try:
            positions = range(*where.indices(len(self.ref)))
        except ValueError:              # step 0: every class must refuse it
            positions = range(0)
        if step not in (None, 1) and data.draw(st.booleans(), label="fit"):
            size = len(positions)
            values = data.draw(st.lists(VALUES, min_size=size, max_size=size),
                               label="values")
        else:
            values = data.draw(st.lists(VALUES, max_size=4), label="values")
        new = list(self.ref if kind == "self" else values)

        def assign(s):
            s[where] = source(kind, values, s)
        if self.all(assign)[0] != "ok" or step not in (None, 1):
            return                      # refused, or values written in place
        # A plain slice: the nodes it covers take the new values in turn,
        # nodes are added after them or the surplus removed.
        first = positions.start
        old = self.uids[first:max(first, positions.stop)]
        self.uids[first:first + len(old)] = (
            old[:len(new)] + self.fresh(len(new) - len(old)))

    @rule(start=BOUNDS, stop=BOUNDS, step=STEPS)
    def delslice(self, start, stop, step):
        def delete(s):
            del s[start:stop:step]
        if self.all(delete)[0] == "ok":
            del self.uids[start:stop:step]

    @rule(index=st.one_of(st.none(), INDICES))
    def pop(self, index):
        args = () if index is None else (index,)
        if self.all(lambda s: s.pop(*args))[0] == "ok":
            self.uids.pop(*args)

    @rule()
    def popleft(self):
        expected = outcome(lambda s: s.pop(0), self.ref)
        for name, twin in self.twins.items():
            got = outcome(lambda s: s.popleft(), twin)
            assert got == (expected if expected[0] == "ok"
                           else ("raised", IndexError, "pop from empty list")), name
        if expected[0] == "ok":
            self.uids.pop(0)

    @rule(value=VALUES)
    def remove(self, value):
        at = self.ref.index(value) if value in self.ref else None
        self.all(lambda s: s.remove(value))
        if at is not None:
            del self.uids[at]

    @rule()
    def clear(self):
        self.all(lambda s: s.clear())
        self.uids.clear()

    @rule(bad=st.sampled_from([2**63, -(2**63) - 1, 2**64, "1", 1.0, None]),
          index=st.integers(-3, 3))
    def rejected_by_the_c_twin(self, bad, index):
        """What int64 cannot hold is refused by every store and changes nothing."""
        kind = OverflowError if isinstance(bad, int) else TypeError
        stores = [lambda t: t.append(bad), lambda t: t.appendleft(bad),
                  lambda t: t.insert(index, bad), lambda t: t.extend([7, bad]),
                  lambda t: t.append_node(bad)]
        if self.ref:
            stores += [lambda t: t.__setitem__(0, bad),
                       lambda t: t.insert_after(t.head_node, bad),
                       lambda t: setattr(t.tail_node, "value", bad)]
        for layout in LAYOUTS:
            for store in stores:
                assert outcome(store, self.twins[layout], type_only) == \
                    ("raised", kind, None)

    # -- reordering ------------------------------------------------------------

    @rule()
    def reverse(self):
        self.all(lambda s: s.reverse())
        self.uids.reverse()

    @rule(key=SORT_KEYS, reverse=st.booleans())
    def sort(self, key, reverse):
        pairs = list(zip(self.ref, self.uids))
        if self.all(lambda s: s.sort(key=key, reverse=reverse))[0] != "ok":
            return
        # Stable both ways, and the nodes move with their values: the uids
        # end up in exactly the order list.sort gives the pairs.
        pairs.sort(key=lambda pair: pair[0] if key is None else key(pair[0]),
                   reverse=reverse)
        self.uids = [uid for _, uid in pairs]

    # -- comparisons -----------------------------------------------------------

    @rule(other=st.lists(VALUES, max_size=8), use_copy=st.booleans())
    def compare(self, other, use_copy):
        if use_copy:
            other = list(self.ref)
        for op in COMPARISONS:
            expected = op(self.ref, other)
            for name, twin in self.twins.items():
                assert op(twin, type(twin)(other)) == expected, (name, op)
                assert (twin == other) is False       # never equal to a plain list

    # -- node handles ----------------------------------------------------------

    @precondition(lambda self: self.ref)
    @rule(data=st.data())
    def grab(self, data):
        i = data.draw(st.integers(-len(self.ref), len(self.ref) - 1), label="position")
        self.hold(self.uids[i], {name: t.node_at(i) for name, t in self.twins.items()})

    @precondition(small)
    @rule(value=VALUES, front=st.booleans())
    def append_node(self, value, front):
        uid = next(self.new_uid)
        method = "appendleft_node" if front else "append_node"
        handles = {name: getattr(t, method)(value) for name, t in self.twins.items()}
        assert all(h.value == value for h in handles.values())
        if front:
            self.ref.insert(0, value)
            self.uids.insert(0, uid)
        else:
            self.ref.append(value)
            self.uids.append(uid)
        self.hold(uid, handles)

    @rule(value=VALUES)
    def find_node(self, value):
        if self.all(lambda s: s.index(value))[0] != "ok":
            for name, twin in self.twins.items():
                with pytest.raises(ValueError, match="is not in list"):
                    twin.find_node(value)
            return
        self.hold(self.uids[self.ref.index(value)],
                  {name: t.find_node(value) for name, t in self.twins.items()})

    @precondition(lambda self: self.held)
    @rule(data=st.data(), value=VALUES, op=st.sampled_from(NODE_OPERATIONS))
    def use_held(self, data, value, op):
        """A node handle held across other steps: the operation runs on the
        same node in every twin, or is refused everywhere if it was removed."""
        uid, handles = data.draw(st.sampled_from(self.held), label="handle")
        i = self.position(uid)
        if i is None:
            self.refused(handles, op, value)
            return
        new_uid = next(self.new_uid)
        made = {}
        for name, twin in self.twins.items():
            node = handles[name]
            assert node.owner is twin and node.value == self.ref[i]
            if op == "insert_after":
                made[name] = twin.insert_after(node, value)
                assert made[name].value == value and node.next == made[name]
            elif op == "insert_before":
                made[name] = twin.insert_before(node, value)
                assert made[name].value == value and made[name].next == node
            elif op == "remove_node":
                assert twin.remove_node(node) == self.ref[i]
                assert node.owner is None
                if name in PYTHON:
                    assert node.next is None
                else:
                    with pytest.raises(ValueError, match=NOT_IN_LIST):
                        node.next
            elif op == "move_to_front":
                assert twin.move_to_front(node) is None and twin.head_node == node
            elif op == "move_to_back":
                assert twin.move_to_back(node) is None and twin.tail_node == node
            else:
                node.value = value
                assert node.value == value
        if op == "insert_after":
            self.ref.insert(i + 1, value)
            self.uids.insert(i + 1, new_uid)
        elif op == "insert_before":
            self.ref.insert(i, value)
            self.uids.insert(i, new_uid)
        elif op == "remove_node":
            del self.ref[i], self.uids[i]
        elif op == "move_to_front":
            self.ref.insert(0, self.ref.pop(i))
            self.uids.insert(0, self.uids.pop(i))
        elif op == "move_to_back":
            self.ref.append(self.ref.pop(i))
            self.uids.append(self.uids.pop(i))
        else:
            self.ref[i] = value
        if made:
            self.hold(new_uid, made)

    def refused(self, handles, op, value):
        """A removed node's handle: every operation on it raises ValueError
        and leaves its old list alone."""
        for name, twin in self.twins.items():
            node = handles[name]
            assert node.owner is None
            if op == "set_value":
                if name in PYTHON:
                    continue            # a detached node's value is its own
                with pytest.raises(ValueError, match=NOT_IN_LIST):
                    node.value = value
                continue
            before = list(twin)
            with pytest.raises(ValueError):
                if op.startswith("insert"):
                    getattr(twin, op)(node, value)
                else:
                    getattr(twin, op)(node)
            assert list(twin) == before

    @precondition(lambda self: self.held)
    @rule(data=st.data())
    def neighbours(self, data):
        uid, handles = data.draw(st.sampled_from(self.held), label="handle")
        i = self.position(uid)
        if i is None:                   # removed: no neighbours to give
            for name, node in handles.items():
                assert node.owner is None, name
                if name in PYTHON:
                    assert node.next is None, name
                else:
                    with pytest.raises(ValueError, match=NOT_IN_LIST):
                        node.next
            return
        last = len(self.ref) - 1
        for name, node in handles.items():
            after = node.next
            assert (after is None) == (i == last), name
            if after is not None:
                assert after.value == self.ref[i + 1]
            if name == "singly":
                continue
            before = node.prev
            assert (before is None) == (i == 0), name
            if before is not None:
                assert before.value == self.ref[i - 1] and before.next == node
            if after is not None:
                assert after.prev == node

    @precondition(lambda self: self.held and len(self.twins) > 1)
    @rule(data=st.data(), op=st.sampled_from(["remove_node", "move_to_front",
                                              "insert_after", "insert_before"]))
    def foreign_handles_refused(self, data, op):
        """A handle from another twin is refused (ValueError between twins of
        one implementation, TypeError between Python and C) and changes
        nothing."""
        _, handles = data.draw(st.sampled_from(self.held), label="handle")
        mine, theirs = data.draw(st.permutations(sorted(self.twins)), label="pair")[:2]
        handle, twin = handles[mine], self.twins[theirs]
        before = list(twin)
        same_kind = (mine in PYTHON) == (theirs in PYTHON)
        with pytest.raises(ValueError if same_kind else TypeError) as refusal:
            if op.startswith("insert"):
                getattr(twin, op)(handle, 1)
            else:
                getattr(twin, op)(handle)
        if same_kind and theirs not in PYTHON:
            message = "another list" if handle.owner is not None else NOT_IN_LIST
            assert message in str(refusal.value)
        assert list(twin) == before

    # -- iteration -------------------------------------------------------------

    @precondition(small)
    @rule(value=VALUES)
    def append_while_iterating(self, value):
        """Iterators see the append as list's do; a walk of the nodes stops."""
        theirs = [iter(self.ref), reversed(self.ref)]
        walks = {name: [iter(twin), reversed(twin)] for name, twin in self.twins.items()}
        node_walks = {name: twin.nodes() for name, twin in self.twins.items()}
        if self.ref:                            # live: started, not exhausted
            for walk in itertools.chain(theirs, *walks.values(), node_walks.values()):
                next(walk)
        for twin in self.twins.values():
            twin.append(value)
        self.ref.append(value)
        expected = [(operator.length_hint(walk), list(walk)) for walk in theirs]
        for name, ours in walks.items():
            got = [(operator.length_hint(walk), list(walk)) for walk in ours]
            assert got == expected, name
        for walk in node_walks.values():
            with pytest.raises(RuntimeError):
                next(walk)
        self.uids += self.fresh(1)

    # -- after every step ------------------------------------------------------

    @invariant()
    def the_same_list_everywhere(self):
        assert len(self.uids) == len(self.ref)
        for name, twin in self.twins.items():
            twin.check_invariants()
            assert len(twin) == len(self.ref), name
            assert list(twin) == self.ref, name
            assert list(reversed(twin)) == self.ref[::-1], name
        for name in PYTHON:
            forwards, node = [], self.twins[name].head_node
            while node is not None:
                forwards.append(node.value)
                node = node.next
            assert forwards == self.ref, name
        backwards, node = [], self.twins["doubly"].tail_node
        while node is not None:
            backwards.append(node.value)
            node = node.prev
        assert backwards == self.ref[::-1]
        for uid, handles in self.held:
            i = self.position(uid)
            for name, node in handles.items():
                if i is None:
                    assert node.owner is None, name
                else:
                    # The same node, wherever it has moved to.
                    assert node.owner is self.twins[name], name
                    assert self.twins[name].node_at(i) == node, name
                    assert node.value == self.ref[i], name


# Half as many examples again as the profile's: the C twin had a machine of
# its own before, deeper than the profile (`--hypothesis-profile=deep`
# deepens this too).
LinkedListFamily.TestCase.settings = settings(
    max_examples=3 * settings.default.max_examples // 2,
    stateful_step_count=settings.default.stateful_step_count,
    deadline=None, database=None)
TestLinkedListFamily = LinkedListFamily.TestCase


def test_the_c_twin_is_driven_when_built():
    machine = LinkedListFamily()
    machine.start([1, 2], seed=7)
    assert sorted(machine.twins) == sorted(
        PYTHON + (["malloc", "pool", "shuffled"] if dsa.native.available else []))
