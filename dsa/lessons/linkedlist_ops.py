"""Steps 8 to 12 of the linked-list lesson: inserts, removals, an LRU cache.

Where the linked list should win: at the front, in the middle (once the
walk there is paid), and at a node already held; then one O(n) shift of a
thousand pointers beside one O(1) node allocation, and the LRU cache, the
classic structure that holds its nodes.  Each Python race is followed by
the same operation inside the C twin, without the interpreter.
"""

from __future__ import annotations

import random
import statistics
from collections import deque
from typing import Any, Callable

from rich.markup import escape
from rich.text import Text

from dsa.machine import format_bytes
from dsa.timing import format_ratio, format_seconds, measure

from .figures import Figure, ratio_pair, seconds, spread, count
from .linkedlist_common import (PUB_APPENDLEFT, PUB_FRONT, PUB_MIDDLE, PUB_REMOVE,
                                Node, build_nodes, hooks, linked_classes)
from .per_op import (appendleft_cost, implied_bandwidth, list_front_insert, per_op,
                     runs_per_op)
from .runner import Context, Verdict, not_measured, threshold

#: The size of the published insert and removal races.
OPS_N = 1_000_000


def in_c(ctx: Context, what: str, array_label: str, linked_label: str,
         race: Callable[[Any, int], tuple[Any, Any]]) -> None:
    """The same race inside the C twin, in one sentence: ``race(mod, n)``
    returns the array's and the linked list's costs (``{bytes}`` in
    ``array_label`` is the array's size)."""
    mod = ctx.native_module("linkedlist")
    if mod is None:
        ctx.explain_missing_native(what)
        return
    cn = ctx.size(OPS_N, 100_000)
    array_cost, linked_cost = race(mod, cn)
    t_array, t_linked = array_cost.ns_per_op * 1e-9, linked_cost.ns_per_op * 1e-9
    winner = "the linked list" if t_linked < t_array else "the array"
    ctx.console.print(Text(
        f"In C at N = {count(cn)}: {array_label.format(bytes=format_bytes(8 * cn))} "
        f"{format_seconds(t_array)}, {linked_label} {format_seconds(t_linked)}: "
        f"{winner} is {format_ratio(max(t_array, t_linked) / min(t_array, t_linked))} "
        "faster."))


def _dsa_list(ctx: Context, n: int):
    key = ("dsa_list", n)
    if key not in ctx.shared:
        classes = linked_classes()
        if classes is None:
            ctx.shared[key] = None
        else:
            with ctx.working(f"building a dsa.linkedlist.DoublyLinkedList of {count(n)}"):
                ctx.shared[key] = classes[1](range(n))
    return ctx.shared[key]


