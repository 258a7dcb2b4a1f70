/* linkedlist.h: a doubly linked list of int64 (see linkedlist.c).  The
 * kernels that time walks through memory are in linkedlist_kernels.h.
 *
 * Ownership: dsa_ll_new() hands the caller a list that the caller releases
 * with dsa_ll_free().  The list owns its nodes, its node registry and its
 * trace.  Every function that can fail returns an enum dsa_status and writes
 * its result through out pointers; nothing prints or aborts.
 *
 * Node references.  Python may hold on to a node (to insert beside it or
 * remove it in O(1) later), but it must never be able to make C touch freed
 * memory.  So a node goes out as a struct dsa_ll_ref: the node's address as
 * an integer plus a serial number the list gave the node when it was made.
 * Every function that takes a reference first looks the address up in the
 * list's registry of live nodes and compares serials (see
 * linkedlist_memory.c);
 * an address that is not a live node of this list, or a live node that is
 * not the one the reference was made for, gives DSA_EVALUE and C never
 * dereferences it.
 */
#ifndef DSA_LINKEDLIST_H
#define DSA_LINKEDLIST_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

/* cffi:begin */
typedef struct dsa_ll dsa_ll;

/* Where the nodes of a list live. */
enum dsa_ll_layout {
    DSA_LL_MALLOC = 0,    /* one malloc per node, freed when it is removed */
    DSA_LL_SHUFFLED = 1,  /* pooled, handed out in a random address order */
    DSA_LL_POOL = 2       /* pooled, handed out in address order */
};

/* A node as Python may hold it: never dereferenced without a check. */
struct dsa_ll_ref {
    uintptr_t node;       /* the node's address; 0 means "no node" */
    uint64_t serial;      /* which node that address held when referenced */
};

/* What dsa_ll_check() found; DSA_LL_CHECK_OK is 0. */
enum dsa_ll_check_code {
    DSA_LL_CHECK_OK = 0,
    DSA_LL_CHECK_ENDS = 1,        /* head/tail/len disagree */
    DSA_LL_CHECK_LINKS = 2,       /* some p->next->prev != p */
    DSA_LL_CHECK_LENGTH = 3,      /* forward walk is not len nodes (or cycles) */
    DSA_LL_CHECK_BACKWARD = 4,    /* backward walk disagrees with the forward one */
    DSA_LL_CHECK_OWNER = 5,       /* a node is not registered to this list */
    DSA_LL_CHECK_REGISTRY = 6,    /* registry holds more or fewer than len nodes */
    DSA_LL_CHECK_POOL = 7         /* a node outside the pool, or slots lost */
};

/* --- the structure ------------------------------------------------------ */

/* A new empty list; DSA_EVALUE for an unknown layout.  `seed` drives the
 * shuffled layout's address order. */
int dsa_ll_new(int layout, uint64_t seed, dsa_ll **out);
void dsa_ll_free(dsa_ll *l);

/* Append items[0..n) in order.  All or nothing: on failure (DSA_ENOMEM) the
 * list is unchanged.  `items` must not point into the list. */
int dsa_ll_extend(dsa_ll *l, const int64_t *items, size_t n);
/* Add one value at an end; `out` (may be NULL) receives its node. */
int dsa_ll_push_back(dsa_ll *l, int64_t value, struct dsa_ll_ref *out);
int dsa_ll_push_front(dsa_ll *l, int64_t value, struct dsa_ll_ref *out);
/* Insert before position `index` (index == len appends); DSA_EINDEX past it. */
int dsa_ll_insert(dsa_ll *l, size_t index, int64_t value);
/* Remove the node at `index`; DSA_EEMPTY if empty, DSA_EINDEX if out of range. */
int dsa_ll_pop(dsa_ll *l, size_t index, int64_t *out);
int dsa_ll_get(dsa_ll *l, size_t index, int64_t *out);
int dsa_ll_set(dsa_ll *l, size_t index, int64_t value);
/* First position in [start, stop) holding `value`, and its node (either out
 * pointer may be NULL); DSA_EVALUE if there is none. */
int dsa_ll_find(dsa_ll *l, int64_t value, size_t start, size_t stop,
                size_t *index, struct dsa_ll_ref *node);
