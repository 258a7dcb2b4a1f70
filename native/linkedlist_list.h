/* linkedlist_list.h: the C linked list's header struct and what its two
 * files share.  linkedlist.c keeps the list's operations and their tracing;
 * linkedlist_memory.c keeps where the nodes live (the pools) and the
 * registry that checks a node reference from Python (see both files' opening
 * comments for why).  Internal: no cffi markers, so Python never sees it.
 */
#ifndef DSA_LINKEDLIST_LIST_H
#define DSA_LINKEDLIST_LIST_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "linkedlist.h"
#include "linkedlist_node.h"
#include "trace.h"

enum { LINE = DSA_LINE_BYTES };

/* ---- the registry: address -> serial of every live node ----------------- */

struct reg_entry {
    uintptr_t key;           /* node address; 0 marks an empty slot */
    uint64_t serial;
};

struct registry {
    struct reg_entry *slots;
    size_t cap;              /* 0 or a power of two, at most half full */
    size_t count;
};

/* Pools: line-aligned blocks whose first line holds this header. */
struct chunk {
    struct chunk *next;
    size_t count;            /* nodes in the block, after the header line */
};

struct arena {
    struct chunk *chunks;
    struct dsa_ll_node *free;    /* free nodes, linked through next */
    size_t free_count;
    size_t slots;                /* nodes in all chunks */
};

struct dsa_ll {
    /* The header line: what every operation reads or writes. */
    struct dsa_ll_node *head;
    struct dsa_ll_node *tail;
    size_t len;
    uint64_t mods;
    dsa_trace *trace;
    int layout;
    /* Bookkeeping, not traced. */
    uint64_t next_serial;
    uint64_t rng;
    struct registry reg;
    struct arena arena;
};

#define HOT_BYTES offsetof(struct dsa_ll, next_serial)
_Static_assert(offsetof(struct dsa_ll, next_serial) <= LINE,
               "the fields every operation touches fit one line");

/* ---- small helpers, both files ------------------------------------------ */

static inline void visit(const dsa_ll *l, const struct dsa_ll_node *p)
{
    (void)l;
    (void)p;
    DSA_TOUCH(l->trace, p, sizeof *p);
}

static inline void trace_begin(dsa_ll *l)
{
    if (l->trace == NULL)
        return;
    dsa_trace_reset(l->trace);
    DSA_TOUCH(l->trace, l, HOT_BYTES);
}

/* ---- where the nodes live (linkedlist_memory.c) -------------------------- */

/* Room for k more nodes: registry slots, and pool nodes if pooled.  After
 * this, dsa_ll_take() cannot fail for a pooled list. */
int dsa_ll_reserve(dsa_ll *l, size_t k);
/* An unregistered node from the pool or malloc; NULL if malloc says no. */
struct dsa_ll_node *dsa_ll_take(dsa_ll *l);
/* Forget a node that has been unlinked, and give its memory back. */
void dsa_ll_release(dsa_ll *l, struct dsa_ll_node *p);
/* A registered node holding value, not yet linked.  Needs reserve(l, 1). */
int dsa_ll_make_node(dsa_ll *l, int64_t value, struct dsa_ll_node **out);
/* Free every pool chunk (the nodes in them with it). */
void dsa_ll_arena_clear(struct arena *a);
/* 1 if p is one of the node slots of the list's chunks. */
int dsa_ll_arena_holds(const struct arena *a, const struct dsa_ll_node *p);

/* The registry: the entry of a live node's address (NULL if none); add a
 * node known to be absent (needs room: dsa_ll_reserve); forget them all. */
struct reg_entry *dsa_ll_reg_find(const struct registry *r, uintptr_t key);
void dsa_ll_reg_put(struct registry *r, uintptr_t key, uint64_t serial);
void dsa_ll_reg_clear(struct registry *r);

#endif /* DSA_LINKEDLIST_LIST_H */
