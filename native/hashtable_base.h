/* hashtable_base.h: what the two C hash tables share inside the C twins.
 *
 * hashtable.c keeps what both tables have (struct dsa_ht: the counts, the
 * hash, the resize counters, the trace) and the one face (dsa_ht_*) that
 * sends each operation to its table; hashtable_chained.c and
 * hashtable_open.c keep the two tables.  This header is the seam between
 * them: the helpers both tables call, and the operations the face sends
 * on.  Internal: no cffi markers, so Python never sees it.  (The layouts
 * and probe loops, which the kernels share too, are in hashtable_core.h.)
 */
#ifndef DSA_HASHTABLE_BASE_H
#define DSA_HASHTABLE_BASE_H

#include <stdlib.h>

#include "hashtable_core.h"

/* ---- helpers both tables call (hashtable.c) ------------------------------ */

/* count * size bytes on a line (huge pages from 2 MiB on); NULL if the size
 * overflows or memory is short. */
void *dsa_ht_lines_alloc(size_t count, size_t size);
/* Start a traced operation: forget the last one's lines. */
void dsa_ht_trace_begin(dsa_trace **trace);
/* A new zeroed table of `size` bytes with its struct dsa_ht filled in. */
void *dsa_ht_table_new(size_t size, size_t capacity, double max_load,
                       int hash_kind, uint64_t seed, int open, int *status);
/* Note what a resize did, and that it changed the table under iterators. */
void dsa_ht_note_resize(struct dsa_ht *b, size_t old_capacity, size_t total,
                        size_t moved, size_t tombstones);
/* Give a copy the original's counts and hash, and a trace of its own. */
int dsa_ht_base_copy(struct dsa_ht *copy, const struct dsa_ht *t);
/* Start a popitem at the first index from `scan` on that `live` accepts. */
int dsa_ht_pop_begin(struct dsa_ht *b,
                     int (*live)(const struct dsa_ht *, size_t), size_t *at);

/* ---- small helpers both tables call ------------------------------------ */

/* Most keys len may reach at capacity c: floor(max_load * c); open
 * addressing also keeps one slot empty. */
static inline size_t limit_at(int open, double max_load, size_t capacity)
{
    double product = max_load * (double)capacity;
    /* (double)SIZE_MAX rounds up to 2^64 (2^32), so `<` keeps the cast safe */
    size_t limit = product < (double)SIZE_MAX ? (size_t)product : SIZE_MAX;
    return open && limit >= capacity ? capacity - 1 : limit;
}

/* Free what both kinds keep, and the table (b is its first member, so it
 * has the table's address). */
static inline void base_free(struct dsa_ht *b)
{
    dsa_trace_free(b->trace);
    free(b);
}

/* A key was stored at index `at` (bucket or slot), or one was removed. */
static inline void note_added(struct dsa_ht *b, size_t at)
{
    b->len++;
    b->mods++;
    if (at < b->scan)
        b->scan = at;
}

static inline void note_removed(struct dsa_ht *b)
{
    b->len--;
    b->mods++;
}

/* What a check reports: the problem and, if there is one, where. */
static inline int check_result(int problem, size_t at, size_t *where)
{
    if (where != NULL)
        *where = problem ? at : 0;
    return problem;
}

/* ---- what the face sends on (hashtable_chained.c, hashtable_open.c) ---- */

/* Both tables have the same operations for the face to send on, each on
 * its own type and under its own prefix (dsa_ch, dsa_oa), so that the face
 * names either by pasting the prefix (ON_TABLE in hashtable.c).  The
 * dictionary ones take what dsa_ht_* (hashtable.h) take; refit rebuilds
 * the table if it no longer fits its maximum load.  Declared once here for
 * both: `type` is the table's type, which is also its prefix. */
#define DSA_HT_TABLE_OPERATIONS(type)                                      \
    int type##_put(type *t, int64_t key, int64_t value, int *added);       \
    int type##_get(type *t, int64_t key, int64_t *value);                  \
    int type##_setdefault(type *t, int64_t key, int64_t dflt,              \
                          int64_t *value);                                 \
    int type##_delete(type *t, int64_t key, int64_t *value);               \
    int type##_popitem(type *t, int64_t *key, int64_t *value);             \
    void type##_clear(type *t);                                            \
    int type##_refit(struct dsa_ht *b);

DSA_HT_TABLE_OPERATIONS(dsa_ch)
DSA_HT_TABLE_OPERATIONS(dsa_oa)

/* Rebuild at `capacity`: chaining rehashes its nodes into new buckets,
 * open addressing reinserts its keys into new slots (dropping tombstones). */
int dsa_ch_rehash(dsa_ch *t, size_t capacity);
int dsa_oa_rebuild(dsa_oa *t, size_t capacity);

#endif /* DSA_HASHTABLE_BASE_H */
