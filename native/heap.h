/* heap.h: a d-ary heap of int64 in one contiguous array (see heap.c).
 *
 * Ownership: dsa_heap_new() and dsa_heap_clone() hand the caller a heap that
 * the caller releases with dsa_heap_free().  The heap owns its array and its
 * trace; nothing it returns points into them.  Every function that can fail
 * returns an enum dsa_status and writes its result through an out pointer.
 *
 * A max-heap holds ~x instead of x: bitwise not reverses the order of
 * two's-complement integers and, unlike -x, never overflows, so the same
 * min-heap code serves both.  Items go in and come out as the caller's x.
 */
#ifndef DSA_HEAP_H
#define DSA_HEAP_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

/* cffi:begin */
typedef struct dsa_heap dsa_heap;

enum {
    DSA_HEAP_MIN_ARITY = 2,
    DSA_HEAP_MAX_ARITY = 16
};

/* --- the structure ------------------------------------------------------ */

/* A new empty heap; DSA_EVALUE unless 2 <= arity <= 16.  counting != 0 keeps
 * the comparison and swap counters, max_heap != 0 pops the largest first. */
int dsa_heap_new(size_t arity, int max_heap, int counting, dsa_heap **out);
/* An independent copy: same items in the same order, same counters. */
int dsa_heap_clone(const dsa_heap *h, dsa_heap **out);
void dsa_heap_free(dsa_heap *h);

/* Make room for `capacity` items (DSA_ENOMEM if that cannot be had). */
int dsa_heap_reserve(dsa_heap *h, size_t capacity);
int dsa_heap_push(dsa_heap *h, int64_t item);
/* DSA_EEMPTY on an empty heap.  `out` may be NULL. */
int dsa_heap_pop(dsa_heap *h, int64_t *out);
int dsa_heap_peek(dsa_heap *h, int64_t *out);
/* Push then pop, in one sift (heapq.heappushpop): never empty. */
int dsa_heap_pushpop(dsa_heap *h, int64_t item, int64_t *out);
/* Pop then push, in one sift (heapq.heapreplace): DSA_EEMPTY if empty. */
int dsa_heap_replace(dsa_heap *h, int64_t item, int64_t *out);
/* Replace the contents with items[0..n) and restore the heap rule bottom up.
 * `items` must not point into the heap.  On failure the heap is unchanged. */
int dsa_heap_heapify(dsa_heap *h, const int64_t *items, size_t n);
/* Empty the heap and give its array back. */
void dsa_heap_clear(dsa_heap *h);

/* --- looking without changing (never traced) ---------------------------- */

size_t dsa_heap_len(const dsa_heap *h);
size_t dsa_heap_capacity(const dsa_heap *h);
size_t dsa_heap_arity(const dsa_heap *h);
int dsa_heap_is_max(const dsa_heap *h);
/* The item at array position `index` (0 is the top); DSA_EINDEX past the end. */
int dsa_heap_get(const dsa_heap *h, size_t index, int64_t *out);
/* The first n items in array order; DSA_EINDEX if n > len. */
int dsa_heap_items(const dsa_heap *h, int64_t *out, size_t n);
/* 1 if every item is no smaller (max-heap: no larger) than its parent and
 * the bookkeeping is consistent, else 0. */
int dsa_heap_check(const dsa_heap *h);
/* Bumped by every change of the contents, so an iterator can notice one. */
uint64_t dsa_heap_mods(const dsa_heap *h);

/* --- counters ----------------------------------------------------------- */

int dsa_heap_counting(const dsa_heap *h);
void dsa_heap_counters(const dsa_heap *h, uint64_t *comparisons,
                       uint64_t *swaps);
void dsa_heap_reset_counters(dsa_heap *h);

/* --- tracing (meaningful only in the traced build) ---------------------- */

/* on != 0 gives the heap a trace (DSA_EVALUE in the ordinary build), 0 drops
 * it.  While on, each operation above the "looking" line first forgets the
 * previous one, then records every 64-byte line it touches. */
int dsa_heap_set_tracing(dsa_heap *h, int on);
int dsa_heap_tracing(const dsa_heap *h);
/* Distinct lines touched by the last operation (0 without a trace). */
size_t dsa_heap_last_lines(const dsa_heap *h);
/* 1 if the trace ran out of memory and the count above is too small. */
int dsa_heap_trace_overflowed(const dsa_heap *h);
/* Byte offset of items[0] inside its 64-byte line: 56 by design (so that
 * items[1] starts a line), or -1 while the heap has no array. */
int dsa_heap_items_offset(const dsa_heap *h);

/* --- kernels timed inside C -------------------------------------------- */
/* Each makes its input with dsa_splitmix64 from `seed` before the clock
 * starts, times only the heap work, and checks its own result (ok = 1).
 * Times are in nanoseconds of CLOCK_MONOTONIC. */

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

#endif /* DSA_HEAP_H */
