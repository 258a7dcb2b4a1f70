"""What the parts of the arrays-vs-linked-lists lesson share.

The lesson's live code is split by what it does: the walks in Python and C
(:mod:`.linkedlist_walks`), the latency ladder and the TLB
(:mod:`.linkedlist_ladder`, :mod:`.linkedlist_tlb`), cache lines and bytes
counted (:mod:`.linkedlist_counts`), nodes drawn and sentinels
(:mod:`.linkedlist_nodes`), inserts and removals timed
(:mod:`.linkedlist_ops`), and the cost model of the two headline ratios
(:mod:`.linkedlist_model`).  All of them register their functions on the one
:data:`hooks` below, which :mod:`dsa.lessons.linkedlist` hands to the
runner; here are the published figures, the textbook node, and the
helpers every part uses (the timing ones are :mod:`.per_op`'s).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from rich.text import Text

from dsa.machine import Machine
from dsa.practice.nodes import link

from .figures import Ratio
from .runner import Context, Hooks, Verdict

#: Every part of the lesson registers its markers' functions here.
hooks = Hooks()

# The published figures (seed-figures.md, arrays vs linked lists), as numbers.
PUB_N = 10_000_000
PUB_LIST_WALK = 0.53              # s for 10,000,000
PUB_NODE_WALK = 1.53
PUB_LIST_NS, PUB_NODE_NS = 52.6e-9, 153.3e-9
PUB_L1, PUB_DRAM = 1.26e-9, 81.5e-9
PUB_CHASE_VS_SEQ = 132
PUB_GIB_WALK = 0.62e-9
PUB_IN_ORDER, PUB_SHUFFLED = 44.4e-9, 265.8e-9
PUB_ALLOC_RATIO = 2.1
PUB_FRONT = (572_255e-9, 243e-9)
PUB_MIDDLE = (255_486e-9, 63_488_013e-9)
PUB_APPENDLEFT = (53.3e-9, 25_434e-9)
PUB_REMOVE = (335e-9, 13_692e-9)


class Node:
    """The textbook node: a value and the next node (no per-object dict)."""

    __slots__ = ("value", "next")

    def __init__(self, value: Any, next: "Node | None" = None) -> None:
        self.value = value
        self.next = next


# ===========================================================================
# Building and walking, in plain Python


def build_nodes(values: Sequence[int]) -> Node | None:
    """Nodes created in list order (so they sit roughly in address order)."""
    return link(Node(v) for v in values)


def build_nodes_shuffled(values: Sequence[int], seed: int = 1) -> Node | None:
    """The same values in the same list order, but the nodes were created in a
    shuffled order: following ``next`` jumps around memory."""
    order = list(range(len(values)))
    random.Random(seed).shuffle(order)
    made = {i: Node(values[i]) for i in order}       # allocation order: shuffled
    return link(made[i] for i in range(len(values)))  # list order: as given


def sum_list(values: Sequence[int]) -> int:
    total = 0
    for x in values:
        total += x
    return total


def sum_nodes(head: Node | None) -> int:
    total = 0
    node = head
    while node is not None:
        total += node.value
        node = node.next
    return total


def sum_by_index(values: Sequence[int], order: Sequence[int]) -> int:
    total = 0
    for i in order:
        total += values[i]
    return total


def range_sum(n: int) -> int:
    """0 + 1 + ... + (n - 1)."""
    return n * (n - 1) // 2


def linked_classes():
    """dsa.linkedlist's lists, or None if that module cannot be imported."""
    try:
        from dsa.linkedlist import DoublyLinkedList, SinglyLinkedList
    except Exception:  # pragma: no cover - only while the module is unfinished
        return None
    return SinglyLinkedList, DoublyLinkedList


# ===========================================================================
# Timing and printing helpers


def nanos(value: float) -> str:
    """A time in nanoseconds, two decimals: '1.34 ns'."""
    return f"{value:.2f} ns"


def ns_tenths(seconds: float) -> str:
    """A time in seconds shown in nanoseconds, one decimal: '44.4 ns'."""
    return f"{seconds * 1e9:.1f} ns"


def per_element(result: Any) -> list[float]:
    """Nanoseconds per element of each timed pass of a C walk."""
    return [p / result.n for p in result.pass_ns]


def walk_ratio(results: dict, a: str, b: str) -> Ratio:
    """Time per element of walk ``a`` over walk ``b``, with its range."""
    return Ratio.of(results[a].pass_ns, results[b].pass_ns)


def l3_bytes(machine: Machine) -> int:
    """The last-level cache's size (the L2 where no L3 is reported), or 0."""
    c = machine.cache(3) or machine.cache(2)
    return c.size_bytes if c else 0


def smaller(ctx: Context, why: str) -> None:
    """Say that an experiment runs below its published size, and why."""
    ctx.console.print(Text.assemble(("smaller: ", "bold yellow"), why))


def ratio_verdict(ratio: Ratio, bound: float, label: str, **values: object) -> Verdict:
    """The verdict on "``ratio`` is at least ``bound``": it holds when the
    whole range of the ratio is at or above, fails when the whole range is
    below, and cannot tell in between.  ``{ratio}`` and ``values`` fill the
    claim's text."""
    return Verdict(ratio.at_least(bound), f"{label} {ratio.text()}",
                   {"ratio": ratio.text(), **values})
