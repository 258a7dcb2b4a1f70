"""What the linked-list graders share: fresh chains, and a careful walk.

A learner's function returns a head node.  Before its values can be
compared, the grader must walk the chain without trusting it: the chain may
loop back on itself (a plain walk would never end), hold something that is
not a node, or be made of brand-new nodes instead of the ones it was given.
:func:`chain_outcome` turns each of those into a sentence, so the report
shows what went wrong instead of hanging or raising inside the grader.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple, Union

from dsa.practice.nodes import ListNode

#: An outcome that is not a plain list of values is a sentence starting
#: with one of these.
NEVER_ENDS = "never ends"
NEW_NODES = "new nodes"
CHANGED = "changed values"

#: What the judges say for each of those sentences.
NEVER_ENDS_SAYS = ("the returned chain never ends: its last node links back to an "
                   "earlier node instead of to None")
CHANGED_SAYS = ("changed the values stored in the nodes; move the nodes instead, "
                "leaving every val as it was")


def linked(values: List[Any]) -> List[ListNode]:
    """Fresh nodes holding ``values``, each linked to the next."""
    nodes = [ListNode(value) for value in values]
    for node, successor in zip(nodes, nodes[1:]):
        node.next = successor
    return nodes


def walk(head: Any, function: str) -> Tuple[List[ListNode], Optional[int]]:
    """The nodes of the chain ``function`` returned, and where it loops.

    The second item is None for a chain that ends with None.  Otherwise the
    last node links back to an earlier one, and the second item is that
    node's position.  Raises TypeError when something other than a ListNode
    turns up.
    """
    if head is not None and not isinstance(head, ListNode):
        raise TypeError(f"{function} must return a ListNode or None, not "
                        f"{type(head).__name__}")
    nodes: List[ListNode] = []
    position: Dict[int, int] = {}  # id of each node passed -> its position
    node = head
    while node is not None:
        if not isinstance(node, ListNode):
            raise TypeError(
                f"the returned chain holds a {type(node).__name__} after "
                f"{len(nodes)} node(s); every next must be a ListNode or None")
        if id(node) in position:
            return nodes, position[id(node)]
        position[id(node)] = len(nodes)
        nodes.append(node)
        node = node.next
    return nodes, None


def chain_outcome(head: Any, given: List[ListNode],
                  function: str) -> Union[List[Any], str]:
    """The values of the chain at ``head``, if it is made of the ``given``
    nodes with their values untouched and ends with None; otherwise a
    sentence (starting with NEVER_ENDS, NEW_NODES or CHANGED) saying what is
    wrong with it.  ``given`` keeps the nodes alive, so ids stay unique."""
    original = {id(node): node.val for node in given}
    result, loops_to = walk(head, function)
    found = [node.val for node in result]
    if loops_to is not None:
        return f"{NEVER_ENDS}: {found}, then back to the node at position {loops_to}"
    if any(id(node) not in original for node in result):
        return f"{NEW_NODES} holding {found}"
    if any(node.val != original[id(node)] for node in result):
        return f"{CHANGED}: {found}"
    return found
