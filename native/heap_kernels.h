/* heap_kernels.h: the d-ary heap timed inside C (heap_kernels.c).
 *
 * Each kernel makes its input with dsa_splitmix64 from `seed` before the
 * clock starts, times only the heap work, and checks its own result
 * (ok = 1).  Times are in nanoseconds of CLOCK_MONOTONIC.  A bad arity is
 * DSA_EVALUE, as for dsa_heap_new().
 */
#ifndef DSA_HEAP_KERNELS_H
#define DSA_HEAP_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

/* cffi:begin */
/* Push n random items, then pop them all. */
struct dsa_heap_drain_result {
    int64_t push_ns;     /* all n pushes */
    int64_t pop_ns;      /* all n pops */
    int64_t total_ns;    /* push_ns + pop_ns */
    int ok;              /* pops came out sorted, same multiset as pushed */
};
int dsa_heap_kernel_drain(size_t n, size_t arity, uint64_t seed,
                          struct dsa_heap_drain_result *out);

enum dsa_heap_build_method {
    DSA_HEAP_BUILD_HEAPIFY = 0,  /* bottom up, sift-down from the last parent */
    DSA_HEAP_BUILD_PUSH = 1      /* one push at a time */
};
enum dsa_heap_order {
    DSA_HEAP_DESCENDING = 0,     /* n-1, n-2, ..., 0 */
    DSA_HEAP_ASCENDING = 1,      /* 0, 1, ..., n-1 */
    DSA_HEAP_RANDOM = 2          /* n splitmix64 values */
};
/* Build a min-heap of n items.  ns is from a run without counters; the
 * counts come from a second, untimed run of the same build. */
struct dsa_heap_build_result {
    uint64_t comparisons;
    uint64_t swaps;
    int64_t ns;
    int ok;              /* heap rule holds, same multiset as the input */
};
int dsa_heap_kernel_build(size_t n, size_t arity, int method, int order,
                          uint64_t seed, struct dsa_heap_build_result *out);

/* Heapify `size` random items, then time `ops` pops and `ops` pushes of
 * fresh random items in rounds of at most size/4 (so the heap stays between
 * 3/4 size and size), and separately `ops` pop-then-push pairs at size. */
struct dsa_heap_op_cost_result {
    int64_t pop_ns;      /* all ops pops */
    int64_t push_ns;     /* all ops pushes */
    int64_t pair_ns;     /* all ops pop+push pairs */
    int ok;              /* heap rule holds, size and checksum add up */
};
int dsa_heap_kernel_op_cost(size_t size, size_t arity, size_t ops,
                            uint64_t seed,
                            struct dsa_heap_op_cost_result *out);

/* Traced build only (DSA_EVALUE otherwise): heapify `size` random items,
 * then `ops` times pop and push a fresh random item, adding up the lines
 * each touched as dsa_heap_last_lines() counts them. */
struct dsa_heap_lines_result {
    uint64_t push_lines;  /* total over ops pushes */
    uint64_t pop_lines;   /* total over ops pops */
    int ok;
};
int dsa_heap_kernel_lines(size_t size, size_t arity, size_t ops,
                          uint64_t seed, struct dsa_heap_lines_result *out);
/* cffi:end */

#endif /* DSA_HEAP_KERNELS_H */
