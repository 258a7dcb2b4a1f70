"""What the linked-list graders share: fresh chains, and a careful walk.

A linked-list problem's ``run`` builds chains of
:class:`~dsa.practice.nodes.ListNode` from a case, hands them to the
learner's function and gets a node back.  Before anything can be judged the
grader must walk what came back without trusting it: the chain may loop
back on itself (a plain walk would never end), hold something that is not a
node, hold nodes the function made itself, or hold the right nodes with
their values moved about.  These helpers do that walk, for any problem.

Building inputs
    :func:`linked` makes a fresh chain from a list of values;
    :func:`looped` makes one whose last node links back to an earlier one.

Checking what came back
    :class:`Given` remembers every node handed to the function, with its
    number (chain after chain) and the very object its ``val`` held.
    :meth:`Given.follow` walks the returned chain and gives a plain
    outcome, ``{"values": [...], "nodes": [...]}`` (the values in order,
    and the number of each node), or a sentence starting with
    :data:`NEVER_ENDS` for a chain that loops.  It raises
    :class:`~dsa.practice.guard.RuleBroken` when a statement rule is broken:

    * a node that is not one of the nodes given (a copy holding an equal
      value is a different node);
    * a node whose ``val`` is not the *very object* it held when it was
      given: identity, not equality, so neither a copy (``int(x)`` of a
      counted value) nor an object whose ``==`` always answers True can
      pass for it, and values moved from node to node are caught even when
      they compare equal (provided they are distinct objects).

    :func:`judge_chain` turns the usual differences between two such
    outcomes into a sentence; problems add their own sentences first.

Rules
    A problem asking for O(1) extra memory sets ``Rules.memory`` and forbids
    :data:`NO_DEEPER_RECURSION` (in ``forbidden`` and ``Rules.tripwires``),
    and says so in its statement.

Looped chains
    A ``run`` that builds a looped chain calls :meth:`Given.unloop` when it
    is done, so that no reference cycle is left for the garbage collector.

Why no ``id()``
    In the learner's worker every call of ``id()`` is an audited event and
    costs about half a microsecond, which would make the grader's own walk
    several times slower than the learner's solution.  So the helpers key
    dicts by the nodes themselves: ``ListNode`` keeps the identity hash and
    ``==`` of ``object`` (the worker's integrity check reports any change
    to the class), and a node whose type is not exactly ``ListNode`` is
    never looked up, so a subclass redefining ``__hash__`` or ``__eq__``
    cannot pose as a given node.  The dict also keeps the nodes alive, so
    no two of them can share an identity meanwhile.  Everything else is
    kept in flat lists by node number, small enough to stay in the cache
    beside the solution's own work.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Union

from dsa.practice.counting import Counted
from dsa.practice.guard import RuleBroken
from dsa.practice.nodes import ListNode
from dsa.practice.problem import same_plain

__all__ = ["NEVER_ENDS", "NEVER_ENDS_SAYS", "MOVED_SAYS", "NO_DEEPER_RECURSION", "Given",
           "linked", "looped", "judge_chain", "label", "Outcome"]

#: For ``forbidden`` and ``Rules.tripwires`` of a problem asking for O(1)
#: extra memory.  A recursion one call deep per node is not O(1): Python's
#: own limit of about 1,000 nested calls stops it on the lists the grader
#: measures (a RecursionError on an input the constraints allow is a wrong
#: answer), provided the learner's code may not raise that limit.
NO_DEEPER_RECURSION = ("sys.setrecursionlimit",)

#: A chain that loops is reported as a sentence starting with this.
NEVER_ENDS = "never ends"
#: What the judges say about such a chain.
NEVER_ENDS_SAYS = ("the returned chain never ends: its last node links back to an "
                   "earlier node instead of to None")
#: What the judges say when the values come out right on the wrong nodes.
MOVED_SAYS = ("the values come out in the right order, but not on the right nodes: "
              "the values were moved between nodes; re-link the nodes instead")

#: The outcome of :meth:`Given.follow`: the values and the numbers of the
#: nodes of the returned chain, or a sentence for a chain that never ends.
Outcome = Union[Dict[str, List[Any]], str]


def linked(values: Sequence[Any]) -> List[ListNode]:
    """Fresh nodes holding ``values``, each linked to the next."""
    nodes = [ListNode(value) for value in values]
    for node, successor in zip(nodes, nodes[1:]):
        node.next = successor
    return nodes


def looped(values: Sequence[Any], pos: int) -> List[ListNode]:
    """Fresh nodes holding ``values``, linked in order, the last one linked
    back to ``nodes[pos]`` (``pos < 0``: to None, no loop)."""
    nodes = linked(values)
    if nodes and pos >= 0:
        nodes[-1].next = nodes[pos]
    return nodes


def _shown(value: Any) -> str:
    """A value as a learner would write it (a counted value as its number)."""
    if type(value) is Counted:
        value = value.value
    try:
        text = repr(value)
    except Exception:
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:40] + "…"


def _ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


class Given:
    """The chains handed to a learner's function, remembered node by node.

    ``Given(nodes)`` for one chain, ``Given(a_nodes, b_nodes, names=("a",
    "b"))`` for several.  The nodes are numbered chain after chain (with
    three nodes in ``a``, ``b``'s head is number 3), and messages name them
    with :func:`label` (``"position 3"``, ``"b[0]"``).  Build it *before*
    calling the learner's function, since the function may re-link or
    change the nodes.
    """

    def __init__(self, *chains: Sequence[ListNode], names: Sequence[str] = ()) -> None:
        if len(chains) > 1 and len(names) != len(chains):
            raise ValueError("several chains need one name each")
        self.chains: List[List[ListNode]] = [list(chain) for chain in chains]
        self.names = tuple(names)
        nodes = [node for chain in self.chains for node in chain]
        #: node -> its number among all the nodes given, chain after chain
        self._number: Dict[ListNode, int] = {node: i for i, node in enumerate(nodes)}
        #: the object each node's val held, by number
        self._vals: List[Any] = [node.val for node in nodes]
        #: the number of the first node of each chain
        self._starts: List[int] = []
        total = 0
        for chain in self.chains:
            self._starts.append(total)
            total += len(chain)

    def heads(self) -> List[Optional[ListNode]]:
        """The first node of each chain, None for an empty one."""
        return [chain[0] if chain else None for chain in self.chains]

    def unloop(self) -> None:
        """Point the last node of every chain at None.  Call it once the
        outcome is known: a looped chain is a reference cycle, which only the
        garbage collector could free, and the worker runs it only now and
        then."""
        for chain in self.chains:
            if chain:
                chain[-1].next = None

    def label(self, number: int) -> str:
        """How messages name node ``number``: ``"position 3"``, or ``"a[3]"``
        when there are several chains."""
        return label(number, [len(chain) for chain in self.chains], self.names)

    def origin(self, node: Any) -> Optional[int]:
        """The number of ``node`` among the nodes given (its position, when
        there is one chain), or None for a node that was not given."""
        if type(node) is not ListNode:
            return None
        return self._number.get(node)

    def follow(self, head: Any, function: str, *,
               rule: str = "re-link the nodes you were given") -> Outcome:
        """Walk the chain the learner's ``function`` returned from ``head``.

        Returns ``{"values": [...], "nodes": [...]}``: the values in order
        and the number of each node (see :meth:`origin`); or, for a chain
        whose last node links
        back to an earlier one, a sentence starting with :data:`NEVER_ENDS`.
        Raises TypeError when something other than a ListNode (or None)
        turns up, and :class:`RuleBroken` for a node that was not given or
        whose ``val`` is not the object it held; ``rule`` ends that message
        (what the statement asks instead).
        """
        if head is not None and not isinstance(head, ListNode):
            raise TypeError(f"{function} must return a ListNode or None, not "
                            f"{type(head).__name__}")
        number_of = self._number.get
        vals = self._vals
        seen = bytearray(len(vals))
        order: List[int] = []
        node = head
        while node is not None:
            if type(node) is not ListNode:
                if not isinstance(node, ListNode):
                    raise TypeError(
                        f"the returned chain holds a {type(node).__name__} after {len(order)} "
                        "node(s); every next must be a ListNode or None")
                number = None
            else:
                number = number_of(node)
            if number is None:
                raise RuleBroken(
                    f"the chain {function} returned holds a node that was not in the input "
                    f"(the {_ordinal(len(order) + 1)} node, holding {_shown(node.val)}); "
                    f"{rule} (a dummy node of your own must not be part of the result)")
            if seen[number]:
                values = [vals[i] for i in order]
                return (f"{NEVER_ENDS}: {values}, then back to the node at position "
                        f"{order.index(number)}")
            if node.val is not vals[number]:
                raise RuleBroken(
                    f"your code changed the val of a node: the node at "
                    f"{self.label(number)} of the input held {_shown(vals[number])} "
                    f"and now holds {_shown(node.val)}; {rule}, leaving every val as it was")
            seen[number] = 1
            order.append(number)
            node = node.next
        return {"values": [vals[i] for i in order], "nodes": order}


def label(number: int, lengths: Sequence[int], names: Sequence[str] = ()) -> str:
    """How messages name node ``number`` of chains of ``lengths`` numbered
    one after the other: ``"position 3"`` for one chain, ``"a[3]"`` (the
    chain's name and the position in it) for several."""
    if len(lengths) <= 1:
        return f"position {number}"
    start = 0
    for name, length in zip(names, lengths):
        if number < start + length:
            return f"{name}[{number - start}]"
        start += length
    return f"node {number}"


def judge_chain(expected: Outcome, actual: Outcome) -> Optional[str]:
    """None when the two outcomes of :meth:`Given.follow` are the same;
    otherwise a sentence for the usual ways they differ (a loop, nodes
    lost, values moved between nodes, or simply the wrong values)."""
    if _same_outcome(expected, actual) or same_plain(expected, actual):
        return None
    if isinstance(actual, str):
        return NEVER_ENDS_SAYS
    if isinstance(expected, str):  # pragma: no cover - a reference never loops
        return "the expected chain loops"
    if len(actual["nodes"]) < len(expected["nodes"]):
        return (f"the result has {len(actual['nodes'])} node(s), not "
                f"{len(expected['nodes'])}: some were lost")
    if len(actual["nodes"]) > len(expected["nodes"]):
        return (f"the result has {len(actual['nodes'])} node(s), not "
                f"{len(expected['nodes'])}")
    if actual["values"] == expected["values"]:
        return MOVED_SAYS
    return "the values of the result are not the expected ones"


#: The types of item :func:`_same_flat` compares at once.
_SCALARS = frozenset((int, str))


def _same_outcome(expected: Outcome, actual: Outcome) -> bool:
    """True when two outcomes of :meth:`Given.follow` are the same lists of
    ints and strs (the usual case), found at C speed; False means "look
    closer", not "different".  :func:`~dsa.practice.problem.same_plain`
    walks 100,000 values in Python, longer than the solution takes."""
    return (type(expected) is dict and type(actual) is dict
            and expected.keys() == actual.keys() == {"values", "nodes"}
            and _same_flat(expected["nodes"], actual["nodes"])
            and _same_flat(expected["values"], actual["values"]))


def _same_flat(a: Any, b: Any) -> bool:
    """Two lists of ints and strs, equal item by item, types included."""
    if type(a) is not list or type(b) is not list or len(a) != len(b):
        return False
    types = list(map(type, a))
    return _SCALARS.issuperset(types) and types == list(map(type, b)) and a == b
