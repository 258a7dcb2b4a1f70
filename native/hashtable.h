/* hashtable.h: two hash tables from int64 keys to int64 values (see
 * hashtable_chained.c and hashtable_open.c for the two layouts, hashtable.c
 * for what a lookup costs in cache lines).
 *
 *   dsa_ch  separate chaining: an array of bucket heads, one linked list of
 *           {key, value, next} nodes per bucket.  The nodes come from
 *           malloc one by one, or from a pool of big contiguous chunks.
 *   dsa_oa  open addressing: one flat array of {key, value} slots, a byte of
 *           state per slot (empty, tombstone, or full with 7 bits of the
 *           key's hash), linear probing.
 *
 * Ownership: dsa_ch_new()/dsa_ch_clone() and dsa_oa_new()/dsa_oa_clone()
 * hand the caller a table that the caller releases with dsa_ch_free() or
 * dsa_oa_free().  The table owns its arrays, its nodes and its trace.
 * Functions that can fail return an enum dsa_status and leave the table as
 * it was; results come back through out pointers.  Nothing here prints,
 * aborts or keeps global state.
 *
 * Both tables keep the capacity a power of two (at least 8) and put a key's
 * home at hash & (capacity - 1).  Neither keeps insertion order: iteration
 * walks the slots (or buckets) in index order, so the order says where each
 * key's hash sent it.
 */
#ifndef DSA_HASHTABLE_H
#define DSA_HASHTABLE_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

/* cffi:begin */
typedef struct dsa_ch dsa_ch;
typedef struct dsa_oa dsa_oa;

enum {
    DSA_HT_MIN_CAPACITY = 8
};

/* How a key becomes a 64-bit hash (chosen when a table is made). */
enum dsa_ht_hash_kind {
    DSA_HT_HASH_KEYED = 0,     /* a seeded multiply-xorshift mix (default) */
    DSA_HT_HASH_IDENTITY = 1,  /* the key's own bits */
    DSA_HT_HASH_CONSTANT = 2   /* 0 for every key: the flooding demo */
};

/* Where a chained table's nodes come from. */
enum dsa_ch_node_source {
    DSA_CH_NODES_MALLOC = 0,   /* one malloc per node: scattered */
    DSA_CH_NODES_POOL = 1      /* handed out in order from big chunks */
};

/* The state byte of an open-addressing slot. */
enum dsa_oa_slot_state {
    DSA_OA_EMPTY = 0,
    DSA_OA_FULL = 1,
    DSA_OA_TOMBSTONE = 2
};

/* What dsa_ch_check() and dsa_oa_check() found (0: all is well). */
enum dsa_ht_check {
    DSA_HT_CHECK_OK = 0,
    DSA_HT_CHECK_CAPACITY = 1,   /* capacity not a power of two >= 8 */
    DSA_HT_CHECK_MISPLACED = 2,  /* a key where its hash and the probe rule
                                    would not put it (at slot/bucket *where) */
    DSA_HT_CHECK_DUPLICATE = 3,  /* a key stored twice (second copy at *where) */
    DSA_HT_CHECK_COUNT = 4,      /* len differs from the keys really there */
    DSA_HT_CHECK_TOMBSTONES = 5, /* tombstone count differs from the slots */
    DSA_HT_CHECK_LOAD = 6,       /* more keys (+ tombstones) than the limit */
    DSA_HT_CHECK_NODES = 7,      /* a chain runs in a loop or out of the
                                    pool, or the pool's counts disagree */
    DSA_HT_CHECK_ROBIN_HOOD = 8  /* Robin Hood: a distance rises by more than
                                    one along a run, or a tombstone */
};

/* The 64-bit hash a table of this kind and seed gives `key`. */
uint64_t dsa_ht_hash(int kind, uint64_t seed, int64_t key);

/* A recount of the table, made by walking all of it (not traced).
 * Probes: for chaining, the nodes whose key is compared; for open
 * addressing, the slots examined, counting the empty one that ends a
 * failed search. */
struct dsa_ht_stats {
    size_t len;
    size_t capacity;
    size_t tombstones;          /* open addressing only */
    size_t empty;               /* empty buckets / empty slots */
    size_t longest;             /* chaining: the longest chain; open
                                   addressing: the most probes any key needs */
    double avg_successful;      /* probes to find a key, averaged over keys */
    double avg_unsuccessful;    /* probes to miss, averaged over home slots */
};

