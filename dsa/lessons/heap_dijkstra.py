"""The heap lesson's indexed priority queue at work: Dijkstra's shortest
paths on a random graph, lowering priorities in place (the side index)
against heapq's duplicates-and-skip.  The algorithms are in
:mod:`dsa.lessons.heap_canon`."""

from __future__ import annotations

from typing import Any

from dsa.timing import measure

from . import heap_canon as hc
from .context import Context
from .figures import Figure, Ratio, count, seconds
from .heap_common import claim_on, hooks, surely_faster
from .verdicts import Verdict

EDGES_PER_NODE = 8


@hooks.experiment("dijkstra")
def dijkstra(ctx: Context) -> None:
    nodes = 2_000 if ctx.quick else 10_000
    repeat = 1 if ctx.quick else 3
    ctx.quick_note(f"a graph of {count(nodes)} nodes (full mode: 10,000), each search "
                   "timed once (full: median of 3).")
    graph = hc.random_graph(nodes, EDGES_PER_NODE, seed=3)
    found: dict = {}                     # each search's last result
    with ctx.working("finding shortest paths twice"):
        t_i = measure(lambda: found.__setitem__("indexed", hc.dijkstra_indexed(graph, 0)),
                      repeat=repeat, warmup=0)
        t_l = measure(lambda: found.__setitem__("lazy", hc.dijkstra_lazy(graph, 0)),
                      repeat=repeat, warmup=0)
    (dist_i, work_i), (dist_l, work_l) = found["indexed"], found["lazy"]
    if not hc.same_distances(dist_i, dist_l) or len(dist_i) != nodes:
        raise AssertionError("the two searches found different distances")
    ctx.shared["dijkstra"] = {"nodes": nodes, "indexed": work_i, "lazy": work_l,
                              "t_indexed": t_i.runs, "t_lazy": t_l.runs}
    edges = nodes * EDGES_PER_NODE
    rows = [
        Figure("indexed queue (dsa.heap.IndexedPriorityQueue, Python): entries",
               "not published",
               f"{count(work_i.pushes)} pushes, {count(work_i.changes)} priorities "
               f"lowered in place, at most {count(work_i.largest)} held",
               seconds(t_i.median)),
        Figure("heapq, push again and skip stale entries (C sifts): entries",
               "not published",
               f"{count(work_l.pushes)} pushes, {count(work_l.stale)} popped stale, "
               f"at most {count(work_l.largest)} held",
               seconds(t_l.median)),
        Figure("the same distances from both", "", f"{count(len(dist_i))} nodes",
               f"indexed / heapq time {Ratio.of(t_i.runs, t_l.runs).text()}"),
    ]
    ctx.table(f"Dijkstra from node 0: {count(nodes)} nodes, {count(edges)} edges "
              "(a ring plus random edges, weights 1 to 100)", rows,
              caption="The work grows as (nodes + edges) × log(nodes): ten times the "
                      "graph takes a little over ten times as long. The counts are "
                      "exact for this graph; the times are medians.")


@claim_on("indexed_holds_fewer", "dijkstra", "the two shortest-path searches")
def indexed_holds_fewer(found: Any) -> Verdict:
    wi, wl = found["indexed"], found["lazy"]
    values = {"changes": count(wi.changes), "stale": count(wl.stale),
              "held_i": count(wi.largest), "held_l": count(wl.largest),
              "pushes_l": count(wl.pushes), "nodes": count(found["nodes"])}
    holds = wi.largest < wl.largest and wi.changes == wl.stale and wi.stale == 0
    return Verdict(holds, f"indexed: {values['changes']} lowered in place, at most "
                   f"{values['held_i']} held; heapq: {values['stale']} stale, at most "
                   f"{values['held_l']} held", values)


@claim_on("heapq_dijkstra_faster", "dijkstra", "the two shortest-path searches")
def heapq_dijkstra_faster(found: Any) -> Verdict:
    ratio = Ratio.of(found["t_indexed"], found["t_lazy"])
    holds = surely_faster(ratio, 1.2)
    return Verdict(holds, f"indexed / heapq time {ratio.text()}", {"ratio": ratio.text()})
