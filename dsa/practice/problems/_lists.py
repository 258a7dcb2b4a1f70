"""What the in-place linked-list problems share: relinked chains, checked.

Problems that say "relink the nodes" (reorder a list, reverse it in groups)
get back a chain that must be made of the nodes they handed out, each with
the value it started with.  :func:`relinked` walks it carefully (with
:func:`nodes_of`, so a loop or a stray object becomes a sentence or a
TypeError, never a hang) and raises :class:`RuleBroken` when the chain holds
a node the solution made or a value moved from one node to another: those
break the statement's rule, they are not a wrong order.  Problems that
build a new list instead (a sum, a copy) check with :func:`unchanged` that
the input chain is as it was and with :func:`new_chain` that the result
shares no node with it.  The helpers below turn cases into calls a learner
can paste and draw growth inputs.
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from dsa.practice.guard import RuleBroken
from dsa.practice.nodes import ListNode
from dsa.practice.problems._chains import NEVER_ENDS, NEVER_ENDS_SAYS

__all__ = ["nodes_of", "relinked", "unchanged", "new_chain", "chain_says", "call", "values", "RuleBroken"]


def nodes_of(head: Any, function: str,
             kind: Union[type, Tuple[type, ...]] = ListNode) -> Tuple[List[Any], Optional[int]]:
    """The nodes of the chain ``function`` returned, and where it loops.

    Like :func:`._chains.walk`, but without ``id()``: every call of ``id``
    is an audit event, which the learner's worker pays for dearly, and the
    speed check should time the solution rather than the grader.  Nodes of
    exactly ``kind`` compare by identity, so they can be dict keys; anything
    else raises TypeError (a learner's own subclass of ``kind`` is reported
    as such before it could answer ``==`` or ``hash`` its own way).  ``kind``
    may be a tuple of such classes.
    """
    kinds = kind if isinstance(kind, tuple) else (kind,)
    name = kinds[0].__name__
    if head is not None and type(head) not in kinds:
        raise TypeError(f"{function} must return a {name} or None, not {type(head).__name__}")
    nodes: List[Any] = []
    position: Dict[Any, int] = {}
    node = head
    while node is not None:
        if type(node) not in kinds:
            raise TypeError(f"the returned chain holds a {type(node).__name__} after "
                            f"{len(nodes)} node(s); every next must be a {name} or None")
        if node in position:
            return nodes, position[node]
        position[node] = len(nodes)
        nodes.append(node)
        node = node.next
    return nodes, None


def relinked(head: Any, given: Sequence[ListNode], held_values: Sequence[Any],
             function: str) -> Union[List[Any], str]:
    """The values of the chain at ``head``, made of the ``given`` nodes,
    which held ``held_values`` before the call.

    A chain that loops gives a sentence starting with ``NEVER_ENDS``.  A node
    that is not one of ``given``, or one whose ``val`` is no longer the very
    object it held, raises :class:`RuleBroken`.
    """
    held = dict(zip(given, held_values))
    nodes, loops_to = nodes_of(head, function)
    for position, node in enumerate(nodes):
        if node not in held:
            raise RuleBroken(
                f"{function} put a node of its own into the list (at position {position}); "
                "the problem asks you to relink the nodes you were given, without new ones")
        if node.val is not held[node]:
            raise RuleBroken(
                f"{function} changed the value stored in a node (at position {position}); "
                "move the nodes themselves, leaving every val as it was")
    found = [node.val for node in nodes]
    if loops_to is not None:
        return f"{NEVER_ENDS}: {found}, then back to the node at position {loops_to}"
    return found


def unchanged(nodes: Sequence[ListNode], held_values: Sequence[Any], function: str,
              what: str) -> None:
    """Raise :class:`RuleBroken` unless the chain ``nodes``, built from
    ``held_values``, still links and holds exactly what it did (``what``
    names it: "the list a").  Identities only: no ``==`` of the learner's
    making runs, and no ``id()``."""
    for position, (node, value) in enumerate(zip(nodes, held_values)):
        following = nodes[position + 1] if position + 1 < len(nodes) else None
        if node.val is not value or node.next is not following:
            part = "val" if node.val is not value else "next"
            raise RuleBroken(
                f"{function} changed {what} (the {part} of its node at position {position}); "
                "the problem says to leave the input lists as they were given")


def new_chain(head: Any, inputs: Sequence[Any], function: str, what: str,
              kind: Union[type, Tuple[type, ...]] = ListNode
              ) -> Tuple[List[Any], Optional[int]]:
    """The nodes of a chain that must be made of new nodes only, and where
    it loops (see :func:`nodes_of`); raises :class:`RuleBroken` when one of
    them is one of ``inputs`` (``what`` names those: "the lists given")."""
    nodes, loops_to = nodes_of(head, function, kind)
    given = set(inputs)
    for position, node in enumerate(nodes):
        if node in given:
            raise RuleBroken(
                f"the result of {function} shares a node with {what} (at position "
                f"{position}); build the result from new nodes and leave {what} as they are")
    return nodes, loops_to


def chain_says(expected: List[Any], actual: Union[List[Any], str]) -> Optional[str]:
    """The judge's sentence for a chain that loops or lost or gained nodes;
    None when the chain has the right length (only its order can be wrong)."""
    if isinstance(actual, str):
        return NEVER_ENDS_SAYS
    if len(actual) < len(expected):
        return (f"the result has {len(actual)} node(s), the list had {len(expected)}: "
                "some were lost")
    if len(actual) > len(expected):
        return f"the result has {len(actual)} nodes, but the list had only {len(expected)}"
    return None


def call(function: str, *arguments: Any) -> str:
    """How a case reads as a call: ``reorder_list(from_list([1, 2]))``.
    List arguments are shown as chains built with ``from_list``."""
    shown = [f"from_list({argument!r})" if isinstance(argument, list) else repr(argument)
             for argument in arguments]
    return f"{function}({', '.join(shown)})"


def values(n: int, rng: random.Random, top: int = 10**6) -> List[int]:
    """``n`` random values below ``top``, most of them distinct, so that a
    value moved to another node is seen."""
    return [rng.randrange(top) for _ in range(n)]