/* The resize counters: how many so far, and what the last one did. */
struct dsa_ht_resize {
    uint64_t count;              /* resizes since the table was made */
    size_t old_capacity;         /* of the last resize; 0 before the first */
    size_t new_capacity;
    size_t keys_total;           /* keys it rehashed: every live key */
    size_t keys_moved;           /* of those, keys whose slot index changed */
    size_t tombstones_cleared;   /* open addressing; 0 for chaining */
};

/* Where the table's memory is, for the cache-line model of the tests. */
struct dsa_ht_layout {
    uintptr_t slots;     /* address of slot 0 (open addressing) or of
                            bucket head 0 (chaining); 0 if none */
    uintptr_t states;    /* address of state byte 0 (open addressing) */
    size_t slot_size;    /* bytes per slot (16) or per bucket head (8) */
    size_t state_size;   /* bytes per state (1); 0 for chaining */
    size_t node_size;    /* bytes per node (24); 0 for open addressing */
};

/* One node of a chained table, as dsa_ch_nodes() reports it. */
struct dsa_ch_entry {
    size_t bucket;
    size_t depth;        /* 0 for the first node of the chain */
    int64_t key;
    int64_t value;
    uintptr_t address;
};

/* --- what both tables do alike ----------------------------------------- */

/* Either table, seen through the part both kinds share: the dictionary
 * operations, the counts, the hash, the resize counters and the trace.
 * dsa_ch_common() / dsa_oa_common() give it; it lives as long as the table
 * and is freed with it. */
typedef struct dsa_ht dsa_ht;

/* Insert or overwrite.  *added (may be NULL) says whether the key was new. */
int dsa_ht_put(dsa_ht *t, int64_t key, int64_t value, int *added);
/* Copy the value of key to *value (may be NULL); DSA_EKEY if absent. */
int dsa_ht_get(dsa_ht *t, int64_t key, int64_t *value);
/* The value of key if present, else insert dflt; *value gets what is there. */
int dsa_ht_setdefault(dsa_ht *t, int64_t key, int64_t dflt, int64_t *value);
/* Remove key, copying its value to *value (may be NULL); DSA_EKEY if absent. */
int dsa_ht_delete(dsa_ht *t, int64_t key, int64_t *value);
/* Remove the first item in bucket (slot) order; DSA_EEMPTY if none. */
int dsa_ht_popitem(dsa_ht *t, int64_t *key, int64_t *value);
/* Remove every item (and tombstone) and go back to 8 buckets or slots
 * (never fails). */
void dsa_ht_clear(dsa_ht *t);
/* Set the maximum load, rebuilding now if the table would pass it (open
 * addressing counts len + tombstones); DSA_EVALUE as in dsa_*_new. */
int dsa_ht_set_max_load(dsa_ht *t, double max_load);
/* Rebuild at `capacity` (rounded up to a power of two >= 8), even the
 * current one (open addressing then drops its tombstones); DSA_EVALUE if the
 * keys would not fit under the maximum load there. */
int dsa_ht_resize(dsa_ht *t, size_t capacity);

size_t dsa_ht_len(const dsa_ht *t);
size_t dsa_ht_capacity(const dsa_ht *t);
double dsa_ht_max_load(const dsa_ht *t);
int dsa_ht_hash_kind(const dsa_ht *t);
uint64_t dsa_ht_hash_of(const dsa_ht *t, int64_t key);
/* Bumped by every insertion of a new key, deletion, clear and resize
 * (not by overwriting a value): an iterator compares it. */
uint64_t dsa_ht_mods(const dsa_ht *t);
void dsa_ht_resizes(const dsa_ht *t, struct dsa_ht_resize *out);

/* Tracing (meaningful only in the traced build).  on != 0 gives the table a
 * trace (DSA_EVALUE in the ordinary build), 0 drops it.  While on, each of
 * put, get, setdefault, delete, popitem, clear, set_max_load and resize
 * first forgets the previous operation, then records the 64-byte lines of
 * the table's arrays and nodes that it touches (see hashtable.c for exactly
 * which; the header struct is not counted).  The looking functions (len,
 * items, stats, check, ...) are not traced. */
int dsa_ht_set_tracing(dsa_ht *t, int on);
size_t dsa_ht_last_lines(const dsa_ht *t);
int dsa_ht_trace_overflowed(const dsa_ht *t);

/* --- separate chaining --------------------------------------------------- */

/* A new empty table with room for `capacity` buckets (rounded up to a power
 * of two >= 8).  DSA_EVALUE unless max_load is finite and > 0, the hash kind
 * and the node source are known. */
