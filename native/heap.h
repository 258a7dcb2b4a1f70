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

/* cffi:end */

#endif /* DSA_HEAP_H */
