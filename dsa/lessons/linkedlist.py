"""The live part of the arrays-vs-linked-lists lesson (text: lessons/linkedlist.md).

Every function here is called by a marker in the text and gets a
:class:`~dsa.lessons.runner.Context`.  The Python experiments time plain
Python loops (the learner could type them); the C experiments call the
kernels of :mod:`dsa.native.linkedlist`, which time themselves inside C.
Where a published experiment is too slow or too large to run at full size
within the lesson's time budget, it runs smaller and the table says so.

The functions live in modules by what they do, all registered on one
:data:`hooks`; this module gathers them for the runner (and for anyone who
imports a step's function or figure from here).
"""

from __future__ import annotations

from .linkedlist_boxes import (OPERATIONS, Scene, boxes, draw, insert_frames,
                               remove_frames, splice_frames)
from .linkedlist_common import (PUB_N, Node, build_nodes, build_nodes_shuffled, hooks,
                                range_sum, sum_by_index, sum_list, sum_nodes)
from .linkedlist_counts import (CG_KINDS, CG_N, LINE_KINDS, LINES_N, MEMORY_N, lines,
                                memory, simulated_misses, traced_bytes)
from .linkedlist_ladder import (LLC_HIT_MAX_NS, SVG_NAME, LadderFigures, cache_steps,
                                ladder, ladder_bars, ladder_model, ladder_steps_at_caches,
                                ladder_svg, latency_at, memory_vs_l1,
                                sequential_under_a_nanosecond, virtual_machine)
from .linkedlist_model import (ratio_model, ratio_model_fits_article,
                               ratio_model_fits_here)
from .linkedlist_nodes import (CHURN_N, block_size, branches, interleaved,
                               nodes_born_together, placements, pymalloc_sizes,
                               sentinel_churn, sentinel_code, sentinel_costs_no_time,
                               sentinel_removes_cases, shuffle_scatters_nodes)
from .linkedlist_ops import (LRU_TRACE, OPS_N, SHIFT_N, front_insert,
                             front_insert_linked_wins, implied_bandwidth,
                             list_front_insert, lru, middle_insert,
                             middle_insert_array_wins, remove_held,
                             remove_held_linked_wins, shift_1000, shift_1000_cost)
from .linkedlist_tlb import (TLB_SIZES, TlbFigures, huge_pages_help,
                             page_walks_explain_dram, thp_setting, tlb, walk_model)
from .linkedlist_walks import (C_WALK_NAMES, allocation_order, allocation_order_matters,
                               c_walks, inorder_nodes_vs_array, python_nodes_slower,
                               python_shuffle_parts, python_walk, python_walk_size,
                               shuffled_array, shuffled_array_beats_shuffled_nodes,
                               shuffled_nodes_wait)
from .per_op import REPEATS

__all__ = [
    "hooks", "Node", "build_nodes", "build_nodes_shuffled", "sum_list", "sum_nodes",
    "sum_by_index", "range_sum", "PUB_N", "REPEATS",
    # the walks
    "python_walk", "python_walk_size", "c_walks", "C_WALK_NAMES", "shuffled_array",
    "python_shuffle_parts", "allocation_order", "python_nodes_slower",
    "inorder_nodes_vs_array", "shuffled_nodes_wait", "shuffled_array_beats_shuffled_nodes",
    "allocation_order_matters",
    # the ladder
    "ladder", "ladder_bars", "ladder_svg", "ladder_model", "LadderFigures", "latency_at",
    "cache_steps", "virtual_machine", "LLC_HIT_MAX_NS", "SVG_NAME",
    "ladder_steps_at_caches", "memory_vs_l1", "sequential_under_a_nanosecond",
    # lines and bytes
    "lines", "simulated_misses", "memory", "traced_bytes", "LINE_KINDS", "LINES_N",
    "CG_KINDS", "CG_N", "MEMORY_N",
    # inserts, removals, the LRU cache
    "front_insert", "middle_insert", "remove_held", "shift_1000", "lru",
    "list_front_insert", "implied_bandwidth", "front_insert_linked_wins",
    "middle_insert_array_wins", "remove_held_linked_wins", "shift_1000_cost",
    "LRU_TRACE", "OPS_N", "SHIFT_N",
    # nodes drawn, sentinels, where pymalloc puts nodes, the TLB
    "boxes", "draw", "Scene", "OPERATIONS", "insert_frames", "remove_frames",
    "splice_frames", "sentinel_code", "sentinel_churn", "sentinel_removes_cases",
    "sentinel_costs_no_time", "interleaved", "branches", "CHURN_N", "placements",
    "nodes_born_together", "shuffle_scatters_nodes", "pymalloc_sizes", "block_size",
    "tlb", "walk_model", "thp_setting", "TlbFigures", "TLB_SIZES", "huge_pages_help",
    "page_walks_explain_dram",
    # the cost model of the two ratios
    "ratio_model", "ratio_model_fits_article", "ratio_model_fits_here",
]