int dsa_ch_new(size_t capacity, double max_load, int hash_kind, uint64_t seed,
               int node_source, dsa_ch **out);
/* An independent copy: same capacity, buckets, chain order, seed, counters. */
int dsa_ch_clone(const dsa_ch *t, dsa_ch **out);
void dsa_ch_free(dsa_ch *t);
dsa_ht *dsa_ch_common(dsa_ch *t);

int dsa_ch_node_source(const dsa_ch *t);
/* The bucket holding key and its depth in the chain; DSA_EKEY if absent. */
int dsa_ch_slot_of(const dsa_ch *t, int64_t key, size_t *bucket,
                   size_t *depth);
/* Up to `max` items from position (*bucket, *depth) on, in bucket order then
 * chain order; the position moves past them.  *count 0 means the end. */
int dsa_ch_items(const dsa_ch *t, size_t *bucket, size_t *depth,
                 int64_t *keys, int64_t *values, size_t max, size_t *count);
/* Every node, in bucket order then chain order; n must equal the length. */
int dsa_ch_nodes(const dsa_ch *t, struct dsa_ch_entry *out, size_t n);
/* Recount; hist[L] (L < hist_len) gets the number of chains of length L. */
int dsa_ch_stats(const dsa_ch *t, struct dsa_ht_stats *out, uint64_t *hist,
                 size_t hist_len);
/* One of enum dsa_ht_check; *where (may be NULL) says where it was seen. */
int dsa_ch_check(const dsa_ch *t, size_t *where);
void dsa_ch_layout(const dsa_ch *t, struct dsa_ht_layout *out);
/* Pool only: chunks held, nodes they hold, nodes on the free list. */
void dsa_ch_pool_info(const dsa_ch *t, size_t *chunks, size_t *nodes,
                      size_t *free_nodes);

/* --- open addressing ---------------------------------------------------- */

/* As dsa_ch_new, but max_load must lie strictly between 0 and 1. */
int dsa_oa_new(size_t capacity, double max_load, int hash_kind, uint64_t seed,
               dsa_oa **out);
int dsa_oa_clone(const dsa_oa *t, dsa_oa **out);
void dsa_oa_free(dsa_oa *t);
dsa_ht *dsa_oa_common(dsa_oa *t);

size_t dsa_oa_tombstones(const dsa_oa *t);
/* Robin Hood placement, early-stopping lookups and backward-shift deletion
 * (no tombstones) on, or off.  Only while the table is empty and has no
 * tombstones: DSA_EVALUE otherwise. */
int dsa_oa_set_robin_hood(dsa_oa *t, int on);
int dsa_oa_robin_hood(const dsa_oa *t);
/* The slot holding key; DSA_EKEY if absent. */
int dsa_oa_slot_of(const dsa_oa *t, int64_t key, size_t *slot);
/* Up to `max` items from slot *cursor on, in slot order; *cursor moves past
 * them.  *count 0 means the end. */
int dsa_oa_items(const dsa_oa *t, size_t *cursor, int64_t *keys,
                 int64_t *values, size_t max, size_t *count);
/* A copy of every slot: its state, and the key and value it holds (what a
 * tombstone or an empty slot holds is meaningless).  n must equal the
 * capacity. */
int dsa_oa_slots(const dsa_oa *t, uint8_t *states, int64_t *keys,
                 int64_t *values, size_t n);
/* Replace the contents with a snapshot in dsa_oa_slots()'s form, slot for
 * slot (tombstones too), so that the slot order is the snapshot's.  n must
 * equal the capacity.  DSA_EVALUE, and the table left empty, unless the
 * snapshot is a valid table at this capacity, hash and maximum load (every
 * key reachable from its home, none twice, within the load limit; for a
 * Robin Hood table also no tombstone and its invariant). */
int dsa_oa_restore(dsa_oa *t, const uint8_t *states, const int64_t *keys,
                   const int64_t *values, size_t n);
/* Recount; hist[p] (p < hist_len) gets the number of keys found after
 * exactly p probes (hist[0] is 0). */
int dsa_oa_stats(const dsa_oa *t, struct dsa_ht_stats *out, uint64_t *hist,
                 size_t hist_len);
int dsa_oa_check(const dsa_oa *t, size_t *where);
void dsa_oa_layout(const dsa_oa *t, struct dsa_ht_layout *out);
/* cffi:end */

#endif /* DSA_HASHTABLE_H */
