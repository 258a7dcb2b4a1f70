"""Two steps about Python's own nodes: where pymalloc puts them, and sentinels.

* **Where the nodes are born.**  The addresses (``id()``) of nodes made one
  after another, then linked in a shuffled order, then made with other
  objects in between, with the walk over each timed; the sizes of
  pymalloc's pools and arenas read from the interpreter itself.
* **Sentinels.**  The ``None``-ended list and the sentinel ring of
  :mod:`.linkedlist_canon` side by side, their branches counted from the
  source, and the same random churn of unlinks and appends timed on both
  with the special cases counted.
"""

from __future__ import annotations

import ast
import inspect
import os
import re
import sys
import textwrap
import time
from typing import Any, Callable, Optional

from rich import box
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text

from . import linkedlist_canon as lc
from .figures import Figure, Ratio, count, spread
from .linkedlist_common import hooks, ns_tenths, sum_nodes
from .per_op import runs_per_op
from .runner import Context, Verdict, not_measured

#: pymalloc's pool header on a 64-bit build (struct pool_header).
POOL_HEADER = 48
#: pymalloc rounds every request up to a multiple of this.
PYMALLOC_ALIGNMENT = 16


# ===========================================================================
# Where pymalloc puts the nodes


def pymalloc_sizes() -> tuple[int, int] | None:
    """(arena bytes, pool bytes) as this interpreter reports them
    (``sys._debugmallocstats``, written to the C stderr and read back through
    a pipe), or None where it does not say (another allocator, not CPython)."""
    stats = getattr(sys, "_debugmallocstats", None)
    if stats is None:
        return None
    read, write = os.pipe()
    saved = os.dup(2)
    try:
        os.set_blocking(write, False)       # a report past the pipe's size is cut short
        sys.stderr.flush()
        os.dup2(write, 2)
        try:
            stats()
        finally:
            os.dup2(saved, 2)
    finally:
        os.close(saved)
        os.close(write)
    with os.fdopen(read, encoding="utf-8", errors="replace") as pipe:
        report = pipe.read()
    arena = re.search(r"\* (\d+) bytes/arena", report)
    pool = re.search(r"unused pools \* (\d+) bytes", report)
    if arena is None or pool is None:
        return None
    return int(arena.group(1)), int(pool.group(1))


