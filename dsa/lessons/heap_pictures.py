"""The heap lesson's pictures: the heap rule, the index arithmetic, the
side index, the production guards, and push and pop animated one swap
at a time (the tree and the list drawn side by side)."""

from __future__ import annotations

import heapq
import itertools
import math
from typing import Sequence

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

import dsa.heap as dh
from dsa.pictures.draw import array_table, tree_text

from .context import Context
from .figures import Figure, count
from .heap_common import hooks, EXAMPLE, PUSHED, PUB_LEVELS


# ===========================================================================
# Drawing a heap: the tree and the list, side by side


def frame(ctx: Context, values: Sequence[object], caption: str,
          marked: Sequence[int] = (), faded: Sequence[int] = ()) -> None:
    """Print one frame: caption, then tree and list side by side."""
    tree = tree_text(values, marked, faded=faded)
    arr = Group(Text("the list", style="dim"), array_table(values, marked, faded),
                Text(repr(list(values)), style="cyan"))
    ctx.console.print(Text(caption, style="bold"))
    tree_width = max((len(line) for line in tree.plain.splitlines()), default=0)
    list_width = max(sum(len(str(v)) + 3 for v in values) + 1, len(repr(list(values))))
    if ctx.console.width >= tree_width + 4 + list_width:
        grid = Table.grid(padding=(0, 4))
        grid.add_column(no_wrap=True)
        grid.add_column()
        grid.add_row(Group(Text("the tree", style="dim"), tree), arr)
        ctx.console.print(grid)
    else:
        ctx.console.print(Text("the tree", style="dim"))
        ctx.console.print(tree)
        ctx.console.print(arr)


# ===========================================================================
# Shows: small live illustrations


@hooks.show("heap_rule")
def heap_rule(ctx: Context) -> None:
    heap = list(EXAMPLE)
    frame(ctx, heap, f"{heap}")
    checks = []
    for i in range(len(heap)):
        kids = [c for c in (dh.left(i), dh.right(i)) if c < len(heap)]
        if kids:
            checks.append(f"{heap[i]} ≤ " + " and ".join(str(heap[c]) for c in kids))
    ctx.console.print("every parent against its children: " + "; ".join(checks))
    ctx.console.print(f"is_heap({heap}) → [bold green]{dh.is_heap(heap)}[/]    "
                      f"sorted? → [bold red]{heap == sorted(heap)}[/] "
                      f"(sorted would be {sorted(heap)})")
    ctx.console.print(f"the root, heap[0] = {heap[0]}, is the minimum: "
                      f"min(heap) = {min(heap)}")


@hooks.show("index_arithmetic")
def index_arithmetic(ctx: Context) -> None:
    heap = list(EXAMPLE)
    table = Table(box=box.SIMPLE, title="index arithmetic on " + repr(heap),
                  title_justify="left")
    for col in ("i", "heap[i]", "parent (i-1)//2", "left 2i+1", "right 2i+2"):
        table.add_column(col, justify="right")
    for i, v in enumerate(heap):
        p = dh.parent(i) if i else None
        l, r = dh.left(i), dh.right(i)
        table.add_row(str(i), str(v),
                      "—" if p is None else f"{p} ({heap[p]})",
                      f"{l} ({heap[l]})" if l < len(heap) else "—",
                      f"{r} ({heap[r]})" if r < len(heap) else "—")
    ctx.console.print(table)

    # Levels: walk from the last index up to the root with parent() and
    # count the steps, then check against floor(log2(n)).
    rows = []
    for n in (7, 1_000, 1_000_000, 1_000_000_000):
        i, steps = n - 1, 0
        while i > 0:
            i = dh.parent(i)
            steps += 1
        assert steps == n.bit_length() - 1 == math.floor(math.log2(n))
        pub = PUB_LEVELS.get(n)
        rows.append(Figure(
            f"levels below the root, {count(n)} items",
            str(pub) if pub is not None else "—",
            f"{steps}  ({steps + 1} rows counting the root)",
            f"= most swaps one push or pop can make; log2(n) = {math.log2(n):.2f}"))
    ctx.table("Levels of a complete binary tree (computed: follow parent() "
              "from the last index to the root)", rows)