/* Unlink and free the first node holding `value`; DSA_EVALUE if none. */
int dsa_ll_remove_value(dsa_ll *l, int64_t value);
/* How many nodes hold `value`. */
size_t dsa_ll_count(dsa_ll *l, int64_t value);
void dsa_ll_reverse(dsa_ll *l);
/* Stable merge sort of the links (values stay in their nodes); descending
 * != 0 sorts largest first, still keeping equal values in their order. */
void dsa_ll_sort(dsa_ll *l, int descending);
/* Relink so that position k holds the node that was at order[k].  `order`
 * must be a permutation of 0..len-1 (DSA_EVALUE otherwise, n != len too);
 * DSA_ENOMEM if the scratch arrays cannot be had.  Unchanged on failure. */
int dsa_ll_permute(dsa_ll *l, const size_t *order, size_t n);
/* Remove every node (every reference goes stale). */
void dsa_ll_clear(dsa_ll *l);

/* --- node references ---------------------------------------------------- */

/* The node at `index` (a walk from the nearer end); DSA_EINDEX if none. */
int dsa_ll_node_at(dsa_ll *l, size_t index, struct dsa_ll_ref *out);
/* Read or write the value of a referenced node. */
int dsa_ll_node_get(dsa_ll *l, const struct dsa_ll_ref *ref, int64_t *out);
int dsa_ll_node_set(dsa_ll *l, const struct dsa_ll_ref *ref, int64_t value);
/* A new node holding `value` next to `ref`; `out` (may be NULL) receives it. */
int dsa_ll_insert_after(dsa_ll *l, const struct dsa_ll_ref *ref,
                        int64_t value, struct dsa_ll_ref *out);
int dsa_ll_insert_before(dsa_ll *l, const struct dsa_ll_ref *ref,
                         int64_t value, struct dsa_ll_ref *out);
/* Unlink and free the node; `out` (may be NULL) receives its value. */
int dsa_ll_remove_node(dsa_ll *l, const struct dsa_ll_ref *ref, int64_t *out);
int dsa_ll_move_to_front(dsa_ll *l, const struct dsa_ll_ref *ref);
int dsa_ll_move_to_back(dsa_ll *l, const struct dsa_ll_ref *ref);

/* --- looking without changing (never traced) ---------------------------- */

size_t dsa_ll_len(const dsa_ll *l);
int dsa_ll_layout(const dsa_ll *l);
/* Bumped by every change of the structure (not by writing a value). */
uint64_t dsa_ll_mods(const dsa_ll *l);
/* The first n values, front to back; DSA_EINDEX if n > len. */
int dsa_ll_items(const dsa_ll *l, int64_t *out, size_t n);
/* References to the head and the tail (node 0 when the list is empty). */
void dsa_ll_ends(const dsa_ll *l, struct dsa_ll_ref *head,
                 struct dsa_ll_ref *tail);
/* A reference to the node at `index`, walking from the nearer end as
 * dsa_ll_node_at does but never traced; node 0 when index >= len.  How an
 * iterator finds its position again after the list has changed. */
void dsa_ll_ref_at(const dsa_ll *l, size_t index, struct dsa_ll_ref *out);
/* One step of a walk: the value of `ref` and a reference to the node after
 * it (forward != 0) or before it; node 0 at the end.  DSA_EVALUE if stale. */
int dsa_ll_step(const dsa_ll *l, const struct dsa_ll_ref *ref, int forward,
                int64_t *value, struct dsa_ll_ref *next);
/* 1 if ref is a live node of this list (never touches the node itself). */
int dsa_ll_owns(const dsa_ll *l, const struct dsa_ll_ref *ref);
/* One of enum dsa_ll_check_code. */
int dsa_ll_check(const dsa_ll *l);
/* Bytes the list holds from malloc: header, nodes (or pools), registry. */
size_t dsa_ll_bytes(const dsa_ll *l);
/* sizeof of one node: prev, next, value. */
size_t dsa_ll_node_bytes(void);

/* --- tracing (meaningful only in the traced build) ---------------------- */

/* on != 0 gives the list a trace (DSA_EVALUE in the ordinary build).  While
 * on, each operation above the "looking" line first forgets the previous
 * one, then records the header line and the lines of every node it reads
 * or writes. */
int dsa_ll_set_tracing(dsa_ll *l, int on);
size_t dsa_ll_last_lines(const dsa_ll *l);
int dsa_ll_trace_overflowed(const dsa_ll *l);
/* cffi:end */

#endif /* DSA_LINKEDLIST_H */
