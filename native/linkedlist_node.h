/* linkedlist_node.h: the node of the C linked list, and the helpers the
 * list (linkedlist.c) and its timing kernels (linkedlist_kernels.c) share.
 *
 * Shared between C files only: no part of it is visible to Python.  The
 * kernels build their chains from this very node type, so the lesson's
 * timings are of the list's own memory layout.
 */
#ifndef DSA_LINKEDLIST_NODE_H
#define DSA_LINKEDLIST_NODE_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "common.h"
#include "trace.h"

struct dsa_ll_node {
    struct dsa_ll_node *prev;
    struct dsa_ll_node *next;
    int64_t value;
};

_Static_assert(sizeof(struct dsa_ll_node) == 24, "a node is three words");

/* Round up to a multiple of the line size; 0 on overflow. */
static inline size_t dsa_round_to_line(size_t bytes)
{
    if (bytes > SIZE_MAX - (DSA_LINE_BYTES - 1))
        return 0;
    return (bytes + DSA_LINE_BYTES - 1) / DSA_LINE_BYTES * DSA_LINE_BYTES;
}

/* A line-aligned block of at least `bytes` bytes (bytes > 0), or NULL. */
static inline void *dsa_alloc_lines(size_t bytes)
{
    size_t rounded = dsa_round_to_line(bytes);
    return rounded == 0 ? NULL : aligned_alloc(DSA_LINE_BYTES, rounded);
}

/* A uniform-enough index in [0, bound) (bound > 0). */
static inline size_t dsa_draw_below(uint64_t *state, size_t bound)
{
    return (size_t)(dsa_splitmix64(state) % (uint64_t)bound);
}

/* Write a random permutation of 0..n-1 into the value fields of nodes[]
 * (Fisher-Yates: for i = n-1 down to 1, swap i with draw % (i + 1)). */
static inline void dsa_ll_shuffle_into_values(struct dsa_ll_node *nodes,
                                              size_t n, uint64_t *state)
{
    for (size_t i = 0; i < n; i++)
        nodes[i].value = (int64_t)i;
    for (size_t i = n; i-- > 1;) {
        size_t j = dsa_draw_below(state, i + 1);
        int64_t t = nodes[i].value;
        nodes[i].value = nodes[j].value;
        nodes[j].value = t;
    }
}

#endif /* DSA_LINKEDLIST_NODE_H */