@hooks.show("indexed")
def indexed(ctx: Context) -> None:
    q = dh.IndexedPriorityQueue()
    table = Table(box=box.SIMPLE, title="dsa.heap.IndexedPriorityQueue: the list and "
                  "its side index, kept in step", title_justify="left")
    table.add_column("operation", no_wrap=True)
    table.add_column("the list (item:priority)")
    table.add_column("side index (item → position)")

    def state(what: str) -> None:
        items = list(q)                          # array order
        # The side index itself is private; show it if it is there to see.
        where = getattr(q, "_where", None)
        if not isinstance(where, dict):
            where = {item: pos for pos, item in enumerate(items)}
        table.add_row(what, ", ".join(f"{item}:{q.priority(item)}" for item in items),
                      ", ".join(f"{item}→{pos}" for item, pos in
                                sorted(where.items(), key=lambda kv: kv[1])))

    for job, priority in {"backup": 5, "email": 3, "deploy": 8, "report": 6,
                          "alert": 9}.items():
        q.push(job, priority)
    state("push five jobs")
    q.change_priority("alert", 1)
    state("change_priority('alert', 1)")
    q.remove("report")
    state("remove('report')")
    ctx.console.print(table)
    q.check_invariants()
    ctx.console.print(
        f"'deploy' in q → {'deploy' in q} (a dictionary lookup, O(1)); "
        f"pop() → {q.pop()!r}, then {q.pop()!r}. check_invariants() passed: the heap "
        "rule holds and every entry of the side index points at its item's real slot.")


@hooks.show("guards")
def guards(ctx: Context) -> None:
    c = ctx.console
    # 1. ties
    c.print("[bold]1. ties[/]")
    h: list = []
    heapq.heappush(h, (1, {"job": "resize images"}))
    try:
        heapq.heappush(h, (1, {"job": "send invoices"}))
        c.print("heapq compared the two dicts without complaint (unexpected)")
    except TypeError as exc:
        c.print(f"heapq.heappush(h, (1, {{'job': ...}})) twice → [red]TypeError: {exc}[/]")
    counter = itertools.count()
    h = []
    for name in ("first", "second", "third"):
        heapq.heappush(h, (1, next(counter), {"job": name}))
    order = [heapq.heappop(h)[2]["job"] for _ in range(3)]
    c.print(f"with a counter, (1, next(counter), job): pops {order}: first in, first out")
    pq = dh.PriorityQueue()
    for name in ("first", "second", "third"):
        pq.push({"job": name}, 1)
    c.print(f"dsa.heap.PriorityQueue does the same: pops "
            f"{[pq.pop()['job'] for _ in range(3)]}")
    # 2. max-heap
    c.print("\n[bold]2. largest first[/]")
    scores = [31, 87, 12, 95, 60]
    h = [-s for s in scores]
    heapq.heapify(h)
    c.print(f"heapq on negated keys {h}: pops "
            f"{[-heapq.heappop(h) for _ in range(len(scores))]}")
    mh = dh.BinaryHeap(scores, max_heap=True)
    c.print(f"BinaryHeap(scores, max_heap=True): pops {[mh.pop() for _ in range(len(scores))]}")
    # 3. top-K of a stream
    c.print("\n[bold]3. top 3 of a stream, holding 3[/]")
    stream = [41, 7, 93, 18, 66, 2, 88, 54, 97, 30]
    top: list = []
    events = []
    for x in stream:
        if len(top) < 3:
            heapq.heappush(top, x)
            events.append(f"{x}: push")
        elif x > top[0]:
            old = heapq.heapreplace(top, x)
            events.append(f"{x}: replaces {old}")
        else:
            events.append(f"[dim]{x}: ≤ {top[0]}, skipped[/]")
    c.print(", ".join(events))
    c.print(f"top 3 = {sorted(top, reverse=True)} (the heap's root, {top[0]}, is "
            f"the bar a newcomer must clear)")


# ===========================================================================
# Animations: sift-up and sift-down one swap at a time


def _swap_caption(heap: Sequence[object], n: int, i: int, j: int, verb: str) -> str:
    top, low = sorted((i, j))
    return (f"swap {n}: {heap[top]} (now index {top}) {verb} {heap[low]} "
            f"(now index {low})")