@hooks.experiment("front_insert")
def front_insert(ctx: Context) -> None:
    n = ctx.size(OPS_N, 100_000)
    small = 100_000
    ctx.quick_note(f"N = {count(n)} (full: 1,000,000).")
    with ctx.working("timing front inserts"):
        t_list = list_front_insert(n, ctx.size(40, 40))
        # Quick mode's N is already 100,000: its row would time the first again.
        t_small = None if n == small else list_front_insert(small, 200)
        t_deque = appendleft_cost(deque(range(n)), n, 100_000)
        dl = _dsa_list(ctx, n)
        k = 20_000
        if dl is not None:
            t_linked = appendleft_cost(dl, n, k)
            linked_name = "dsa.linkedlist.DoublyLinkedList.appendleft"
        else:
            holder: list[Node | None] = [None]

            def linked() -> None:
                for _ in range(k):
                    holder[0] = Node(-1, holder[0])
            t_linked = per_op(linked, k, setup=lambda: holder.__setitem__(0, None))
            linked_name = "Node(x, head) (dsa.linkedlist unavailable)"
    bw = implied_bandwidth(OPS_N, PUB_APPENDLEFT[1])
    rows = [
        Figure(f"list.insert(0, x), N = {count(n)}", "572,255 ns", seconds(t_list),
               f"{implied_bandwidth(n, t_list) / 1e9:.0f} GB/s of pointer shifting"),
        Figure(f"{linked_name}, N = {count(n)}", "243 ns", seconds(t_linked),
               ratio_pair("list / linked", PUB_FRONT[0] / PUB_FRONT[1], t_list / t_linked)),
        Figure("deque.appendleft(x)", "53.3 ns", seconds(t_deque),
               "O(1): one slot in a block"),
        Figure("list.insert(0, x) as published beside appendleft", "25,434 ns",
               f"{seconds(t_list)} at {count(n)}",
               ratio_pair("list / deque", PUB_APPENDLEFT[1] / PUB_APPENDLEFT[0],
                          t_list / t_deque)),
    ]
    if t_small is not None:
        rows.append(Figure(
            f"list.insert(0, x), N = {count(small)}", "—", seconds(t_small),
            f"{implied_bandwidth(small, t_small) / 1e9:.0f} GB/s; list / deque "
            f"{format_ratio(t_small / t_deque)} now"))
    ctx.shared["front_insert"] = (t_list, t_linked)
    ctx.table("Experiment 7: insert at the front", rows,
              caption=f"Handle with care: the published 25,434 ns for list.insert(0, x) "
                      f"cannot be a list of 1,000,000: shifting its 8 MB of pointers in "
                      f"25 µs would need about {bw / 1e9:.0f} GB/s, several times any "
                      "desktop's memory bandwidth, and it is 20x less than the same "
                      "article's own 572,255 ns front insert. It matches a list of about "
                      "100,000 (measured above). Inserts are undone between runs, "
                      "outside the clock.")
    in_c(ctx, "the C front inserts", "array front insert (one memmove of {bytes})",
         "linked front insert (malloc + splice)", lambda mod, cn: (
             mod.insert_cost(cn, structure="array", where="front", ops=100),
             mod.insert_cost(cn, structure="linked", where="front", ops=1000)))


