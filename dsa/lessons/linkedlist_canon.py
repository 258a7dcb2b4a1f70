"""The linked-list lesson's canon: sentinels, and where Python puts nodes.

* **Sentinel nodes.**  A doubly linked list whose ends are ``None`` needs a
  special case wherever a node may be first or last: unlinking the head
  moves ``head``, unlinking the tail moves ``tail``, inserting into an empty
  list sets both.  Put one dummy node in a ring with the real ones, and
  every node has a real neighbour on each side: each operation is the same
  two or four pointer writes, with no case at all.  The two classes below
  are the smallest versions of each, with a counter of the special cases
  the ``None``-ended one meets.
* **Where the nodes are born.**  CPython gives small objects memory from
  pymalloc: pools of one size class carved out of larger arenas, handed out
  in address order while a pool is fresh.  Nodes allocated one after
  another therefore sit next to each other, a fixed gap apart, and a walk
  in allocation order reads memory almost in sequence.  Link the same nodes
  in a shuffled order and each hop lands somewhere else.  The experiment
  reads the addresses (``id()`` is the address in CPython) and measures the
  gaps.
"""

from __future__ import annotations

import random
import statistics
import sys
from dataclasses import dataclass
from typing import Any, Callable, Iterator, List, Optional, Sequence


# ---------------------------------------------------------------------------
# Sentinels


class Node:
    __slots__ = ("value", "prev", "next")

    def __init__(self, value: Any) -> None:
        self.value = value
        self.prev: Optional[Node] = None
        self.next: Optional[Node] = None


class NoneEnded:
    """A doubly linked list with ``None`` at both ends: head and tail kept
    apart, and a case for each end in every operation."""

    def __init__(self) -> None:
        self.head: Optional[Node] = None
        self.tail: Optional[Node] = None
        self.special_cases = 0              # times an end needed its own code

    def push_back(self, value: Any) -> Node:
        node = Node(value)
        if self.tail is None:               # empty: the node is both ends
            self.special_cases += 1
            self.head = self.tail = node
        else:
            node.prev = self.tail
            self.tail.next = node
            self.tail = node
        return node

    def unlink(self, node: Node) -> None:
        if node.prev is None:               # the head: move head
            self.special_cases += 1
            self.head = node.next
        else:
            node.prev.next = node.next
        if node.next is None:               # the tail: move tail
            self.special_cases += 1
            self.tail = node.prev
        else:
            node.next.prev = node.prev
        node.prev = node.next = None

    def __iter__(self) -> Iterator[Any]:
        node = self.head
        while node is not None:
            yield node.value
            node = node.next


class Sentinel:
    """The same list in a ring through one dummy node: no ends, no cases."""

    def __init__(self) -> None:
        self.sentinel = Node(None)
        self.sentinel.prev = self.sentinel.next = self.sentinel
        self.special_cases = 0              # stays 0: there are none

    def push_back(self, value: Any) -> Node:
        node, last = Node(value), self.sentinel.prev
        assert last is not None
        node.prev, node.next = last, self.sentinel
        last.next = self.sentinel.prev = node
        return node

    def unlink(self, node: Node) -> None:
        before, after = node.prev, node.next
        assert before is not None and after is not None
        before.next, after.prev = after, before
        node.prev = node.next = None

    def __iter__(self) -> Iterator[Any]:
        node = self.sentinel.next
        while node is not self.sentinel:
            assert node is not None
            yield node.value
            node = node.next


def churn(make: type, n: int, ops: int, seed: int = 1) -> Any:
    """Build a list of ``n``, then ``ops`` times unlink a random held node
    and push a new one at the back (ends included, as real use hits them)."""
    rng = random.Random(seed)
    lst = make()
    held = [lst.push_back(i) for i in range(n)]
    for k in range(ops):
        j = rng.randrange(len(held))
        lst.unlink(held[j])
        held[j] = lst.push_back(n + k)
    return lst


# ---------------------------------------------------------------------------
# Where the nodes are born


@dataclass(frozen=True)
class Placement:
    """The gaps between the addresses of consecutive nodes of a walk."""

    order: str
    nodes: int
    node_bytes: int
    median_gap: int               # bytes, absolute
    near_line: float              # share of hops to the same or the next 64-byte line
    same_page: float              # share of hops that stay in one 4 KiB page
    forward: float                # share of hops to a higher address


def placement(order: str, addresses: Sequence[int], node_bytes: int) -> Placement:
    """Summarise the hops of a walk visiting ``addresses`` in order."""
    hops = list(zip(addresses, addresses[1:]))
    gaps = [abs(b - a) for a, b in hops]
    n = len(hops) or 1
    return Placement(order, len(addresses), node_bytes, int(statistics.median(gaps)),
                     sum(abs((b >> 6) - (a >> 6)) <= 1 for a, b in hops) / n,
                     sum(a >> 12 == b >> 12 for a, b in hops) / n,
                     sum(b > a for a, b in hops) / n)


def walk_addresses(head: Optional[Node]) -> List[int]:
    """The address of every node of a walk from ``head`` (CPython's id)."""
    out = []
    while head is not None:
        out.append(id(head))
        head = head.next
    return out


def link(nodes: Sequence[Node]) -> Optional[Node]:
    """Chain ``nodes`` in the given order (next pointers) and return the head."""
    for a, b in zip(nodes, nodes[1:]):
        a.next = b
    if nodes:
        nodes[-1].next = None
    return nodes[0] if nodes else None


def node_placements(n: int, seed: int = 1,
                    visit: Optional[Callable[[str, Optional[Node]], Any]] = None
                    ) -> List[Placement]:
    """Nodes allocated one after another, walked in allocation order and in a
    shuffled order; and nodes allocated with other objects in between.
    ``visit(order, head)``, if given, is called on each list while it is
    linked that way (the shuffled list relinks the first list's nodes)."""
    size = sys.getsizeof(Node(0))
    found = []

    def measure(order: str, head: Optional[Node]) -> None:
        found.append(placement(order, walk_addresses(head), size))
        if visit is not None:
            visit(order, head)
    born = [Node(i) for i in range(n)]
    measure("allocation order", link(born))
    shuffled = born[:]
    random.Random(seed).shuffle(shuffled)
    measure("shuffled links", link(shuffled))
    keep: List[Any] = []
    spaced = []
    for i in range(n):                       # a string and a list between nodes
        spaced.append(Node(i))
        keep.append((str(i) * 3, [i]))
    measure("allocated between others", link(spaced))
    del keep
    return found