def push_start(ctx: Context) -> tuple[list, object]:
    """The heap the push animation starts from and the item it pushes: the
    published example and 2, or the learner's values put in heap order by
    heapify and one less than their smallest (it climbs to the root)."""
    values = ctx.values(EXAMPLE)
    if not ctx.custom_values():
        return values, PUSHED
    heapq.heapify(values)
    return values, min(values) - 1


@hooks.animation("push")
def push_animation(ctx: Context) -> None:
    heap, pushed = push_start(ctx)
    start = list(heap)
    if ctx.custom_values():
        ctx.console.print(Text(f"heapify put your values in heap order; push {pushed}, "
                               "one less than your smallest, so it climbs all the way"))
    frame(ctx, heap, f"before: {heap}")
    ctx.pause(f"Enter to append {pushed}, q to quit")
    heap.append(pushed)
    last = len(heap) - 1
    p = dh.parent(last)
    frame(ctx, heap, f"append {pushed} at index {last}; its parent is index {p} "
          f"({heap[p]}): {pushed} < {heap[p]}, the rule is broken", marked=(last,))
    swaps = 0
    path = {last}

    def on_swap(i: int, j: int) -> None:
        nonlocal swaps
        swaps += 1
        path.update((i, j))
        ctx.pause("Enter for the next swap, q to quit")
        frame(ctx, heap, _swap_caption(heap, swaps, i, j, "moves above"), marked=(i, j))

    stats = dh.HeapStats()
    dh.sift_up(heap, last, stats=stats, on_swap=on_swap)
    assert stats.swaps == swaps and dh.is_heap(heap)
    ctx.console.print(Text.assemble(
        (f"after push({pushed}): ", "bold"), (repr(heap), "bold cyan"),
        f" after {swaps} swaps ({stats.comparisons} comparisons); "
        f"is_heap → {dh.is_heap(heap)}"))
    if ctx.custom_values():                     # the text speaks of 7, 8, 14 and 12
        still = [start[i] for i in range(len(start)) if i not in path]
        ctx.console.print(Text(
            f"Only indices {', '.join(map(str, sorted(path)))}, one path from the new "
            "leaf up, were touched; "
            + (f"{', '.join(map(str, still))} never moved." if still else
               "in a heap this small that path is every cell.")))
    ctx.shared["push_result"] = heap            # the pop animation starts here
    ctx.shared["push_start"] = start


@hooks.animation("pop")
def pop_animation(ctx: Context) -> None:
    heap = list(ctx.shared.get("push_result") or _pushed(ctx))
    frame(ctx, heap, f"before: {heap}; the minimum, {heap[0]}, is at index 0")
    ctx.pause("Enter to take the root, q to quit")
    top = heap[0]
    last = heap.pop()
    if heap:
        heap[0] = last
    frame(ctx, heap, f"take {top}; move the last item, {last}, into the root",
          marked=(0,))
    swaps = 0

    def on_swap(i: int, j: int) -> None:
        nonlocal swaps
        swaps += 1
        ctx.pause("Enter for the next swap, q to quit")
        frame(ctx, heap, _swap_caption(heap, swaps, i, j, "moves up above"),
              marked=(i, j))

    stats = dh.HeapStats()
    if heap:
        dh.sift_down(heap, 0, stats=stats, on_swap=on_swap)
    assert stats.swaps == swaps and dh.is_heap(heap)
    ctx.console.print(Text.assemble(
        ("pop() → ", "bold"), (str(top), "bold"), ("; the heap is now ", "bold"),
        (repr(heap), "bold cyan"),
        f" after {swaps} swaps ({stats.comparisons} comparisons); "
        f"is_heap → {dh.is_heap(heap)}"))
    start = ctx.shared.get("push_start")
    if ctx.custom_values() and start is not None:   # the text's "neat property"
        ctx.console.print(Text(
            "With your values, popping gives back the heap the push started from: "
            + ("yes, as with the example." if heap == start else
               f"no: it started as {start}. The same values, arranged another way.")))


def _pushed(ctx: Context) -> list:
    """The heap after the push, for a pop run without it (a jump, --steps)."""
    heap, pushed = push_start(ctx)
    ctx.shared["push_start"] = list(heap)
    dh.heappush(heap, pushed)
    return heap
