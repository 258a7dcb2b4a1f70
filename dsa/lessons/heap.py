"""The live part of the heap lesson (text: lessons/heap.md).

Every function a marker of the text calls gets a
:class:`~dsa.lessons.context.Context`.  The experiments re-run the published
heap measurements on this machine; where a published figure needs care
(the second-smallest item, the top-10 stream) the experiment measures what
the text says it measures and shows why.

The parts, in the order the lesson meets them:

* :mod:`.heap_pictures`: the heap rule, the index arithmetic, push and pop
  animated, the side index and the production guards;
* :mod:`.heap_races`: the drain race and the two ways to build a heap;
* :mod:`.heap_model`: the cost model that says why their ratios move;
* :mod:`.heap_sorting`: heapsort in place and heapq's leaf-first pop;
* :mod:`.heap_stream`: the second-smallest item and the top 10 of a stream;
* :mod:`.heap_dijkstra`: the indexed priority queue driving Dijkstra;
* :mod:`.heap_cache`: binary against 4-ary heaps in C, in cache lines;
* :mod:`.heap_arity`: the d-ary trade-off over arities 2, 3, 4 and 8.

Each registers its hooks on the one :data:`hooks` of
:mod:`.heap_common`; importing them here registers them all.
"""

from __future__ import annotations

from .heap_common import (hooks, EXAMPLE, PUSHED, PUB_DRAIN_N, PUB_DRAIN_PLAIN,
                          PUB_DRAIN_INSORT, PUB_DRAIN_HEAP, PUB_BUILD_N,
                          PUB_BUILD_HEAPIFY_SWAPS, PUB_BUILD_PUSH_SWAPS,
                          PUB_BUILD_HEAPIFY_S, PUB_BUILD_PUSH_S, PUB_LEVELS,
                          PUB_SECOND_TRIALS, PUB_SECOND_AT_2, PUB_TOPK_N, PUB_TOPK_K,
                          PUB_TOPK_SORTED, PUB_TOPK_HEAP)
from .heap_pictures import (frame, guards, heap_rule, index_arithmetic, indexed,
                            pop_animation, push_animation)
from .heap_races import (build, c_heapify_vs_push, drain_binaryheap, drain_insort,
                         drain_parts, drain_plain, drain_race, drain_with,
                         heap_beats_insort, heapify_faster_in_time, plain_list_quadratic,
                         push_swaps_descending)
from .heap_model import (cost_model, drain_ratio_moved_by_shift, model_fits_article,
                         model_fits_here)
from .heap_sorting import (heapsort_animation, heapsort_compares_twice, heapsort_race,
                           leaf_first_pop, leaf_first_saves, sorted_beats_heapsort)
from .heap_stream import (count_at_two, second_smallest, share_at_two, subtree_sizes,
                          top_k, top_k_heap, top_k_published_is_stream, top_k_sorted)
from .heap_dijkstra import dijkstra, heapq_dijkstra_faster, indexed_holds_fewer
from .heap_arity import arity_counts_trade, arity_sweep, arity_sweep_pop_time
from .heap_cache import (MAX_CACHE_BYTES, cache_lines, four_ary_wins_past_cache,
                         simulated_heap_misses)

__all__ = ["hooks", "EXAMPLE", "PUSHED", "PUB_DRAIN_N", "PUB_DRAIN_PLAIN",
           "PUB_DRAIN_INSORT", "PUB_DRAIN_HEAP", "PUB_BUILD_N",
           "PUB_BUILD_HEAPIFY_SWAPS", "PUB_BUILD_PUSH_SWAPS", "PUB_BUILD_HEAPIFY_S",
           "PUB_BUILD_PUSH_S", "PUB_LEVELS", "PUB_SECOND_TRIALS", "PUB_SECOND_AT_2",
           "PUB_TOPK_N", "PUB_TOPK_K", "PUB_TOPK_SORTED", "PUB_TOPK_HEAP", "frame",
           "guards", "heap_rule", "index_arithmetic", "indexed", "pop_animation",
           "push_animation", "build", "c_heapify_vs_push", "drain_binaryheap",
           "drain_insort", "drain_parts", "drain_plain", "drain_race", "drain_with",
           "heap_beats_insort", "heapify_faster_in_time", "plain_list_quadratic",
           "push_swaps_descending", "count_at_two", "second_smallest", "share_at_two",
           "subtree_sizes", "top_k", "top_k_heap", "top_k_published_is_stream",
           "top_k_sorted", "MAX_CACHE_BYTES", "cache_lines", "four_ary_wins_past_cache",
           "simulated_heap_misses", "cost_model",
           "drain_ratio_moved_by_shift", "model_fits_article", "model_fits_here",
           "heapsort_animation", "heapsort_compares_twice", "heapsort_race",
           "leaf_first_pop", "leaf_first_saves", "sorted_beats_heapsort", "dijkstra",
           "heapq_dijkstra_faster", "indexed_holds_fewer", "arity_counts_trade",
           "arity_sweep", "arity_sweep_pop_time"]