@hooks.experiment("middle_insert")
def middle_insert(ctx: Context) -> None:
    n = ctx.size(OPS_N, 100_000)
    ctx.quick_note(f"N = {count(n)} (full: 1,000,000).")
    lst = list(range(n))
    ops = 40

    def list_mid() -> None:
        ins, mid = lst.insert, n // 2
        for _ in range(ops):
            ins(mid, -1)

    def undo() -> None:                 # outside the clock
        del lst[n // 2:n // 2 + len(lst) - n]
    with ctx.working("timing middle inserts"):
        t_list = per_op(list_mid, ops, setup=undo)
        dl = _dsa_list(ctx, n)
        k = 2
        if dl is not None:
            def linked_mid() -> None:
                for _ in range(k):
                    dl.insert(len(dl) // 2, -1)
                for _ in range(k):
                    del dl[len(dl) // 2]
            t_linked = per_op(linked_mid, k, repeat=1) / 2
            name = "dsa.linkedlist DoublyLinkedList.insert(mid, x): walk + splice"
        else:
            head = build_nodes(range(n))

            def linked_mid() -> None:
                node = head
                for _ in range(n // 2 - 1):
                    node = node.next
                node.next = Node(-1, node.next)
                node.next = node.next.next
            t_linked = per_op(linked_mid, 1, repeat=1)
            name = "Node walk to the middle + splice (dsa.linkedlist unavailable)"
    rows = [
        Figure(f"list.insert(mid, x), N = {count(n)}", "255,486 ns",
               seconds(t_list), "the baseline"),
        Figure(name, "63,488,013 ns", seconds(t_linked),
               ratio_pair("linked / list", PUB_MIDDLE[1] / PUB_MIDDLE[0],
                          t_linked / t_list)),
    ]
    ctx.shared["middle_insert"] = (t_list, t_linked)
    ctx.table("Experiment 8: insert in the middle, position not held", rows,
              caption="The linked time is half of an insert-then-delete pair (both walk "
                      "half of the list). dsa's doubly linked list walks from the nearer "
                      "end: half the list either way.")
    in_c(ctx, "the C middle inserts", "array middle insert", "linked walk + splice",
         lambda mod, cn: (
             mod.insert_cost(cn, structure="array", where="middle", ops=100),
             mod.insert_cost(cn, structure="linked", where="middle",
                             ops=ctx.size(10, 20), layout="malloc")))


@hooks.experiment("remove_held")
def remove_held(ctx: Context) -> None:
    n = ctx.size(OPS_N, 100_000)
    ctx.quick_note(f"N = {count(n)} (full: 1,000,000).")
    rng = random.Random(3)
    lst = list(range(n))
    ops = 100
    positions = [rng.randrange(n - ops) for _ in range(ops)]

    def list_del() -> None:
        for i in positions:
            del lst[i]
        lst.extend(range(ops))         # put the length back (amortised O(1) each)
    with ctx.working("timing removals"):
        t_list = per_op(list_del, ops)
        dl = _dsa_list(ctx, n)
        if dl is not None:
            k = 2_000
            handles = []
            for i, node in enumerate(dl.nodes()):
                if i % (n // k) == 1:
                    handles.append(node)
            k = len(handles)

            def remove_them() -> None:
                for h in handles:
                    dl.remove_node(h)
            t_node = measure(remove_them, repeat=1, warmup=0).median / k
            for h in handles:           # put them back, so later steps see n values
                dl.append(h.value)
            name = "dsa.linkedlist DoublyLinkedList.remove_node(held)"
        else:
            t_node, name = float("nan"), "remove a held node (dsa.linkedlist unavailable)"
    rows = [
        Figure(escape(f"del lst[i], random i, N = {count(n)}"), "13,692 ns", seconds(t_list),
               f"{implied_bandwidth(n // 2, t_list) / 1e9:.0f} GB/s of shifting "
               "(half the list on average)"),
        Figure(name, "335 ns", seconds(t_node),
               ratio_pair("list / linked", PUB_REMOVE[1] / PUB_REMOVE[0], t_list / t_node)),
    ]
    ctx.shared["remove_held"] = (t_list, t_node)
    ctx.table("Experiment 9: remove at a position already held", rows,
              caption="Handle with care: 13,692 ns for del lst\\[i] would mean shifting 4 MB "
                      "(half of 1,000,000 pointers) at about 290 GB/s; the published list "
                      "must have been smaller. The ratio's direction holds at any size.")
    in_c(ctx, "the C removals", "array delete at a random position",
         "unlink a held node", lambda mod, cn: (
             mod.remove_cost(cn, structure="array", ops=100),
             mod.remove_cost(cn, structure="linked", ops=1000)))


def _faster_claim(ctx: Context, key: str, what: str, slow: str, fast: str, *,
                  second_slower: bool = False) -> Verdict:
    """A claim that one of the two times stored under ``key`` is well above
    the other (the first, or the second with ``second_slower``); within a
    factor of 1.5 either way, a median of a few runs cannot tell."""
    if key not in ctx.shared:
        return not_measured(what)
    a, b = ctx.shared[key]
    if a != a or b != b:                 # NaN: one side could not run
        return not_measured(what)
    ratio = b / a if second_slower else a / b
    holds = threshold(ratio, 1.5, 1 / 1.5 + 1e-9)
    return Verdict(holds, f"{slow} / {fast} {format_ratio(ratio)}",
                   {"ratio": format_ratio(ratio)})


@hooks.claim("front_insert_linked_wins")
def front_insert_linked_wins(ctx: Context) -> Verdict:
    return _faster_claim(ctx, "front_insert", "the front inserts",
                         "list.insert(0, x)", "linked front insert")


@hooks.claim("middle_insert_array_wins")
def middle_insert_array_wins(ctx: Context) -> Verdict:
    return _faster_claim(ctx, "middle_insert", "the middle inserts",
                         "linked walk + splice", "list.insert(mid, x)",
                         second_slower=True)


@hooks.claim("remove_held_linked_wins")
def remove_held_linked_wins(ctx: Context) -> Verdict:
    return _faster_claim(ctx, "remove_held", "the removals", "del lst[i]",
                         "remove_node(held)")


SHIFT_N = 1_000


@hooks.show("shift_1000")
def shift_1000(ctx: Context) -> None:
    """What an O(n) shift of 1,000 pointers costs, beside allocating one node."""
    lst = list(range(SHIFT_N))
    ops = 2_000

    def shift() -> None:
        ins, pop = lst.insert, lst.pop
        for _ in range(ops):
            ins(0, -1)
            pop()                       # pop() at the end: O(1), no shift

    def end_only() -> None:              # the same calls with no shift at all
        app, pop = lst.append, lst.pop
        for _ in range(ops):
            app(-1)
            pop()

    def allocate() -> None:
        for _ in range(ops):
            Node(-1)
    with ctx.working("timing list.insert(0, x) on 1,000 items"):
        r_shift = runs_per_op(shift, ops)
        r_end = runs_per_op(end_only, ops)
        r_node = runs_per_op(allocate, ops)
    per = [a - b for a, b in zip(sorted(r_shift), sorted(r_end))]
    ctx.shared["shift_1000"] = (per, r_node)
    ctx.console.print(Text(
        f"list.insert(0, x) on {count(SHIFT_N)} items: {spread(r_shift)} per call; the "
        f"same calls at the end (append, no shift): {spread(r_end)}; so the shift "
        f"itself costs about {format_seconds(statistics.median(per))}, "
        f"{statistics.median(per) / SHIFT_N * 1e9:.2f} ns per pointer moved. "
        f"Allocating one Node: {spread(r_node)}."), highlight=False)


@hooks.claim("shift_1000_cost")
def shift_1000_cost(ctx: Context) -> Verdict:
    if "shift_1000" not in ctx.shared:
        return not_measured("the 1,000-pointer shift")
    per, r_node = ctx.shared["shift_1000"]
    shift, node = statistics.median(per), statistics.median(r_node)
    values = {"shift": format_seconds(shift), "node": format_seconds(node),
              "nodes": f"{shift / node:.0f}" if node > 0 else "many"}
    evidence = f"shift {format_seconds(shift)}, one Node {format_seconds(node)}"
    # the sentence: hundreds of nanoseconds, the price of a few node allocations
    return Verdict(50e-9 <= shift <= 3e-6, evidence, values)


# ===========================================================================
# Step: an LRU cache


LRU_TRACE = ["a", "b", "c", "a", "d", "b", "e", "a"]


@hooks.show("lru")
def lru(ctx: Context) -> None:
    from dsa.lru import LRUCache

    evicted: list[str] = []
    cache: LRUCache = LRUCache(3, on_evict=lambda k, v: evicted.append(k))
    for key in LRU_TRACE:
        before = len(evicted)
        hit = cache.get(key) is not None      # a get counts a hit or a miss
        if not hit:
            cache.put(key, key.upper())
        gone = f"   (evicted {evicted[-1]})" if len(evicted) > before else ""
        ctx.console.print(Text(f"  {'hit ' if hit else 'miss'} {key}:  least → most "
                               f"recent: {' → '.join(cache)}{gone}"), highlight=False)
    ctx.console.print(Text(f"LRUCache(3) after {len(LRU_TRACE)} requests: "
                           f"{cache.hits} hits, {cache.misses} misses, evicted "
                           f"{', '.join(evicted)}. Every step was O(1): the dict "
                           "handed over the node, nobody walked the list."))