def block_size(node_bytes: int) -> int:
    """The pymalloc block a request of ``node_bytes`` gets."""
    return -(-node_bytes // PYMALLOC_ALIGNMENT) * PYMALLOC_ALIGNMENT


def address_run(addresses: list[int], where: str) -> Text:
    """A few consecutive nodes of a walk: the first address, then each gap."""
    gaps = ", ".join(f"{b - a:+,}" for a, b in zip(addresses, addresses[1:]))
    return Text.assemble((f"Six nodes in a row, {where}: ", "bold"),
                         f"{addresses[0]:#x}, then {gaps} bytes on.")


#: Timed walks of each list (they are short: a few milliseconds each).
PLACEMENT_REPEATS = 5


@hooks.experiment("placements")
def placements(ctx: Context) -> None:
    n = ctx.size(100_000, 20_000)
    ctx.quick_note(f"{count(n)} nodes (full: 100,000).")
    walks: dict[str, list[float]] = {}
    middle: list[int] = []

    def walk(order: str, head: Optional[lc.Node]) -> None:
        if not middle:              # the first blocks may fill older holes
            middle.extend(lc.walk_addresses(head)[n // 2:n // 2 + 6])
        walks[order] = runs_per_op(lambda: sum_nodes(head), n,  # type: ignore[arg-type]
                                   repeat=PLACEMENT_REPEATS)
    with ctx.working(f"making {count(n)} nodes three ways and walking each"):
        found = lc.node_placements(n, visit=walk)
    ctx.console.print(address_run(middle, "from the middle of the list made in order"))
    size = found[0].node_bytes
    block = block_size(size)
    sizes = pymalloc_sizes()
    if sizes is not None:
        arena, pool = sizes
        per_pool = (pool - POOL_HEADER) // block
        ctx.console.print(Text(
            f"sys.getsizeof(Node(0)) is {size} bytes, so pymalloc hands out {block}-byte "
            f"blocks; this interpreter's pools are {pool // 1024} KiB ({per_pool} blocks "
            f"of {block} after a {POOL_HEADER}-byte header) and its arenas "
            f"{arena // 1024} KiB ({arena // pool} pools)."))
    base = walks[found[0].order]
    rows = [Figure(f"{p.order}: {count(p.nodes)} nodes of {p.node_bytes} B", "—",
                   f"median gap {p.median_gap:,} B; walk "
                   f"{spread(walks[p.order], ns_tenths)}/el",
                   f"{p.near_line:.0%} to the same or next line, {p.same_page:.0%} in one "
                   f"4 KiB page, {p.forward:.0%} forward"
                   + ("" if walks[p.order] is base else
                      f"; walk {Ratio.of(walks[p.order], base).text()} the first"))
            for p in found]
    ctx.table("Where CPython put the nodes (id() is the address)", rows,
              caption="Gap: the distance in bytes from one node of the walk to the next. "
                      f"Walks: median (fastest–slowest) of {PLACEMENT_REPEATS} timed walks "
                      "of each list. "
                      "The published article gave no figure for this; the shuffled walk "
                      "of the step before is the published 2.1x.")
    ctx.shared["placements"] = (found, walks)
    ctx.closing.append(
        f"pymalloc: {count(n)} nodes in allocation order, median gap "
        f"{found[0].median_gap:,} B, {found[0].same_page:.0%} of hops in one page; "
        f"shuffled links {found[1].median_gap:,} B, {found[1].same_page:.1%}; walk "
        f"{Ratio.of(walks[found[1].order], base).text()} slower shuffled")


def _placement_figures(ctx: Context) -> tuple[Any, Any, Ratio, dict[str, str]] | None:
    """The in-order and shuffled placements, the shuffled walk over the
    in-order one, and the fields of both claims' texts; None if not measured."""
    if "placements" not in ctx.shared:
        return None
    found, walks = ctx.shared["placements"]
    order, shuffled = found[0], found[1]
    walk = Ratio.of(walks[shuffled.order], walks[order.order])
    return order, shuffled, walk, {
        "gap": f"{order.median_gap:,} bytes", "node": f"{order.node_bytes}",
        "block": f"{block_size(order.node_bytes)}", "page": f"{order.same_page:.0%}",
        "forward": f"{order.forward:.0%}", "far": f"{shuffled.median_gap:,} bytes",
        "far_page": f"{shuffled.same_page:.1%}", "walk": walk.text()}


def _placement_claim(ctx: Context, judge: Callable[..., tuple[bool | None, str]]
                     ) -> Verdict:
    """A claim on the placements: ``judge(in_order, shuffled, walk, values)``
    returns the verdict and its evidence."""
    figures = _placement_figures(ctx)
    if figures is None:
        return not_measured("the node addresses")
    holds, evidence = judge(*figures)
    return Verdict(holds, evidence, figures[3])


@hooks.claim("nodes_born_together")
def nodes_born_together(ctx: Context) -> Verdict:
    def judge(p: Any, _: Any, __: Ratio, values: dict) -> tuple[bool | None, str]:
        evidence = (f"allocation order: median gap {values['gap']}, {values['page']} "
                    f"of hops in one page, {values['forward']} forward")
        if p.forward > 0.9 and p.same_page > 0.8 and p.median_gap <= 2 * p.node_bytes:
            return True, evidence
        if p.forward < 0.6 or p.median_gap > 8 * p.node_bytes:
            return False, evidence
        return None, evidence
    return _placement_claim(ctx, judge)


@hooks.claim("shuffle_scatters_nodes")
def shuffle_scatters_nodes(ctx: Context) -> Verdict:
    def judge(_: Any, p: Any, walk: Ratio, values: dict) -> tuple[bool | None, str]:
        evidence = (f"shuffled links: median gap {values['far']}, {values['far_page']} "
                    f"of hops in one page; walk {walk.text()} the in-order one")
        slower = walk.at_least(1.1)
        if p.same_page >= 0.1 or slower is False:
            return False, evidence
        return slower, evidence
    return _placement_claim(ctx, judge)


# ===========================================================================
# Sentinels


def branches(function: Callable) -> int:
    """How many ``if`` statements the source of ``function`` holds."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    return sum(isinstance(node, ast.If) for node in ast.walk(tree))


def _source(cls: type) -> str:
    """``push_back`` and ``unlink`` of ``cls``, dedented, without the trailing
    comments (the text says what they say)."""
    code = "\n".join(textwrap.dedent(inspect.getsource(getattr(cls, name)))
                     for name in ("push_back", "unlink"))
    return re.sub(r"[ \t]+#.*$", "", code, flags=re.M)


@hooks.show("sentinel_code")
def sentinel_code(ctx: Context) -> None:
    """The two lists' push_back and unlink side by side (one above the other
    where the terminal is too narrow), their ifs counted from the source."""
    pair = (lc.NoneEnded, lc.Sentinel)
    codes = [_source(cls) for cls in pair]
    heads = [f"{cls.__name__}: {branches(cls.push_back) + branches(cls.unlink)} if "
             "statements" for cls in pair]
    widths = [max(len(line) for line in code.splitlines()) for code in codes]
    side_by_side = sum(widths) + 4 <= ctx.console.width
    ctx.console.print(Text(("Left" if side_by_side else "First") + ", None at both ends; "
                           + ("right" if side_by_side else "then") + ", a ring through "
                           "one sentinel.", style="bold"))
    table = Table(show_edge=False, pad_edge=False,
                  box=box.SIMPLE_HEAD if side_by_side else None)
    if side_by_side:
        for head in heads:
            table.add_column(head, no_wrap=True)
        table.add_row(*(_code(code) for code in codes))
    else:
        table.add_column(" / ".join(heads))
        for code in codes:
            table.add_row(_code(code))
    ctx.console.print(table)


def _code(code: str) -> Syntax:
    return Syntax(code, "python", theme="ansi_dark", background_color="default")


def interleaved(a: Callable[[], Any], b: Callable[[], Any], ops: int,
                repeat: int) -> tuple[list[float], list[float]]:
    """Seconds per operation of ``a`` and of ``b``, timed in turn (a, b, a,
    b, ...) after one warm-up each, so that a change in the machine's load
    falls on both."""
    runs: tuple[list[float], list[float]] = ([], [])
    for i in range(repeat + 1):
        for fn, out in ((a, runs[0]), (b, runs[1])):
            start = time.perf_counter()
            fn()
            if i:
                out.append((time.perf_counter() - start) / ops)
    return runs


#: The churned list: short, so that its ends are hit often.
CHURN_N = 100


@hooks.experiment("sentinel_churn")
def sentinel_churn(ctx: Context) -> None:
    ops, repeat = ctx.size(20_000, 4_000), ctx.size(5, 3)
    ctx.quick_note(f"{count(ops)} operations, {repeat} timed runs (full: 20,000 and 5).")
    with ctx.working("churning both lists"):
        none_runs, ring_runs = interleaved(lambda: lc.churn(lc.NoneEnded, CHURN_N, ops),
                                           lambda: lc.churn(lc.Sentinel, CHURN_N, ops),
                                           ops, repeat)
        a, b = lc.churn(lc.NoneEnded, CHURN_N, ops), lc.churn(lc.Sentinel, CHURN_N, ops)
    same = list(a) == list(b)
    ratio = Ratio.of(ring_runs, none_runs)
    rows = [
        Figure(f"None-ended: {count(CHURN_N)} nodes, {count(ops)} × (unlink a random "
               "node, push_back)", "—", spread(none_runs) + "/op",
               f"{count(a.special_cases)} special cases taken "
               f"({a.special_cases / ops:.1%} of operations)"),
        Figure("sentinel ring: the same operations, the same seed", "—",
               spread(ring_runs) + "/op",
               f"{count(b.special_cases)} special cases; sentinel / None-ended "
               f"{ratio.text()}"),
    ]
    ctx.table("Sentinel against None ends: the same churn", rows,
              caption=f"Median (fastest–slowest) of {repeat} timed runs each, the two "
                      "lists timed in turn. Both end with the same values in the same "
                      f"order: {'yes' if same else 'NO'}. The counts are exact: the churn "
                      "draws its positions from a seeded generator.")
    ctx.closing.append(
        f"sentinels: {count(a.special_cases)} special cases in {count(ops)} churn operations "
        f"on the None-ended list, {count(b.special_cases)} on the ring; time sentinel / "
        f"None-ended {ratio.text()}")
    ctx.shared["sentinel"] = {"none": none_runs, "ring": ring_runs, "ops": ops,
                              "cases": a.special_cases, "ring_cases": b.special_cases,
                              "same": same}


@hooks.claim("sentinel_removes_cases")
def sentinel_removes_cases(ctx: Context) -> Verdict:
    s = ctx.shared.get("sentinel")
    if s is None:
        return not_measured("the churn")
    values = {"cases": count(s["cases"]), "ops": count(s["ops"]),
              "share": f"{s['cases'] / s['ops']:.1%}", "ring": count(s["ring_cases"])}
    evidence = (f"None-ended {values['cases']} special cases in {values['ops']} operations, "
                f"sentinel {values['ring']}; same contents: {s['same']}")
    if s["ring_cases"] or not s["same"]:
        return Verdict(False, evidence, values)
    return Verdict(True if s["cases"] else None, evidence, values)


@hooks.claim("sentinel_costs_no_time")
def sentinel_costs_no_time(ctx: Context) -> Verdict:
    s = ctx.shared.get("sentinel")
    if s is None:
        return not_measured("the churn")
    ratio = Ratio.of(s["ring"], s["none"])
    values = {"ratio": ratio.text(),
              "which": "faster" if ratio.median < 1 else "slower"}
    evidence = f"sentinel / None-ended {ratio.text()}"
    # Judged on the whole range of the runs, as the other timed claims are:
    # "no time" only if every run pair is within 15%, a cost only if every
    # one is off by more than 30%, and no verdict where the spread straddles.
    if ratio.at_least(1 / 1.15) and ratio.at_most(1.15):
        return Verdict(True, evidence, values)
    if ratio.at_least(1.3) or ratio.at_most(1 / 1.3):
        return Verdict(False, evidence, values)
    return Verdict(None, evidence, values)
