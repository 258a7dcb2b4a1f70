/* hashtable_kernels.h: the two hash tables timed inside C
 * (hashtable_kernels.c).
 *
 * Each kernel makes its keys with dsa_splitmix64 from `seed` before the
 * clock starts, times only the table work (CLOCK_MONOTONIC nanoseconds),
 * and checks its own result (ok = 1).  The keyed hash's secret is also
 * drawn from `seed`, from a separate stream.
 */
#ifndef DSA_HASHTABLE_KERNELS_H
#define DSA_HASHTABLE_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

/* cffi:begin */
enum dsa_ht_table_kind {
    DSA_HT_CHAINED = 0,
    DSA_HT_OPEN = 1
};

/* Insert n random keys into an empty table (capacity 8, default maximum
 * load, growing as it goes); look every key up once in shuffled order; look
 * up n keys that are absent; delete every key in another shuffled order. */
struct dsa_ht_ops_result {
    int64_t insert_ns;     /* all n insertions, resizes included */
    int64_t hit_ns;        /* all n successful lookups */
    int64_t miss_ns;       /* all n failed lookups */
    int64_t delete_ns;     /* all n deletions */
    uint64_t resizes;      /* resizes during the insertions */
    size_t capacity;       /* capacity after the insertions */
    int ok;                /* every lookup and deletion gave what it should */
};
int dsa_ht_kernel_ops(int table, size_t n, int hash_kind, int node_source,
                      uint64_t seed, struct dsa_ht_ops_result *out);

/* A table of fixed `capacity`, filled untimed with floor(load * capacity)
 * random keys (its maximum load set just above `load`, so it never
 * resizes); then `lookups` successful lookups of random present keys and
 * `lookups` failed ones.  In the traced build the lookups are also replayed
 * with the trace on and the lines each touched are added up. */
struct dsa_ht_load_result {
    size_t keys;           /* floor(load * capacity) */
    int64_t hit_ns;        /* all `lookups` successful lookups */
    int64_t miss_ns;       /* all `lookups` failed lookups */
    uint64_t hit_lines;    /* traced build: total over the successful ones */
    uint64_t miss_lines;   /* traced build: total over the failed ones */
    int traced;            /* 1 if the two line totals were counted */
    size_t longest;        /* as in struct dsa_ht_stats */
    double avg_successful;
    double avg_unsuccessful;
    int ok;
};
int dsa_ht_kernel_load(int table, size_t capacity, double load,
                       size_t lookups, int hash_kind, int node_source,
                       uint64_t seed, struct dsa_ht_load_result *out);

/* Key patterns for the flooding kernel. */
enum dsa_ht_key_pattern {
    DSA_HT_KEYS_RANDOM = 0,    /* splitmix64 outputs */
    DSA_HT_KEYS_STRIDE = 1     /* 0, stride, 2*stride, ... */
};

/* Insert n keys of the given pattern (default capacity and maximum load,
 * growing as it goes), then look each up once, in shuffled order, `rounds`
 * times over. */
struct dsa_ht_flood_result {
    int64_t insert_ns;     /* all n insertions */
    int64_t lookup_ns;     /* all n * rounds lookups */
    size_t longest;        /* as in struct dsa_ht_stats */
    double avg_successful;
    size_t capacity;
    int ok;
};
int dsa_ht_kernel_flood(int table, size_t n, int hash_kind, int pattern,
                        uint64_t stride, size_t rounds, int node_source,
                        uint64_t seed, struct dsa_ht_flood_result *out);
/* cffi:end */

#endif /* DSA_HASHTABLE_KERNELS_H */
