/* heap_sift.h: the sifts of the d-ary heap, shared by the heap's methods
 * (heap.c) and the kernels that time them (heap_kernels.c).
 *
 * Internal to the C twins: no cffi markers, so Python never sees it.
 *
 * Push puts the item in a hole at the end and lets it climb.  Pop (and
 * replace, pushpop) uses the bottom-up sift-down of std::pop_heap: the hole
 * left at the root walks down to a leaf, always pulling up the smallest
 * child, and then the item that must be re-placed climbs back from there.
 * In a random heap that item belongs near the bottom, so the climb is short
 * and a level costs d-1 comparisons instead of the textbook d.  Heapify uses
 * the textbook sift-down, from the last parent back to the root.
 *
 * Counting.  A "swap" is one item moved one level, counted as the textbook
 * swap-based sift would count it.  Push and heapify move through a hole,
 * one move per level, which is exactly that.  The bottom-up pop moves items
 * up on the way down and some back down on the way up; it counts the levels
 * down minus the levels back up, which is how many swaps the textbook loop
 * makes.  Its climb passes over items equal to the one climbing, so that
 * item lands where the textbook loop would put it and the two leave the
 * same array.  Comparisons are the ones actually made.
 *
 * The helpers (marked SIFT, always inlined) take the arity, the counters and
 * the trace as arguments.  The kernels call them with a constant arity and
 * NULL counters and trace, and the compiler drops the counting and tracing
 * code from those copies entirely; the methods pass the heap's own, and pay
 * one predictable branch per counter.  (gcc will not always inline them on
 * its own at -O2, and without inlining the constant arity cannot reach them.)
 */
#ifndef DSA_HEAP_SIFT_H
#define DSA_HEAP_SIFT_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "trace.h"

#if defined(__GNUC__) || defined(__clang__)
#define SIFT static inline __attribute__((always_inline))
#else
#define SIFT static inline
#endif

/* Counters of one operation, added to the heap's at the end.  NULL: off. */
struct tally {
    uint64_t comparisons;
    uint64_t swaps;
};

/* An array for at least `want` items laid out as the heap lays out its own
 * (see heap.c: items[1] starts a 64-byte line); *cap gets what it really
 * holds.  NULL if it cannot be had.  Free it with dsa_heap_array_free(). */
int64_t *dsa_heap_array_new(size_t want, size_t *cap);
void dsa_heap_array_free(int64_t *items);

/* Every read and write of a slot goes through these two, so that the traced
 * build sees each access.  In the ordinary build they are plain a[i]. */
SIFT int64_t get(const int64_t *a, size_t i, dsa_trace *t)
{
    (void)t;   /* unused in the ordinary build */
    DSA_TOUCH(t, &a[i], sizeof a[i]);
    return a[i];
}

SIFT void put(int64_t *a, size_t i, int64_t x, dsa_trace *t)
{
    (void)t;
    DSA_TOUCH(t, &a[i], sizeof a[i]);
    a[i] = x;
}

SIFT int less(int64_t x, int64_t y, struct tally *c)
{
    if (c != NULL)
        c->comparisons++;
    return x < y;
}

/* Move x into the hole at i, counted as one swap (as the textbook loop,
 * which swaps an item with its parent or child, would count it). */
SIFT void move_into(int64_t *a, size_t i, int64_t x, struct tally *c,
                    dsa_trace *t)
{
    put(a, i, x, t);
    if (c != NULL)
        c->swaps++;
}

/* ---- sifting ------------------------------------------------------------ */

/* x enters at hole i and climbs while it is smaller than its parent; each
 * parent it passes moves down one level into the hole.  Ties stop it. */
SIFT void sift_up(int64_t *a, size_t i, int64_t x, size_t d,
                  struct tally *c, dsa_trace *t)
{
    while (i > 0) {
        size_t parent = (i - 1) / d;
        int64_t p = get(a, parent, t);
        if (!less(x, p, c))
            break;
        move_into(a, i, p, c, t);
        i = parent;
    }
    put(a, i, x, t);
}

/* The smallest of the children a[first .. end), first one on ties.
 *
 * Which child is smaller is a coin toss in a random heap, so a branch here
 * is mispredicted half the time; written with ?: the compiler uses
 * conditional moves instead (drain of 10^6: about 10% faster at d = 2,
 * 30% at d = 4). */
SIFT size_t smallest(const int64_t *a, size_t first, size_t end,
                     int64_t *value, struct tally *c, dsa_trace *t)
{
    size_t best = first;
    int64_t v = get(a, first, t);
    for (size_t k = first + 1; k < end; k++) {
        int64_t w = get(a, k, t);
        int smaller = less(w, v, c);
        best = smaller ? k : best;
        v = smaller ? w : v;
    }
    *value = v;
    return best;
}

/* The root of a[0 .. n) is a hole; put x in the heap (bottom-up, see top). */
SIFT void sift_down_root(int64_t *a, size_t n, int64_t x, size_t d,
                         struct tally *c, dsa_trace *t)
{
    size_t i = 0, first, levels = 0;
    int64_t v;

    /* Down to a leaf: full families first, then maybe one partial one. */
    while ((first = d * i + 1) + d <= n) {
        size_t best = smallest(a, first, first + d, &v, c, t);
        put(a, i, v, t);
        i = best;
        levels++;
    }
    if (first < n) {
        size_t best = smallest(a, first, n, &v, c, t);
        put(a, i, v, t);
        i = best;
        levels++;
    }
    /* Back up while the parent is not smaller than x. */
    while (i > 0) {
        size_t parent = (i - 1) / d;
        int64_t p = get(a, parent, t);
        if (less(p, x, c))
            break;
        put(a, i, p, t);
        i = parent;
        levels--;
    }
    put(a, i, x, t);
    if (c != NULL)
        c->swaps += levels;
}

/* Remove and return the root of a[0 .. n), n >= 1. */
SIFT int64_t pop_root(int64_t *a, size_t n, size_t d,
                      struct tally *c, dsa_trace *t)
{
    int64_t top = get(a, 0, t);
    int64_t last = get(a, n - 1, t);
    if (n > 1)
        sift_down_root(a, n - 1, last, d, c, t);
    return top;
}

/* Textbook sift-down of a[i] within a[0 .. n), used by heapify. */
SIFT void sift_down(int64_t *a, size_t n, size_t i, size_t d,
                    struct tally *c, dsa_trace *t)
{
    int64_t x = get(a, i, t), v;
    size_t first;
    while ((first = d * i + 1) < n) {
        size_t end = n - first < d ? n : first + d;
        size_t best = smallest(a, first, end, &v, c, t);
        if (!less(v, x, c))
            break;
        move_into(a, i, v, c, t);
        i = best;
    }
    put(a, i, x, t);
}

SIFT void heapify_array(int64_t *a, size_t n, size_t d,
                        struct tally *c, dsa_trace *t)
{
    if (n < 2)
        return;
    for (size_t i = (n - 2) / d + 1; i-- > 0;)
        sift_down(a, n, i, d, c, t);
}

#endif /* DSA_HEAP_SIFT_H */
